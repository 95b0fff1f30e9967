import Foundation
import TestScratch
import Testing

/// A file saved with a UTF-8 byte-order mark (Windows editors, spreadsheet exports) was
/// refused with a message about something else: an experiment with "malformed YAML: did
/// not find expected <document start>" on line 2, an AWARE table with "time: missing
/// column" under a header that has it. The mark is no part of the content: such files
/// now read as the same files without it.
extension SilentWrongAnswerTests {
  static let byteOrderMark = Data([0xEF, 0xBB, 0xBF])

  /// Writes `text` twice into `dir`: as `name` and, after a byte-order mark, as `bom-name`.
  func writeWithAndWithoutMark(_ text: String, _ name: String, in dir: URL) throws -> (
    plain: URL, marked: URL
  ) {
    let plain = dir.appendingPathComponent(name)
    let marked = dir.appendingPathComponent("bom-" + name)
    try Data(text.utf8).write(to: plain)
    try (Self.byteOrderMark + Data(text.utf8)).write(to: marked)
    return (plain, marked)
  }

  @Test func anExperimentWithAByteOrderMarkReadsAsWithout() throws {
    let dir = scratchFolder("bom-yaml")
    let files = try writeWithAndWithoutMark(
      """
      name: bom
      days: 3
      devices: 2
      app: {background_modes: [fetch], permitted_identifiers: [t]}
      arms:
        a:
          tasks: [{identifier: t, type: refresh, earliest_begin: 15m, submit: [on_launch]}]

      """, "e.yaml", in: dir)
    let plain = try BGSimBinary.run(["validate", files.plain.path], in: repoRoot)
    let marked = try BGSimBinary.run(["validate", files.marked.path], in: repoRoot)
    #expect(plain.status == 0 && marked.status == 0, "\(marked.standardError)")
    #expect(
      marked.standardOutput == plain.standardOutput.replacingOccurrences(of: "e.yaml", with: "bom-e.yaml"),
      "\(marked.standardOutput)")
    // The mark does not hide a real error, nor move its line.
    let broken = try writeWithAndWithoutMark("name: bom\ndays: 3\ndayz: 4\n", "broken.yaml", in: dir)
    expectOneLine(
      try BGSimBinary.run(["validate", broken.marked.path], in: repoRoot),
      contains: "bom-broken.yaml:3: dayz: unknown key 'dayz'")
  }

  @Test func awareTablesWithAByteOrderMarkConvertAsWithout() throws {
    let dir = scratchFolder("bom-aware")
    let battery = try writeWithAndWithoutMark(
      "time,battery_level,battery_status,battery_health,battery_adaptor\n"
        + "1488316000,90,3,2,0\n1488319824,80,2,2,2\n1488330000,95,5,2,2\n", "b.csv", in: dir)
    let screen = try writeWithAndWithoutMark(
      "time,screen_status\n1488316000,1\n1488316100,0\n1488320000,3\n1488320300,0\n", "s.csv", in: dir)
    var traces: [Data] = []
    for (b, s) in [(battery.plain, screen.plain), (battery.marked, screen.marked)] {
      let out = dir.appendingPathComponent("t\(traces.count).csv")
      let outcome = try BGSimBinary.run(
        ["convert-aware", "--battery", b.path, "--screen", s.path, "--out", out.path], in: repoRoot)
      #expect(outcome.status == 0, "\(outcome.standardError)")
      traces.append(try Data(contentsOf: out))
    }
    #expect(traces[0] == traces[1] && !traces[0].isEmpty)
  }
}
