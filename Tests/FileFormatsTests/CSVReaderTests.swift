import Foundation
import TestScratch
import Testing

@testable import FileFormats

@Suite struct CSVReaderTests {
  /// Rows of every shape the reader must split: separators right at and across its
  /// eight-byte steps, quoted fields holding commas, quotes and newlines, bytes above
  /// 0x7F, empty fields, a row wider than its first field table, a short row, and a
  /// last row without a newline. Each is checked against a plain byte-by-byte split.
  @Test func fieldsMatchAPlainSplitter() throws {
    var rows: [[String]] = [
      ["h1", "h2"],
      ["a", "bb", "ccc", "dddd", "eeeee", "ffffff", "ggggggg", "hhhhhhhh", "iiiiiiiii"],
      ["", "", ""],
      ["\"x,y\"", "\"say \"\"hi\"\"\"", "\"two\nlines\"", "plain"],
      ["naïve café", "日本", "-12.5", "2026-01-05T07:34:27"],
      (0..<70).map { "f\($0)" },
      ["short"],
    ]
    var state: UInt64 = 9
    for _ in 0..<200 {
      let n = 1 + Int(state % 12)
      rows.append(
        (0..<n).map { _ in
          state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
          return String(repeating: "7", count: Int(state >> 60))
        })
    }
    let text = rows.map { $0.joined(separator: ",") }.joined(separator: "\n")  // no final newline
    let path = scratch().appendingPathComponent("r.csv").path
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    var reader = try CSVReader(path: path, header: false)
    var read: [[String]] = []
    while reader.next() { read.append((0..<reader.fieldCount).map { reader.text($0) }) }
    func unquoted(_ raw: String) -> String {
      guard raw.count >= 2, raw.hasPrefix("\""), raw.hasSuffix("\"") else { return raw }
      return String(raw.dropFirst().dropLast()).replacingOccurrences(of: "\"\"", with: "\"")
    }
    #expect(read == rows.map { $0.map(unquoted) })
    // Fields a row lacks read as empty, not as a trap.
    var short = try CSVReader(path: path, header: false)
    for _ in 0..<7 { _ = short.next() }
    #expect(short.isEmpty(3) && short.text(3) == "" && short.double(3) == nil && short.milliseconds(5) == nil)
  }
}
