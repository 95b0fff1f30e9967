import FileFormats
import Foundation
import TestScratch
import Testing

/// A refused command leaves no folder it made, and never removes work `--resume` keeps.
@Suite struct OutputFolderTests {
  func made() throws -> String {
    let directory = scratch().appendingPathComponent("out").path
    try OutputFolder.prepare(directory: directory)
    let parts = (directory as NSString).appendingPathComponent(".parts")
    try FileManager.default.createDirectory(atPath: parts, withIntermediateDirectories: true)
    try Data("f".utf8).write(
      to: URL(fileURLWithPath: (parts as NSString).appendingPathComponent("fingerprint")))
    try Data().write(to: URL(fileURLWithPath: (directory as NSString).appendingPathComponent(".bgsim.lock")))
    return directory
  }

  @Test func aFolderThisCommandMadeWithNoWorkIsRemoved() throws {
    let directory = try made()
    OutputFolder.removeIfUnused(directory: directory, existedBefore: false)
    #expect(!FileManager.default.fileExists(atPath: directory))
  }

  @Test func aFolderWithAFinishedChunkOrThatExistedIsKept() throws {
    let withChunk = try made()
    let chunk = ((withChunk as NSString).appendingPathComponent(".parts") as NSString)
      .appendingPathComponent("chunk-000000.seal")
    try Data().write(to: URL(fileURLWithPath: chunk))
    OutputFolder.removeIfUnused(directory: withChunk, existedBefore: false)
    #expect(FileManager.default.fileExists(atPath: chunk))
    let existing = try made()
    OutputFolder.removeIfUnused(directory: existing, existedBefore: true)
    #expect(FileManager.default.fileExists(atPath: existing))
  }
}
