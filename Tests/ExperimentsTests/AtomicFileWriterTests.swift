import Foundation
import Testing

@testable import Experiments

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
