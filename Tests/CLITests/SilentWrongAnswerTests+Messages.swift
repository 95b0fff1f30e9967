import Foundation
import TestScratch
import Testing

/// Messages that said something false or unhelpful, each as it now reads: one line,
/// exit 2, naming the place and the fix (the suite's one-line check and checkout).
extension SilentWrongAnswerTests {
  /// A negative number is answered with the least value the option itself takes (it
  /// said "0 or more" and then refused 0 with "at least 1").
  @Test func aNegativeNumberNamesTheOptionsOwnLeastValue() throws {
    let out = scratch().appendingPathComponent("o").path
    expectOneLine(
      try BGSimBinary.run(["run", "--devices", "-5", "--out", out]),
      contains: "--devices -5 is negative; give a number of 1 or more")
    expectOneLine(try BGSimBinary.run(["run", "--devices", "0", "--out", out]), contains: "at least 1")
    expectOneLine(
      try BGSimBinary.run(["run", "--warmup-days=-2", "--out", out]), contains: "give a number of 0 or more")
    expectOneLine(
      try BGSimBinary.run(["calibrate", "--owners", "-3"]), contains: "give a number of 2 or more")
  }

  /// `warmup_days: 8` in a file of 20 days, run with `--days 5`, was refused as "8 is out
  /// of range; use a value in 0…4", at the file's line, with no word of where 4 came from.
  @Test func aWarmupLongerThanTheRunNamesTheRunsLength() throws {
    let text = try String(
      contentsOf: repoRoot.appendingPathComponent("experiments/refresh-vs-processing.yaml"), encoding: .utf8)
    let file = write(text.replacingOccurrences(of: "warmup_days: auto", with: "warmup_days: 8"))
    let out = scratch().appendingPathComponent("o").path
    expectOneLine(
      try BGSimBinary.run(["run", file, "--days", "5", "--out", out]),
      contains: "warmup_days: 8 leaves no day of a 5-day run to summarise; use a value in 0…4")
    expectOneLine(
      try BGSimBinary.run(["run", file, "--days", "20", "--warmup-days", "20", "--out", out]),
      contains:
        "command line: warmup_days: 20 leaves no day of a 20-day run to summarise; use a value in 0…19")
    expectOneLine(
      try BGSimBinary.run(["run", file, "--days", "1", "--out", out]),
      contains: "warmup_days: 8 leaves no day of a 1-day run to summarise; use 0")
  }

  @Test func aMissingFolderIsSaidToBeMissing() throws {
    let missing = scratch().appendingPathComponent("nowhere").path
    for command in [["report", missing], ["summarize", missing]] {
      expectOneLine(try BGSimBinary.run(command), contains: "\(missing): no such folder")
    }
  }

  @Test func aMistypedCommandGetsTheNearestName() throws {
    expectOneLine(try BGSimBinary.run(["runn"]), contains: "unknown command 'runn'; did you mean 'run'?")
    expectOneLine(try BGSimBinary.run(["zzzzzzzz"]), contains: "the commands are run, merge")
    #expect(try BGSimBinary.run(["help", "run"]).status == 0)
  }

  @Test func aTabInYAMLIsNamedAsATab() throws {
    let file = write("name: x\narms:\n\ta: {tasks: []}\n")
    expectOneLine(
      try BGSimBinary.run(["validate", file]), contains: "e.yaml:3: malformed YAML: a tab indents this line")
  }

  /// `--strict` says the problem, with its line, and never also that the file is valid.
  @Test func strictValidationNeverCallsTheFileValid() throws {
    let file = write(
      """
      name: power
      app: {background_modes: [processing], permitted_identifiers: [p]}
      arms:
        off: {tasks: [{identifier: p, type: processing, requires_external_power: false}]}

      """)
    let outcome = try BGSimBinary.run(["validate", file, "--strict"])
    expectOneLine(
      outcome, contains: "e.yaml:4: arm off: task p: requires_external_power: false has no effect")
    #expect(outcome.standardOutput.isEmpty, "\(outcome.standardOutput)")
    let loose = try BGSimBinary.run(["validate", file])
    #expect(loose.status == 4 && loose.standardError.contains("e.yaml:4: warning: arm off"))
  }

