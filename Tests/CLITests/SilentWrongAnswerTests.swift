import Foundation
import TestScratch
import Testing

/// What once gave a plausible answer, or a misleading message, now says what is wrong in
/// one line with exit code 2 (or, for a run that will do nothing, a warning first).
@Suite struct SilentWrongAnswerTests {
  var repoRoot: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
  }

  func expectOneLine(_ outcome: BGSimBinary.Outcome, contains text: String) {
    #expect(outcome.status == 2, "\(outcome.standardOutput)")
    let lines = outcome.standardError.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 2 && lines[1].isEmpty, "\(outcome.standardError)")
    #expect(outcome.standardError.contains(text), "\(outcome.standardError)")
  }

  /// It answered `0 decisions, 0 launches … never ran` and exit 0.
  @Test func aMistypedTaskInExplainNamesTheNearestTask() throws {
    let outcome = try BGSimBinary.run(
      ["explain", "experiments/scenarios/night-charger.yaml", "--task", "com.example.nope"], in: repoRoot)
    expectOneLine(outcome, contains: "--task 'com.example.nope' is no task of this app")
    #expect(outcome.standardOutput.isEmpty)
    let near = try BGSimBinary.run(
      ["explain", "experiments/refresh-vs-processing.yaml", "--task", "com.example.synk", "--days", "2"],
      in: repoRoot)
    expectOneLine(near, contains: "did you mean 'com.example.sync'?")
  }

  /// It printed `launches_per_device_day 0.00` and exit 0 without a word; then, warned, exit 0.
  @Test func aRunThatCannotLaunchSaysSoBeforeItRuns() throws {
    let dir = scratchFolder("warn")
    let file = dir.appendingPathComponent("nofetch.yaml")
    try """
    name: nofetch
    days: 2
    devices: 2
    app:
      background_modes: [processing]
      permitted_identifiers: [t.refresh]
    arms:
      refresh:
        tasks:
          - {identifier: t.refresh, type: refresh, earliest_begin: 15m, submit: [on_launch, on_completion]}
    """.write(to: file, atomically: true, encoding: .utf8)
    let outcome = try BGSimBinary.run(
      ["run", file.path, "--quiet", "--out", dir.appendingPathComponent("out").path], in: repoRoot)
    // No claim to fail, and warned: exit 4, never 0.
    #expect(outcome.status == 4, "\(outcome.standardError)")
    let warnings = outcome.standardError.split(separator: "\n").filter { $0.contains("warning:") }
    #expect(warnings.contains { $0.contains("arm refresh") }, "\(outcome.standardError)")
  }

  /// A timeline that plugged the phones in one night only turned every phone off from
  /// day 3 or 4 on: 0 opens, 0 launches, and the summary went on as if they were owners
  /// who got nothing. Now the run warns (exit 4) and `days.csv` says how long each was off.
  @Test func phonesOffWholeDaysAreWarnedAbout() throws {
    let dir = scratchFolder("dead")
    let file = dir.appendingPathComponent("onenight.yaml")
    try """
    name: onenight
    days: 6
    devices: 20
    warmup_days: 1
    timeline:
      - [22:30, plug]
      - [d1 07:15, unplug]
    app:
      background_modes: [fetch]
      permitted_identifiers: [t.refresh]
    arms:
      refresh:
        tasks:
          - {identifier: t.refresh, type: refresh, earliest_begin: 15m, submit: [on_launch, on_completion]}
    """.write(to: file, atomically: true, encoding: .utf8)
    let out = dir.appendingPathComponent("out").path
    let outcome = try BGSimBinary.run(["run", file.path, "--quiet", "--out", out], in: repoRoot)
    #expect(outcome.status == 4, "\(outcome.standardError)")
    let days = try String(contentsOfFile: out + "/days.csv", encoding: .utf8).split(separator: "\n")
      .dropFirst()
    let off = days.filter { $0.split(separator: ",").last.flatMap { Double($0) } ?? 0 >= 86_400 }.count
    #expect(off > 0)
    let line = outcome.standardError.split(separator: "\n").filter {
      $0.contains("off from midnight to midnight")
    }
    #expect(line.count == 1)
    #expect(line.first?.contains("on \(off) of \(days.count) owner-days") == true, "\(line)")
  }

  /// It said `Missing value for '--devices <devices>'`.
  @Test(arguments: [["run", "--devices", "-1"], ["run", "--days=-3"], ["trace", "--devices", "-2"]])
  func aNegativeCountSaysItIsNegative(arguments: [String]) throws {
    let outcome = try BGSimBinary.run(arguments, in: repoRoot)
    expectOneLine(outcome, contains: "is negative")
  }

  /// A path holding a newline was printed on two lines.
  @Test func controlCharactersInAPathAreEscaped() throws {
    let outcome = try BGSimBinary.run(["run", "no\nsuch\u{1B}[31m.yaml"], in: repoRoot)
    expectOneLine(outcome, contains: "no\\nsuch\\u{1B}[31m.yaml: no such file")
  }

  /// A well-formed `days.csv` row whose `cell` has 26 digits trapped the report
  /// (arithmetic overflow in the CSV reader).
  @Test func aHugeCellInAnOutputFolderDoesNotTrapTheReport() throws {
    let dir = scratchFolder("huge-cell")
    let out = dir.appendingPathComponent("out")
    let run = try BGSimBinary.run(
      ["run", "--days", "2", "--warmup-days", "1", "--devices", "2", "--quiet", "--out", out.path],
      in: repoRoot)
    // 0, or 1 or 3 when a claim fails or stays undecided on so short a run.
    #expect([0, 1, 3, 4].contains(run.status), "\(run.standardError)")
    let days = out.appendingPathComponent("days.csv")
    var lines = try String(contentsOf: days, encoding: .utf8).split(separator: "\n").map(String.init)
    lines[1] = "99999999999999999999999999" + lines[1].drop { $0 != "," }
    try (lines.joined(separator: "\n") + "\n").write(to: days, atomically: true, encoding: .utf8)
    let report = try BGSimBinary.run(["report", out.path], in: repoRoot)
    #expect([0, 2].contains(report.status), "\(report.standardError)")
    #expect(report.standardError.split(separator: "\n").count <= 1)
  }

  /// An AWARE row whose time is `nan` trapped (`Double value cannot be converted to Int`).
  @Test func aTimeThatIsNotANumberInAnAwareFileIsOneLine() throws {
    let dir = scratchFolder("aware-nan")
    let battery = dir.appendingPathComponent("b.csv")
    let screen = dir.appendingPathComponent("s.csv")
    try
      "time,battery_level,battery_status,battery_health,battery_adaptor\nnan,90,5,2,0\n1488319824,80,5,2,2\n"
      .write(to: battery, atomically: true, encoding: .utf8)
    try "time,screen_status\n1488316000,1\n1488316100,0\n".write(
      to: screen, atomically: true, encoding: .utf8)
    let outcome = try BGSimBinary.run(
      [
        "convert-aware", "--battery", battery.path, "--screen", screen.path, "--out",
        dir.appendingPathComponent("t.csv").path,
      ], in: repoRoot)
    expectOneLine(outcome, contains: "b.csv:2: time: must be Unix seconds")
  }

  /// `git_commit` was `unknown` whenever the binary ran outside its checkout: it is now
  /// recorded when the binary is built.
  @Test func theManifestNamesTheBuildsCommitWhereverTheBinaryRuns() throws {
    let git = Process()
    git.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    git.arguments = ["git", "-C", repoRoot.path, "rev-parse", "HEAD"]
    let pipe = Pipe()
    git.standardOutput = pipe
    try git.run()
    let head = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      .trimmingCharacters(in: .whitespacesAndNewlines)
    git.waitUntilExit()
    try #require(git.terminationStatus == 0 && head.count == 40, "not a git checkout")
    // Run from a folder outside the checkout.
    let dir = scratchFolder("provenance")
    let outcome = try BGSimBinary.run(
      ["run", "--days", "1", "--warmup-days", "0", "--devices", "1", "--quiet", "--out", "out"], in: dir)
    #expect([0, 1, 3, 4].contains(outcome.status), "\(outcome.standardError)")
    let data = try Data(contentsOf: dir.appendingPathComponent("out/manifest.json"))
    let manifest = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    // The test build is made from the working tree: its commit is HEAD's.
    #expect(manifest["git_commit"] as? String == head)
    #expect(manifest["git_dirty"] is Bool)
  }
}

extension SilentWrongAnswerTests {
  /// `advise` ran with too few owners without a word, and answered with exit 0.
  @Test func adviceFromTooFewOwnersWarnsAndDoesNotExitZero() throws {
    let out = scratchFolder("advise-warn")
    let outcome = try BGSimBinary.run(
      [
        "advise", "experiments/nightly-sync-advise.yaml", "--goal", "launches_per_device_day >= 0.01",
        "--devices", "8", "--days", "6", "--warmup-days", "1", "--quiet", "--out", out.path,
      ], in: repoRoot)
    #expect(outcome.standardError.contains("warning: each arm has 8 owners"), "\(outcome.standardError)")
    #expect(outcome.standardOutput.contains("cheapest meeting"), "\(outcome.standardOutput)")
    #expect(outcome.status == 4, "\(outcome.standardError)")
  }
}
