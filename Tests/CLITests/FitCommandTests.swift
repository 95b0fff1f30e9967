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
