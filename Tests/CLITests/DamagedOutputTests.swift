import Foundation
import TestScratch
import Testing

/// A damaged output file is refused by `report` and `summarize` in one line naming the
/// file and line (exit 2), never read into a plausible figure: a row cut short, a word
/// where a number belongs, a row with a field too few, garbage bytes appended, a manifest
/// that is not JSON, a figure changed in a well-formed file (its checksum in the manifest).
@Suite(.serialized) struct DamagedOutputTests {
  /// One small run, copied for each damage.
  static let run: URL = {
    let out = scratch().appendingPathComponent("run")
    _ = try? BGSimBinary.run([
      "run", "--days", "3", "--warmup-days", "1", "--devices", "12", "--out", out.path, "--quiet",
    ])
    return out
  }()

  static func damaged(_ file: String, _ change: (Data) -> Data) throws -> URL {
    let copy = scratch().appendingPathComponent("damaged")
    try FileManager.default.copyItem(at: run, to: copy)
    try? FileManager.default.removeItem(at: copy.appendingPathComponent("report.html"))
    let path = copy.appendingPathComponent(file)
    try change(try Data(contentsOf: path)).write(to: path)
    return copy
  }

  static func lines(_ data: Data) -> [String] {
    String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(
      String.init)
  }

  static let cases: [(name: String, file: String, message: String, change: @Sendable (Data) -> Data)] = [
    ("cut mid-row", "days.csv", "days.csv line", { $0.prefix($0.count / 2) }),
    (
      "a word for a number", "summary.csv", "summary.csv line 2: field 8 is 'abc' where a number belongs",
      { data in
        var rows = lines(data)
        var fields = rows[1].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        fields[7] = "abc"
        rows[1] = fields.joined(separator: ",")
        return Data(rows.joined(separator: "\n").utf8)
      }
    ),
    (
      "a field too few", "launches.csv", "launches.csv line 3: 23 fields where the header has 24",
      { data in
        var rows = lines(data)
        rows[2] = String(rows[2][..<rows[2].lastIndex(of: ",")!])
        return Data(rows.joined(separator: "\n").utf8)
      }
    ),
    (
      "garbage appended", "timelines.csv", "timelines.csv line",
      { $0 + Data([0x00, 0xFF, 0x41, 0x0A, 0x1B, 0x0A]) }
    ),
    (
      "a manifest of {", "manifest.json", "manifest.json: not the JSON of a bgsim run's manifest",
      { _ in Data("{".utf8) }
    ),
    (
      // Still a well-formed file: only the checksum the manifest recorded tells.
      "a figure changed", "days.csv",
      "days.csv: not the bytes the run wrote (its checksum in manifest.json differs)",
      { data in
        var rows = lines(data)
        var fields = rows[1].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        let energy = rows[0].split(separator: ",").firstIndex(of: "energy_mwh")!
        fields[energy] = fields[energy] == "1.00" ? "2.00" : "1.00"
        rows[1] = fields.joined(separator: ",")
        return Data(rows.joined(separator: "\n").utf8)
      }
    ),
  ]

  @Test func theRunIsReadWhole() throws {
    for command in ["report", "summarize"] {
      let outcome = try BGSimBinary.run([command, Self.run.path])
      #expect(outcome.status == 0, "\(command): \(outcome.standardError)")
    }
  }

  @Test(arguments: 0..<6)
  func aDamagedFileIsRefusedInOneLine(_ index: Int) throws {
    let damage = Self.cases[index]
    let folder = try Self.damaged(damage.file, damage.change)
    for command in ["report", "summarize"] {
      let outcome = try BGSimBinary.run([command, folder.path])
      #expect(outcome.status == 2, "\(damage.name), \(command): \(outcome.standardOutput)")
      let said = outcome.standardError.split(separator: "\n")
      #expect(said.count == 1 && said[0].contains(damage.message), "\(damage.name), \(command): \(said)")
      #expect(outcome.standardOutput.isEmpty, "\(damage.name), \(command)")
    }
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("report.html").path))
  }
}
