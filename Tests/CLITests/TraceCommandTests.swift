import Foundation
import TestScratch
import Testing

@Suite struct TraceCommandTests {
  func scratch() -> URL {
    scratchFolder("cli")
  }

  var repoRoot: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
  }

  @Test func traceWritesTheEventsFileAndADayTable() throws {
    let out = scratch().appendingPathComponent("run")
    let outcome = try BGSimBinary.run(
      ["trace", "--persona", "typical", "--days", "3", "--seed", "42", "--out", out.path], in: repoRoot)
    #expect(outcome.status == 0, "\(outcome.standardError)")
    let csv = try String(contentsOf: out.appendingPathComponent("device_events.csv"), encoding: .utf8)
    let lines = csv.split(separator: "\n")
    #expect(lines.first == "device,time,time_iso,event,value,battery_pct")
    #expect(lines.count > 100)
    #expect(
      lines.dropFirst().allSatisfy { $0.split(separator: ",", omittingEmptySubsequences: false).count == 6 })
    #expect(outcome.standardOutput.contains("unlocks"))
    #expect(outcome.standardOutput.contains("2026-01-07"))
    #expect(outcome.standardOutput.contains("kernel events per device-day"))
    // The same seed gives the same bytes.
    let again = scratch().appendingPathComponent("run")
    _ = try BGSimBinary.run(["trace", "--days", "3", "--seed", "42", "--out", again.path], in: repoRoot)
    #expect(try Data(contentsOf: again.appendingPathComponent("device_events.csv")) == Data(csv.utf8))
  }

  @Test func aBadPersonaFileExitsWithTwoAndWritesNothing() throws {
    let dir = scratch()
    let persona = dir.appendingPathComponent("p.yaml")
    try "usage:\n  unlocks_per_dya: 3\n".write(to: persona, atomically: true, encoding: .utf8)
    let out = dir.appendingPathComponent("out")
    let outcome = try BGSimBinary.run(["trace", "--persona", persona.path, "--out", out.path])
    #expect(outcome.status == 2)
    #expect(
      outcome.standardError
        == "bgsim: \(persona.path):2: usage.unlocks_per_dya: unknown key 'unlocks_per_dya'; did you mean 'unlocks_per_day'?\n"
    )
    #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("device_events.csv").path))
  }

  @Test func anUnknownPersonaNameSuggestsTheNearest() throws {
    let outcome = try BGSimBinary.run(
      ["trace", "--persona", "typcal", "--out", scratch().path], in: repoRoot)
    #expect(outcome.status == 2)
    #expect(outcome.standardError.contains("unknown persona 'typcal'; did you mean 'typical'?"))
  }

  @Test func anUnwritableOutputFolderExitsWithTwo() throws {
    let dir = scratch()
    let file = dir.appendingPathComponent("a-file")
    try "x".write(to: file, atomically: true, encoding: .utf8)
    let outcome = try BGSimBinary.run(["trace", "--out", file.path], in: repoRoot)
    #expect(outcome.status == 2)
    #expect(outcome.standardError.contains("is a file, not a folder"))
    #expect(outcome.standardError.split(separator: "\n").count == 1)
  }

  @Test(arguments: [["--days", "0"], ["--days", "100000000"], ["--devices", "100000", "--days", "3650"]])
  func outOfRangeDaysExitWithTwo(arguments: [String]) throws {
    let outcome = try BGSimBinary.run(["trace"] + arguments + ["--out", scratch().path], in: repoRoot)
    #expect(outcome.status == 2)
    #expect(outcome.standardError.contains("must be"))
    #expect(outcome.standardError.split(separator: "\n").count == 1)
  }

  @Test func aTimelineDrivesTheScriptedParts() throws {
    let dir = scratch()
    let timeline = dir.appendingPathComponent("day.csv")
    try "time,event,value\n20:40,plug,\nd1 08:30,unplug,\n".write(
      to: timeline, atomically: true, encoding: .utf8)
    let out = dir.appendingPathComponent("out")
    let outcome = try BGSimBinary.run(
      ["trace", "--days", "2", "--timeline", timeline.path, "--out", out.path], in: repoRoot)
    #expect(outcome.status == 0, "\(outcome.standardError)")
    let csv = try String(contentsOf: out.appendingPathComponent("device_events.csv"), encoding: .utf8)
    let plugs = csv.split(separator: "\n").filter { $0.contains(",plugged,") || $0.contains(",unplugged,") }
    #expect(plugs.count == 2)
    #expect(plugs[0].hasPrefix("0,74400.000,2026-01-05T20:40:00,plugged,scripted,"))
    #expect(plugs[1].hasPrefix("0,117000.000,2026-01-06T08:30:00,unplugged,"))
  }
}
