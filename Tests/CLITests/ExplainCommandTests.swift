import Foundation
import Testing

@Suite struct ExplainCommandTests {
  var repoRoot: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
  }

  @Test func explainSaysWhyTheCleanupWaitedForTheCharger() throws {
    let outcome = try BGSimBinary.run(
      ["explain", "experiments/scenarios/night-charger.yaml", "--task", "com.example.news.cleanup"],
      in: repoRoot)
    #expect(outcome.status == 0, "\(outcome.standardError)")
    let text = outcome.standardOutput
    #expect(text.contains("Must Not Proceed: external_power (not on external power)"))
    #expect(text.contains("→ launched"))
    #expect(text.contains("ran at 2026-01-05T2"))
  }

  @Test func calibratePrintsEveryFieldReport() throws {
    let outcome = try BGSimBinary.run(["calibrate", "--devices", "1", "--quiet"], in: repoRoot)
    #expect(outcome.status == 0, "\(outcome.standardError)")
    #expect(outcome.standardOutput.components(separatedBy: "simulated:").count - 1 == 7)
    #expect(outcome.standardOutput.contains("expired 30 s after launch"))
  }

  @Test(arguments: [
    (
      "scheduler:\n  policies:\n    aplication: {weight: 3}\n",
      "s.yaml:3: scheduler.policies.aplication: unknown key 'aplication'; did you mean 'application'?"
    ),
    ("scheduler:\n  threshold: -0.1\n", "s.yaml:2: scheduler.threshold: -0.1 is out of range"),
    (
      "scheduler:\n  policies:\n    battery: {weight: -1}\n",
      "s.yaml:3: scheduler.policies.battery.weight: -1 is a negative weight"
    ),
    ("days: 0\n", "s.yaml:1: days: 0 is out of range"),
    (
      "days: 2\narms:\n  - name: refresh\n",
      "s.yaml:2: arms: this is an experiment file, not a scenario; run it with 'bgsim run"
    ),
  ])
  func badScenariosExitWithTwo(yaml: String, message: String) throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "bgsim-explain-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    let file = dir.appendingPathComponent("s.yaml")
    try yaml.write(to: file, atomically: true, encoding: .utf8)
    let outcome = try BGSimBinary.run(["explain", file.path], in: repoRoot)
    #expect(outcome.status == 2)
    #expect(outcome.standardError.contains(message), "got: \(outcome.standardError)")
  }
}
