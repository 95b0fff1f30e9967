import ArgumentParser
import Calibration
import Experiments
import FileFormats
import Foundation
import Results

/// `bgsim validate`: check configuration files without running them.
struct Validate: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "validate",
    abstract:
      "Check experiment, scenario, persona, app, timeline, trace or validation case files without running anything.",
    discussion:
      "Prints one line per valid file. The first problem found is printed as FILE:LINE: KEY: PROBLEM, with exit code 2. "
      + "What a run would silently never do (a task no mode permits, legacy fetch or pushes that are off) is "
      + "a warning line, and the command exits 4 after one; --strict makes the first one an error."
  )

  @Argument(help: "Experiment YAML files, or validation cases (a file with a case: key).")
  var experiments: [String] = []
  @Option(help: "A persona YAML file.") var persona: [String] = []
  @Option(help: "An app YAML file (declarations and task behaviours).") var app: [String] = []
  @Option(help: "A timeline (YAML, or CSV with time,event,value).") var timeline: [String] = []
  @Option(help: "A recorded trace CSV (time_s,battery_pct,plugged,screen,network).") var trace: [String] = []
  @Option(help: "A scenario YAML file, as bgsim explain reads it.") var scenario: [String] = []
  @Flag(help: "Treat warnings as errors (exit 2).") var strict = false

  func validate() throws {
    if experiments.isEmpty && persona.isEmpty && app.isEmpty && timeline.isEmpty && trace.isEmpty
      && scenario.isEmpty
    {
      throw ValidationError(
        "give at least one file: an experiment, or --scenario, --persona, --app, --timeline or --trace")
    }
  }

  func run() throws {
    var warnings: [String] = []
    // A file is said to be valid only once --strict has found nothing in it.
    func checked(_ summary: String, _ found: [String]) throws {
      if strict, let first = found.first {
        throw UserError(first.replacingOccurrences(of: ": warning: ", with: ": ") + " (--strict)")
      }
      print(summary)
      warnings += found
    }
    for file in experiments {
      if ValidationCase.isCase(file: file) {
        let (line, found) = try ValidationCase.validationLine(file: file)
        try checked(line, found)
        continue
      }
      let (summary, found) = try FileValidation.checkExperimentWithWarnings(file)
      try checked(summary, found)
    }
    let files =
      persona.map { ($0, FileValidation.Kind.persona) } + app.map { ($0, .app) }
      + timeline.map { ($0, .timeline) } + trace.map { ($0, .trace) } + scenario.map { ($0, .scenario) }
    for (file, kind) in files {
      try checked(try FileValidation.check(file, as: kind), FileValidation.warnings(file, as: kind))
    }
    for w in warnings { FileHandleOutput.standardError(w) }
    // A warning says the files may mislead a run: exit 4, as `run` does after one.
    if !warnings.isEmpty { throw ExitCode(4) }
  }
}