  /// The system's launch paths are not the app's tasks.
  @Test func explainSaysWhichNamesAreTheSystems() throws {
    let outcome = try BGSimBinary.run(
      ["explain", "experiments/refresh-vs-processing.yaml", "--task", "nope"], in: repoRoot)
    expectOneLine(
      outcome,
      contains:
        "its tasks are com.example.sync, and the system's launch paths are legacy_fetch, silent_push, background_transfer"
    )
  }

  /// Every scheduler key the report's text names is one an experiment accepts.
  @Test func theReportNamesOnlyKeysThatExist() throws {
    let sources = repoRoot.appendingPathComponent("Sources/Report")
    var named: [(path: [String], value: String)] = []
    for file in try FileManager.default.contentsOfDirectory(atPath: sources.path)
    where file.hasSuffix(".swift") {
      let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
      for match in text.matches(of: #/<code>(scheduler\.[a-z_.]+): ([a-z0-9]+)</code>/#) {
        named.append((match.output.1.split(separator: ".").map(String.init), String(match.output.2)))
      }
    }
    #expect(!named.isEmpty)
    for (path, value) in named {
      // scheduler.a.b: v as nested flow mappings.
      let nested = path.reversed().reduce(value) { inner, key in "{\(key): \(inner)}" }
      let yaml = "name: x\narms: {a: {tasks: []}}\n" + String(nested.dropFirst().dropLast()) + "\n"
      let outcome = try BGSimBinary.run(["validate", write(yaml)])
      #expect(outcome.status == 0, "\(path.joined(separator: ".")): \(outcome.standardError)")
    }
  }
}

extension SilentWrongAnswerTests {
  /// A coverage study of 10 owners a run printed staleness's mean out of band (11 of 20
  /// runs) and no word of the cause `bgsim run` names: 55 % of samples of 10 owners hold
  /// none of the stalled phones that dominate that mean. It now warns as a run of that
  /// size would, and a study that warned never exits 0.
  @Test func aCoverageStudyOfFewOwnersSaysWhatTheyAreTooFewFor() throws {
    let out = scratch().appendingPathComponent("cov").path
    let outcome = try BGSimBinary.run(
      [
        "coverage", "--runs", "2", "--devices", "10", "--reference-devices", "12", "--days", "3",
        "--quiet", "--out", out,
      ], in: repoRoot)
    #expect([1, 4].contains(outcome.status), "\(outcome.standardError)")
    let warnings = outcome.standardError.split(separator: "\n").filter { $0.contains("warning:") }
    #expect(warnings.count == 1, "\(outcome.standardError)")
    #expect(
      warnings.first?.contains("each arm has 10 owners; below 20 the intervals are wide") == true
        && warnings.first?.contains("55 % of such samples hold none of the 5.8 % of phones") == true,
      "\(outcome.standardError)")
  }

  /// The default study's owners are enough: `bgsim coverage` with its default `--devices`
  /// (40) on the default experiment says no warning. Its defaults were 20 owners, which
  /// it then warned too few, so a study run as shipped could never exit 0.
  @Test func aCoverageStudyOfTheDefaultOwnersDoesNotWarn() throws {
    let out = scratch().appendingPathComponent("cov").path
    let outcome = try BGSimBinary.run(
      ["coverage", "--runs", "2", "--reference-devices", "12", "--days", "3", "--quiet", "--out", out],
      in: repoRoot)
    #expect([0, 1].contains(outcome.status), "\(outcome.standardError)")
    #expect(!outcome.standardError.contains("warning:"), "\(outcome.standardError)")
  }
}
