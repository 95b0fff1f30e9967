import Foundation
import TestScratch
import Testing

@testable import FileFormats

/// Files appear under their final name whole, or not at all; failures are errors, not traps.
@Suite struct AtomicFileWriterTests {
  @Test func smallAndLargeWritesArriveInOrder() throws {
    let dir = scratch()
    let path = dir.appendingPathComponent("out.csv").path
    let writer = try AtomicFileWriter(path: path)
    var expected: [UInt8] = []
    // Small pieces (buffered) between blocks large enough to go straight to the file.
    for k in 0..<40 {
      let piece: [UInt8] =
        k % 3 == 0
        ? Array(repeating: UInt8(65 + k % 26), count: AtomicFileWriter.directLimit + k)
        : Array("row \(k)\n".utf8)
      expected += piece
      writer.write(piece)
    }
    writer.write("tail\n")
    expected += Array("tail\n".utf8)
    #expect(!FileManager.default.fileExists(atPath: path))
    try writer.commit()
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(expected))
    // No temporary file is left beside it.
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["out.csv"])
  }

  @Test func aFileThatCannotBePutInPlaceIsAnErrorAndLeavesNothing() throws {
    let dir = scratch()
    let blocked = dir.appendingPathComponent("blocked")
    try FileManager.default.createDirectory(
      at: blocked.appendingPathComponent("inside"), withIntermediateDirectories: true)
    let writer = try AtomicFileWriter(path: blocked.path)
    writer.write("data\n")
    let error = #expect(throws: UserError.self) { try writer.commit() }
    #expect(error?.message.hasPrefix("cannot write \(blocked.path): ") == true)
    #expect(FileManager.default.fileExists(atPath: blocked.appendingPathComponent("inside").path))
    // A second commit is refused, not a second close of the descriptor.
    #expect(throws: UserError.self) { try writer.commit() }
  }

  @Test func anUncommittedWriterLeavesNoFile() throws {
    let dir = scratch()
    do {
      let writer = try AtomicFileWriter(path: dir.appendingPathComponent("never.csv").path)
      writer.write("half a row")
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
  }
}

/// Files committed in the background (``DeferredCommits``) are whole and in place once
/// ``DeferredCommits/wait()`` returns; a failure is reported there, and the files queued
/// after it are dropped, leaving neither a final nor a temporary file.
@Suite struct DeferredCommitsTests {
  @Test func filesAreWholeAndInPlaceAfterTheWait() throws {
    let dir = scratch()
    let commits = DeferredCommits()
    var expected: [String: String] = [:]
    for k in 0..<20 {
      let path = dir.appendingPathComponent("f\(k).csv").path
      let writer = try AtomicFileWriter(path: path)
      // From one row to tens of thousands (past the writer's buffer).
      let text = String(repeating: "row \(k)\n", count: 3000 * k + 1)
      writer.write(text)
      expected[path] = text
      commits.commit([try writer.finish()])
    }
    try commits.wait()
    for (path, text) in expected {
      #expect(try String(contentsOfFile: path, encoding: .utf8) == text)
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).count == 20)
  }

  @Test func afterAFailureTheFilesQueuedLaterAreDropped() throws {
    let dir = scratch()
    // A folder in the way of the second file's name: its rename fails.
    let blocked = dir.appendingPathComponent("b.csv")
    try FileManager.default.createDirectory(
      at: blocked.appendingPathComponent("inside"), withIntermediateDirectories: true)
    func finished(_ name: String) throws -> AtomicFileWriter.Finished {
      let writer = try AtomicFileWriter(path: dir.appendingPathComponent(name).path)
      writer.write("\(name)\n")
      return try writer.finish()
    }
    let commits = DeferredCommits()
    commits.commit([try finished("a.csv"), try finished("b.csv"), try finished("c.csv")])
    commits.commit([try finished("d.csv")])
    let error = #expect(throws: UserError.self) { try commits.wait() }
    #expect(error?.message.hasPrefix("cannot write \(blocked.path): ") == true)
    // The first file went in before the failure; the rest left nothing behind.
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["a.csv", "b.csv"])
    #expect(
      try String(contentsOfFile: dir.appendingPathComponent("a.csv").path, encoding: .utf8) == "a.csv\n")
  }
}
