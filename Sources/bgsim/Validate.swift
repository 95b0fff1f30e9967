import ArgumentParser
import Experiments

/// `bgsim validate`: check configuration files without running them.
struct Validate: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Check experiment, scenario, persona, app, timeline or trace files without running anything.",
    discussion:
      "Prints one line per valid file. The first problem found is printed as FILE:LINE: KEY: PROBLEM, with exit code 2."
  )

  @Argument(help: "Experiment YAML files.") var experiments: [String] = []
  @Option(help: "A persona YAML file.") var persona: [String] = []
  @Option(help: "An app YAML file (declarations and task behaviours).") var app: [String] = []
  @Option(help: "A timeline (YAML, or CSV with time,event,value).") var timeline: [String] = []
  @Option(help: "A recorded trace CSV (time_s,battery_pct,plugged,screen,network).") var trace: [String] = []
  @Option(help: "A scenario YAML file, as bgsim explain reads it.") var scenario: [String] = []

  func validate() throws {
    if experiments.isEmpty && persona.isEmpty && app.isEmpty && timeline.isEmpty && trace.isEmpty
      && scenario.isEmpty
    {
      throw ValidationError(
        "give at least one file: an experiment, or --scenario, --persona, --app, --timeline or --trace")
    }
  }

  func run() throws {
    for file in experiments { print(try FileValidation.checkExperiment(file)) }
    let files =
      persona.map { ($0, FileValidation.Kind.persona) } + app.map { ($0, .app) }
      + timeline.map { ($0, .timeline) } + trace.map { ($0, .trace) } + scenario.map { ($0, .scenario) }
    for (file, kind) in files { print(try FileValidation.check(file, as: kind)) }
  }
}
