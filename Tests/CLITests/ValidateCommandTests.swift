import Foundation
import TestScratch
import Testing

@Suite struct ValidateCommandTests {
  var repoRoot: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
  }

  @Test func shippedFilesAreValid() throws {
    let outcome = try BGSimBinary.run(
      [
        "validate", "--app", "experiments/apps/news.yaml", "--persona",
        "experiments/personas/commuter-poor-connectivity.yaml",
      ],
      in: repoRoot)
    #expect(outcome.status == 0, "\(outcome.standardError)")
    #expect(
      outcome.standardOutput.contains("app com.example.news, tasks: com.example.news.refresh (refresh)"))
  }

  @Test func everyShippedScenarioIsValidAndNotAnExperiment() throws {
    let folder = repoRoot.appendingPathComponent("experiments/scenarios")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
      $0.hasSuffix(".yaml")
    }
    .sorted().map { "experiments/scenarios/\($0)" }
    #expect(files.count >= 1)
    let outcome = try BGSimBinary.run(["validate"] + files.flatMap { ["--scenario", $0] }, in: repoRoot)
    #expect(outcome.status == 0, "\(outcome.standardError)")
    #expect(outcome.standardOutput.split(separator: "\n").count == files.count)
    #expect(outcome.standardOutput.contains("night-charger.yaml: scenario '"))
    // The same file given where an experiment belongs is refused with the command that fits.
    let asExperiment = try BGSimBinary.run(
      ["validate", "experiments/scenarios/night-charger.yaml"], in: repoRoot)
    #expect(asExperiment.status == 2)
    #expect(asExperiment.standardError.contains("this is a scenario file (one phone), not an experiment"))
    #expect(asExperiment.standardError.contains("bgsim explain experiments/scenarios/night-charger.yaml"))
    let asScenario = try BGSimBinary.run(
      ["validate", "--scenario", "experiments/refresh-vs-processing.yaml"], in: repoRoot)
    #expect(asScenario.status == 2)
    #expect(asScenario.standardError.contains("this is an experiment file, not a scenario"))
  }

  @Test(arguments: [
    (
      "tasks:\n  - identifier: a\n    type: refresh\n",
      "app.yaml:2: tasks[0].identifier: 'a' is submitted but not in permitted_identifiers"
    ),
    (
      "permitted_identifiers: [a]\ntasks:\n  - identifier: a\n    type: refresh\n    earliest_begin: -5m\n",
      "app.yaml:5: tasks[0].earliest_begin:"
    ),
    (
      "permitted_identifiers: [a]\ntasks:\n  - identifier: a\n    type: refresh\n    submit: [weekly]\n",
      "app.yaml:5: tasks[0].submit[0]: unknown submit policy 'weekly'"
    ),
    (
      "permitted_identifiers: [a]\ntasks:\n  - identifier: a\n    type: refresh\n    requires_external_power: true\n",
      "app.yaml:5: tasks[0].requires_external_power: requires_external_power is an option of processing requests"
    ),
  ])
  func badAppFilesExitWithTwoAndOneLine(yaml: String, message: String) throws {
    let dir = scratchFolder("validate")
    let file = dir.appendingPathComponent("app.yaml")
    try yaml.write(to: file, atomically: true, encoding: .utf8)
    let outcome = try BGSimBinary.run(["validate", "--app", file.path])
    #expect(outcome.status == 2)
    #expect(outcome.standardError.contains(message), "got: \(outcome.standardError)")
    #expect(outcome.standardError.split(separator: "\n").count == 1)
  }

  @Test func nothingToValidateIsAUsageError() throws {
    let outcome = try BGSimBinary.run(["validate"])
    #expect(outcome.status == 2)
    #expect(outcome.standardError.contains("give at least one file"))
  }
}
