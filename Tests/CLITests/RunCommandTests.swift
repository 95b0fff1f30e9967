import Foundation
import TestScratch
import Testing

@Suite struct RunCommandTests {
  func scratch() -> URL {
    scratchFolder("run")
  }

  var repoRoot: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
  }

  @Test func theDefaultRunPrintsTheSummaryAndItsVerdicts() throws {
    let out = scratch()
    let outcome = try BGSimBinary.run([
      "run", "--days", "7", "--warmup-days", "1", "--devices", "100", "--out", out.path, "--quiet",
    ])
    // Seven days are too few to read the steady state from: the run says so, but claims
    // come first (1 fail, 3 inconclusive, 4 warned, 0 clean), and the main job's claim on
    // refresh's delay fails under dasd's app timeline (the README).
    #expect(outcome.status == 1, "\(outcome.standardError)\(outcome.standardOutput)")
    #expect(outcome.standardError.contains("warning: the daily launches are still rising at day 3 of 7"))
    #expect(outcome.standardOutput.contains("refresh [95% CI]"))
    #expect(outcome.standardOutput.contains("PASS  processing share_while_charging >= 0.95"))
    #expect(outcome.standardOutput.contains("FAIL  refresh median delay_after_earliest_s > 15m"))
    // Counts show the owners' median and p90 beside the mean, as summary.csv has them.
    let summary = try String(contentsOf: out.appendingPathComponent("summary.csv"), encoding: .utf8)
    let row = try #require(
      summary.split(separator: "\n").first { $0.hasPrefix("0,arm,refresh,launches_per_device_day,") }
    ).split(separator: ",", omittingEmptySubsequences: false)
    let (median, p90) = (Double(row[11])!, Double(row[15])!)
    let line = try #require(
      outcome.standardOutput.split(separator: "\n").first { $0.hasPrefix("launches_per_device_day") })
    #expect(
      line.contains("(median \(String(format: "%.2f", median)), p90 \(String(format: "%.2f", p90)))"),
      "\(line)")
    for f in [
      "launches.csv", "days.csv", "summary.csv", "hour_of_day.csv", "hypotheses.csv", "manifest.json",
    ] {
      #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent(f).path), "\(f)")
    }
  }

  /// A binary copied out of the checkout, run from an empty folder, still finds the
  /// default experiment and its persona (both built in), and says which copy it read.
  @Test func theMainJobRunsFromOutsideTheCheckout() throws {
    let place = scratch()
    let binary = place.appendingPathComponent("bgsim")
    try FileManager.default.copyItem(
      at: BGSimBinary.productsDirectory.appendingPathComponent("bgsim"), to: binary)
    let process = Process()
    process.executableURL = binary
    process.arguments = [
      "run", "--days", "7", "--warmup-days", "1", "--devices", "100", "--out", "out", "--quiet",
    ]
    process.currentDirectoryURL = place
    let err = Pipe()
    process.standardOutput = Pipe()
    process.standardError = err
    try process.run()
    let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    // 1: a claim fails (theDefaultRunPrintsTheSummaryAndItsVerdicts).
    #expect(process.terminationStatus == 1, "\(message)")
    #expect(!message.contains("no such file"), "\(message)")
    let launches = place.appendingPathComponent("out/launches.csv").path
    #expect(FileManager.default.fileExists(atPath: launches))
    let manifest = try String(
      contentsOfFile: place.appendingPathComponent("out/manifest.json").path, encoding: .utf8)
    #expect(manifest.contains("typical"))
  }

  /// The main job with its second claim replaced by `claim`, run with `arguments`; its
  /// last two claims, which fail under the model (the README), are left out, so the exit
  /// code is `claim`'s and the first claim's.
  func runMainJob(claiming claim: String, _ arguments: [String]) throws -> BGSimBinary.Outcome {
    let dir = scratch()
    let text = try String(
      contentsOf: repoRoot.appendingPathComponent("experiments/refresh-vs-processing.yaml"), encoding: .utf8
    )
    .replacingOccurrences(of: "\"refresh share_while_charging < 0.5\"", with: "\"\(claim)\"")
    .replacingOccurrences(of: "  - \"refresh median delay_after_earliest_s > 15m\"\n", with: "")
    .replacingOccurrences(
      of:
        "  - \"processing launches_per_device_day > refresh launches_per_device_day (paired, alpha = 0.05)\"\n",
      with: "")
    let file = dir.appendingPathComponent("e.yaml")
    try text.write(to: file, atomically: true, encoding: .utf8)
    return try BGSimBinary.run(
      ["run", file.path, "--out", dir.appendingPathComponent("o").path, "--quiet"] + arguments)
  }

  @Test func aFailedHypothesisExitsWithOne() throws {
    let outcome = try runMainJob(
      claiming: "refresh share_while_charging > 0.9",
      ["--days", "3", "--warmup-days", "1", "--devices", "20"])
    #expect(outcome.status == 1)
    #expect(outcome.standardOutput.contains("FAIL  refresh share_while_charging > 0.9"))
  }

  /// Claims come first: an undecided claim exits 3 even when the run also warned (4
  /// owners over 3 days draw two warnings), so a research CI tells "run more owners"
  /// from "read the warning".
  @Test func anUndecidedClaimExitsWithThreeEvenWhenWarned() throws {
    let outcome = try runMainJob(
      claiming: "refresh launches_per_device_day > 6", ["--days", "3", "--devices", "4"])
    #expect(outcome.status == 3, "\(outcome.standardError)")
    #expect(outcome.standardError.contains("warning:"))
    #expect(outcome.standardOutput.contains("INCONCLUSIVE  refresh launches_per_device_day > 6"))
  }

  /// Short exploratory runs (the main job's 200 owners) are never refused: each writes
  /// every file and prints one warning line on the warm-up, which says how many days
  /// would settle it; the exit is 1, a claim's failure coming first (the README).
  @Test(arguments: [5, 7])
  func aShortRunWritesResultsAndWarnsOnce(days: Int) throws {
    let out = scratch().appendingPathComponent("o")
    let outcome = try BGSimBinary.run(["run", "--days", "\(days)", "--out", out.path, "--quiet"])
    #expect(outcome.status == 1, "\(outcome.standardError)")
    let lines = outcome.standardError.split(separator: "\n")
    #expect(lines.count == 1 && lines[0].contains("run at least"), "\(lines)")
    for f in ["launches.csv", "days.csv", "summary.csv", "manifest.json"] {
      #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent(f).path), "\(f)")
    }
  }

  @Test(arguments: [
    (
      "name: x\ndays: 3\narms: {a: {tasks: []}}\ndevise: 3\n",
      "e.yaml:4: devise: unknown key 'devise'; did you mean 'devices'?"
    ),
    ("name: x\ndays: three\narms: {a: {tasks: []}}\n", "e.yaml:2: days: 'three' is not a whole number"),
    ("name: x\ndays: 0\narms: {a: {tasks: []}}\n", "e.yaml:2: days: 0 is out of range"),
    (
      "name: x\narms: {a: {tasks: []}}\nsweep: {grid: {app.opens_per_dya: [1, 2]}}\n",
      "unknown key 'opens_per_dya'; did you mean 'opens_per_day'?"
    ),
    (
      "name: x\narms: {a: {tasks: []}}\nhypotheses: [\"a share_while_charging > 0.5\", \"b share_while_charging > 1\"]\n",
      "unknown arm 'b'"
    ),
    ("name: x\narms: [a, b]\n", "e.yaml:2: arms: arms must be a mapping"),
    ("name: [x\n", "malformed YAML"),
    (
      "name: x\ndays: 3\narms: {a: {tasks: []}}\ndays: 4\n",
      "e.yaml:4: days: key is given twice (first on line 2); keep one"
    ),
    (
      "name: x\napp: {permitted_identifiers: [t]}\narms: {a: {tasks: [{identifier: t, type: refresh, earliest_begin: -1h}]}}\n",
      "'-1h' is below 0; give a value of 0 or more"
    ),
  ])
  func badExperimentFilesExitWithTwoAndWriteNothing(yaml: String, message: String) throws {
    let dir = scratch()
    let file = dir.appendingPathComponent("e.yaml")
    try yaml.write(to: file, atomically: true, encoding: .utf8)
    let out = dir.appendingPathComponent("out")
    let outcome = try BGSimBinary.run(["run", file.path, "--out", out.path, "--quiet"])
    #expect(outcome.status == 2)
    #expect(outcome.standardError.contains(message), "got: \(outcome.standardError)")
    #expect(outcome.standardError.split(separator: "\n").count == 1)
    #expect(!FileManager.default.fileExists(atPath: out.path))
    let check = try BGSimBinary.run(["validate", file.path])
    #expect(check.status == 2)
  }

  @Test func aMissingFileAndAnUnwritableOutputExitWithTwo() throws {
    let missing = try BGSimBinary.run(["run", "/nonexistent/e.yaml", "--quiet"])
    #expect(missing.status == 2)
    #expect(missing.standardError == "bgsim: /nonexistent/e.yaml: no such file\n")
    let dir = scratch()
    let blocker = dir.appendingPathComponent("file")
    try "x".write(to: blocker, atomically: true, encoding: .utf8)
    let unwritable = try BGSimBinary.run([
      "run", "--days", "2", "--warmup-days", "1", "--devices", "2", "--out", blocker.path, "--quiet",
    ])
    #expect(unwritable.status == 2)
    #expect(unwritable.standardError.contains("is a file, not a folder"))
  }

  @Test func aKilledRunResumesToTheSameBytes() throws {
    let whole = scratch()
    let args = ["run", "--days", "10", "--warmup-days", "1", "--devices", "60", "--quiet", "--jobs", "1"]
    // A claim fails (exit 1, the README) or, with 60 owners, may stay undecided (exit 3);
    // the resumed run must say the same.
    let first = try BGSimBinary.run(args + ["--out", whole.path]).status
    #expect([0, 1, 3, 4].contains(first))
    let broken = scratch()
    let process = Process()
    process.executableURL = BGSimBinary.productsDirectory.appendingPathComponent("bgsim")
    process.arguments = args + ["--out", broken.path]
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    // Kill -9 once some chunks are done (a chunk's seal, committed last, marks it done).
    let parts = broken.appendingPathComponent(".parts")
    let deadline = Date().addingTimeInterval(60)
    while Date() < deadline {
      let done =
        (try? FileManager.default.contentsOfDirectory(atPath: parts.path))?.filter { $0.hasSuffix(".seal") }
        .count ?? 0
      if done >= 2 || !process.isRunning { break }
      usleep(20_000)
    }
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    let resumed = try BGSimBinary.run(args + ["--out", broken.path, "--resume"])
    #expect(resumed.status == first, "\(resumed.standardError)")
    for f in ["launches.csv", "days.csv", "summary.csv", "hour_of_day.csv", "hypotheses.csv"] {
      #expect(
        try Data(contentsOf: whole.appendingPathComponent(f))
          == Data(contentsOf: broken.appendingPathComponent(f)), "\(f)")
    }
  }
}
