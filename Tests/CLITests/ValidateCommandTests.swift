import Foundation
import TestScratch
import Testing

@Suite struct ValidateCommandTests {
  var repoRoot: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
  }

  /// The `.yaml` files of a folder of the repository, by name, as paths from its root.
  func yamlFiles(in folder: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: repoRoot.appendingPathComponent(folder).path)
      .filter { $0.hasSuffix(".yaml") }.sorted().map { "\(folder)/\($0)" }
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

  /// A validation case is checked as `bgsim calibrate` reads it: every shipped case is
  /// valid, one line each; a damaged one names its line. (It was refused as an
  /// experiment: "unknown key 'case'; did you mean 'name'?".)
  @Test func everyShippedValidationCaseIsValid() throws {
    let files = try yamlFiles(in: "experiments/validation")
    #expect(files.count >= 55)
    let outcome = try BGSimBinary.run(["validate"] + files, in: repoRoot)
    #expect(outcome.status == 0, "\(outcome.standardError)")
    #expect(outcome.standardOutput.split(separator: "\n").count == files.count)
    #expect(
      outcome.standardOutput.contains(
        "F9-legacy-fetch-bursts.yaml: validation case 'F9' (one_phone), median_gap_minutes of legacy_fetch, "
          + "real 15, 200 owners × 7 days, held"))
    let damaged = scratchFolder("validate-case").appendingPathComponent("case.yaml")
    try """
    case: X
    source: a report
    grade: M
    report: one phone
    test: one_phone
    figure: {metric: median_gap_minutes, task: refresh}
    real: 15
    scenario: {days: 0}
    """.write(to: damaged, atomically: true, encoding: .utf8)
    let bad = try BGSimBinary.run(["validate", damaged.path])
    #expect(bad.status == 2)
    #expect(
      bad.standardError.contains("case.yaml:8: scenario.days: 0 is out of range; use a value in 1…3650"))
    // A case's scenario is warned of as a scenario file is (it was not at all): G8 with
    // its refresh task given twice exits 4 and names the second.
    let g8 = try String(
      contentsOf: repoRoot.appendingPathComponent("experiments/validation/G8-low-power-mode.yaml"),
      encoding: .utf8)
    let task =
      "      - {identifier: refresh, type: refresh, earliest_begin: 15m, submit: [on_launch, on_completion], work: 5s}\n"
    #expect(g8.contains(task))
    let twice = scratchFolder("validate-case").appendingPathComponent("g8.yaml")
    try g8.replacingOccurrences(of: task, with: task + task).write(
      to: twice, atomically: true, encoding: .utf8)
    let warned = try BGSimBinary.run(["validate", twice.path])
    #expect(warned.status == 4, "\(warned.standardError)")
    #expect(
      warned.standardError.contains("g8.yaml: warning: task refresh [1] has the identifier of task [0]"))
  }

  /// A fit file given to validate was refused as "parameters: unknown key 'parameters';
  /// this section takes name, description, days, …". It is named, with the command that
  /// checks it.
  @Test func aFitFileIsNamedAsOne() throws {
    let file = "experiments/fits/scheduler-constants.yaml"
    let outcome = try BGSimBinary.run(["validate", file], in: repoRoot)
    #expect(outcome.status == 2)
    #expect(
      outcome.standardError.contains(
        "\(file):5: parameters: this is a fit file, not an experiment; run it with 'bgsim fit \(file)', which checks it first"
      ), "\(outcome.standardError)")
  }

  /// A persona or an app file given where an experiment belongs was refused at its
  /// first key as "unknown key 'usage'; this section takes name, description, days, …".
  /// It is now named for what it is, with the command that checks it, and each validates
  /// under its own flag.
  @Test(arguments: [
    ("experiments/personas/typical.yaml", "--persona", "usage: this is a persona file, not an experiment"),
    ("experiments/apps/news.yaml", "--app", "bundle: this is an app file, not an experiment"),
  ])
  func aPersonaOrAppFileGivenAsAnExperimentIsNamed(file: String, flag: String, message: String) throws {
    let outcome = try BGSimBinary.run(["validate", file], in: repoRoot)
    #expect(outcome.status == 2)
    #expect(outcome.standardError.contains("\(file):"), "\(outcome.standardError)")
    #expect(outcome.standardError.contains(message), "\(outcome.standardError)")
    #expect(outcome.standardError.contains("check it with 'bgsim validate \(flag) \(file)'"))
    #expect(try BGSimBinary.run(["validate", flag, file], in: repoRoot).status == 0)
  }

  /// And the other way: an experiment, persona or app file under a flag for another kind
  /// was refused at its first key as unknown ("days: unknown key 'days'; this section
  /// takes name, description, usage, …").
  @Test(arguments: [
    ("--persona", "experiments/refresh-vs-processing.yaml", "this is an experiment file, not a persona"),
    ("--app", "experiments/personas/typical.yaml", "this is a persona file, not an app"),
    ("--persona", "experiments/apps/news.yaml", "this is an app file, not a persona"),
    ("--scenario", "experiments/apps/news.yaml", "this is an app file, not a scenario"),
  ])
  func aFileUnderAnotherKindsFlagIsNamed(flag: String, file: String, message: String) throws {
    let outcome = try BGSimBinary.run(["validate", flag, file], in: repoRoot)
    #expect(outcome.status == 2)
    #expect(outcome.standardError.contains(message), "\(outcome.standardError)")
    #expect(outcome.standardError.split(separator: "\n").count == 1)
  }

  @Test func everyShippedScenarioIsValidAndNotAnExperiment() throws {
    let files = try yamlFiles(in: "experiments/scenarios")
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

  static let silentlyIdle = """
    name: w
    days: 2
    devices: 2
    ios: ios13
    persona: typical
    app: {bundle: x, background_modes: [fetch], permitted_identifiers: [a, c], silent_pushes_per_hour: 2}
    arms:
      cont:
        tasks:
          - {identifier: c, type: continued}
      proc:
        tasks:
          - {identifier: a, type: processing}

    """

  /// What a run would silently never do is a warning line each, exit 4; `--strict`
  /// makes the first one an error, exit 2.
  @Test func validateWarnsWhereARunWouldSilentlyDoNothing() throws {
    let dir = scratchFolder("validate")
    let file = dir.appendingPathComponent("w.yaml")
    try Self.silentlyIdle.write(to: file, atomically: true, encoding: .utf8)
    let outcome = try BGSimBinary.run(["validate", file.path])
    #expect(outcome.status == 4)
    let warnings = outcome.standardError.split(separator: "\n").map(String.init)
    // Each names the file and, where the file writes it, the line of what it is about.
    #expect(warnings.allSatisfy { $0.contains(#/^[^:]+\.yaml(:[0-9]+)?: warning: /#) }, "\(warnings)")
    for expected in [
      "arm cont: task c is a continued-processing request, which needs ios26",
      "arm cont: no mode permits any of its tasks",
      "arm proc: task a is a processing request, which needs the `processing` background mode",
      "silent pushes never launch the app: the app lacks the `remote-notification` background mode",
    ] {
      #expect(warnings.contains { $0.contains(expected) }, "\(expected)")
    }
    let strict = try BGSimBinary.run(["validate", file.path, "--strict"])
    #expect(strict.status == 2)
    #expect(strict.standardError.split(separator: "\n").count == 1)
    #expect(
      strict.standardError.contains("continued-processing request")
        && strict.standardError.contains("(--strict)"))
  }

  /// Two processing arms that differ only in `requires_external_power` give the same
  /// launches where the model runs processing only on power: `false`, which asks to run
  /// off power, is named as doing nothing, and `--strict` refuses it; `true` is what the
  /// model does anyway and is silent; with the model's rule off the key counts.
  @Test func aPowerKeyThatDoesNothingIsSaid() throws {
    let dir = scratchFolder("validate")
    let file = dir.appendingPathComponent("p.yaml")
    let text = """
      name: power
      app: {background_modes: [processing], permitted_identifiers: [p]}
      arms:
        on: {tasks: [{identifier: p, type: processing, requires_external_power: true}]}
        off: {tasks: [{identifier: p, type: processing, requires_external_power: false}]}
        unsaid: {tasks: [{identifier: p, type: processing}]}

      """
    try text.write(to: file, atomically: true, encoding: .utf8)
    let outcome = try BGSimBinary.run(["validate", file.path])
    #expect(outcome.status == 4)
    let warnings = outcome.standardError.split(separator: "\n").map(String.init)
    #expect(warnings.count == 1, "\(warnings)")
    #expect(warnings.first?.contains("arm off: task p: requires_external_power: false has no effect") == true)
    let strict = try BGSimBinary.run(["validate", file.path, "--strict"])
    #expect(strict.status == 2 && strict.standardError.contains("has no effect"))
    let ruleOff = text + "scheduler: {policies: {external_power: {processing_always_needs_power: false}}}\n"
    try ruleOff.write(to: file, atomically: true, encoding: .utf8)
    let counted = try BGSimBinary.run(["validate", file.path, "--strict"])
    #expect(counted.status == 0 && counted.standardError.isEmpty, "\(counted.standardError)")
  }

  /// A screen session length whose draws are mostly cut at `max_session` (30 h written
  /// for 30 s) is a warning in the persona's file and in an experiment that names it;
  /// the shipped personas raise none.
  @Test func aSessionLengthCutAtMaxSessionIsSaid() throws {
    let dir = scratchFolder("validate")
    let persona = dir.appendingPathComponent("slip.yaml")
    let typical = try String(
      contentsOf: repoRoot.appendingPathComponent("experiments/personas/typical.yaml"), encoding: .utf8)
    try typical.replacingOccurrences(of: "median: 30s, sigma: 1.7", with: "median: 30h, sigma: 1.7")
      .write(to: persona, atomically: true, encoding: .utf8)
    let outcome = try BGSimBinary.run(["validate", "--persona", persona.path])
    #expect(outcome.status == 4)
    // P(X > 2 h) for a log-normal of median 30 h and sigma 1.7: 1 - Φ(ln(1/15) / 1.7) = 0.94.
    #expect(
      outcome.standardError
        == "\(persona.path): warning: usage.session_length: 94 % of the sessions it draws are longer than "
        + "max_session (7200 s) and cut to it, so most sessions last exactly that; check session_length's and "
        + "max_session's units\n")
    let experiment = dir.appendingPathComponent("e.yaml")
    try """
    name: e
    persona: \(persona.path)
    app: {background_modes: [processing], permitted_identifiers: [p]}
    arms: {a: {tasks: [{identifier: p, type: processing}]}}

    """.write(to: experiment, atomically: true, encoding: .utf8)
    let named = try BGSimBinary.run(["validate", experiment.path, "--strict"])
    #expect(
      named.status == 2 && named.standardError.contains("e.yaml:2: persona typical: usage.session_length"))
    let shipped = try FileManager.default.contentsOfDirectory(
      atPath: repoRoot.appendingPathComponent("experiments/personas").path
    ).sorted().flatMap { ["--persona", "experiments/personas/\($0)"] }
    let quiet = try BGSimBinary.run(["validate", "--strict"] + shipped, in: repoRoot)
    #expect(quiet.status == 0 && quiet.standardError.isEmpty, "\(quiet.standardError)")
  }

  /// A timeline's events after the run's last day never happen: a warning in an
  /// experiment (at its timeline line) and in `bgsim trace`, which then exits 4 as a
  /// warned run does; with days enough, none.
  @Test func timelineEventsAfterTheRunAreSaid() throws {
    let dir = scratchFolder("validate")
    let timeline = dir.appendingPathComponent("t.csv")
    try "time,event,value\n12:00,wifi_off,\nd9 08:30,unplug,\n".write(
      to: timeline, atomically: true, encoding: .utf8)
    let expected =
      "1 of the timeline's 2 events comes after the run's 3 days, the first on day 9 (line 3), and never happens; "
      + "run 10 days to play them all"
    let traced = try BGSimBinary.run(
      ["trace", "--timeline", timeline.path, "--days", "3", "--out", dir.appendingPathComponent("o").path])
    #expect(traced.status == 4)
    #expect(
      traced.standardError == "bgsim: \(timeline.path): warning: \(expected)\n", "\(traced.standardError)")
    let whole = try BGSimBinary.run(
      ["trace", "--timeline", timeline.path, "--days", "10", "--out", dir.appendingPathComponent("o").path])
    #expect(whole.status == 0 && whole.standardError.isEmpty, "\(whole.standardError)")
    let experiment = dir.appendingPathComponent("e.yaml")
    try """
    name: e
    days: 3
    timeline: \(timeline.path)
    app: {background_modes: [processing], permitted_identifiers: [p]}
    arms: {a: {tasks: [{identifier: p, type: processing}]}}

    """.write(to: experiment, atomically: true, encoding: .utf8)
    let validated = try BGSimBinary.run(["validate", experiment.path])
    #expect(
      validated.standardError == "\(experiment.path):3: warning: \(expected)\n", "\(validated.standardError)")
  }

  @Test func theShippedFilesRaiseNoWarning() throws {
    let outcome = try BGSimBinary.run(
      [
        "validate", "experiments/refresh-vs-processing.yaml", "--app", "experiments/apps/news.yaml",
        "--scenario",
        "experiments/scenarios/night-charger.yaml", "--strict",
      ],
      in: repoRoot)
    #expect(outcome.status == 0, "\(outcome.standardError)")
    #expect(outcome.standardError.isEmpty)
  }

  /// The README's timeline example is a valid timeline file.
  @Test func theReadmeTimelineExampleIsValid() throws {
    let readme = try String(contentsOf: repoRoot.appendingPathComponent("README.md"), encoding: .utf8)
    let blocks = readme.components(separatedBy: "```yaml\n").dropFirst().map {
      $0.components(separatedBy: "```")[0]
    }
    let timelines = blocks.filter { $0.hasPrefix("timeline:") }
    #expect(timelines.count == 1)
    let file = scratchFolder("readme").appendingPathComponent("timeline.yaml")
    for text in timelines {
      try text.write(to: file, atomically: true, encoding: .utf8)
      let outcome = try BGSimBinary.run(["validate", "--timeline", file.path])
      #expect(outcome.status == 0, "\(outcome.standardError)")
    }
  }
}
