import Foundation
import TestScratch
import Testing

/// `bgsim fit` end to end: the shipped fit file is accepted, and a bad one is one line
/// naming the file, the line and the key, with exit code 2, before any draw.
@Suite struct FitCommandTests {
  var repoRoot: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
  }

  @Test func aFitFileNamingAnUnknownParameterIsOneLine() throws {
    let shipped = try String(
      contentsOf: repoRoot.appendingPathComponent("experiments/fits/scheduler-constants.yaml"),
      encoding: .utf8)
    let dir = scratchFolder("fit")
    let file = dir.appendingPathComponent("bad.yaml")
    let suite = repoRoot.appendingPathComponent("experiments/validation").path
    // Without the key the file is valid, and the test would run the whole fit.
    try #require(shipped.contains("  scheduler.evaluation_period:"))
    try shipped.replacingOccurrences(of: "scheduler.evaluation_period:", with: "scheduler.evaluaton_period:")
      .replacingOccurrences(of: "suite: ../validation", with: "suite: \(suite)")
      .write(to: file, atomically: true, encoding: .utf8)
    let out = dir.appendingPathComponent("out")
    let outcome = try BGSimBinary.run(["fit", file.path, "--out", out.path, "--quiet"])
    #expect(outcome.status == 2)
    let lines = outcome.standardError.split(separator: "\n")
    #expect(lines.count == 1, "\(outcome.standardError)")
    #expect(
      outcome.standardError.hasPrefix(
        "bgsim: \(file.path):8: scheduler.evaluaton_period: unknown key 'evaluaton_period'"),
      "\(outcome.standardError)")
    #expect(!FileManager.default.fileExists(atPath: out.path), "nothing is written before the fit starts")
  }
}

extension FitCommandTests {
  /// The log's figures were padded to 32 columns, so a figure of a task with a long
  /// identifier ran into its value: "com.example.app.cleanup.median_delay_minutes763".
  /// The table is now laid out as every other: columns two spaces apart.
  @Test func aLongFigureNameStaysApartFromItsValue() throws {
    let dir = scratchFolder("fit-names")
    let (refresh, cleanup) = ("com.example.app.refresh", "com.example.app.cleanup")
    let tasks = { (indent: String) in
      [(refresh, "refresh", "5s"), (cleanup, "processing", "30s")].map { id, type, work in
        indent
          + "- {identifier: \(id), type: \(type), earliest_begin: 15m, submit: [on_launch, on_completion], work: \(work)}"
      }.joined(separator: "\n")
    }
    let app =
      "{bundle: com.example.app, background_modes: [fetch, processing], permitted_identifiers: [\(refresh), \(cleanup)]}"
    let experiment = dir.appendingPathComponent("e.yaml")
    try
      "name: e\ndays: 4\nwarmup_days: 0\ndevices: 1\npersona: typical\napp: \(app)\narms:\n  both:\n    tasks:\n\(tasks("      "))\n"
      .write(to: experiment, atomically: true, encoding: .utf8)
    let run = try BGSimBinary.run(
      ["run", experiment.path, "--out", dir.appendingPathComponent("run").path, "--quiet", "--write-log"])
    #expect([0, 4].contains(run.status), "\(run.standardError)")
    let fit = dir.appendingPathComponent("fit.yaml")
    try """
    name: f
    parameters:
      scheduler.evaluation_period: [5m, 30m]
    targets:
      log: \(dir.appendingPathComponent("run/launch_log.csv").path)
      tasks: [\(refresh), \(cleanup)]
      replicates: 1
      scenario:
        persona: typical
        app:
          background_modes: [fetch, processing]
          permitted_identifiers: [\(refresh), \(cleanup)]
          tasks:
    \(tasks("          "))
    budget: {draws: 4, keep: 2}

    """.write(to: fit, atomically: true, encoding: .utf8)
    let outcome = try BGSimBinary.run([
      "fit", fit.path, "--out", dir.appendingPathComponent("fit").path, "--quiet",
    ])
    #expect([0, 4].contains(outcome.status), "\(outcome.standardError)")
    let line = try #require(
      outcome.standardOutput.split(separator: "\n").first { $0.contains("\(cleanup).median_delay_minutes") },
      "\(outcome.standardOutput)")
    #expect(line.contains("\(cleanup).median_delay_minutes  "), "\(line)")
  }
}
