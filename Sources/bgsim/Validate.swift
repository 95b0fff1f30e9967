import ArgumentParser
import Experiments

/// `bgsim validate`: check configuration files without running them.
struct Validate: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Check persona, app, timeline or trace files without running anything.",
    discussion:
      "Prints one line per valid file. The first problem found is printed as FILE:LINE: KEY: PROBLEM, with exit code 2."
  )

  @Option(help: "A persona YAML file.") var persona: [String] = []
  @Option(help: "An app YAML file (declarations and task behaviours).") var app: [String] = []
  @Option(help: "A timeline (YAML, or CSV with time,event,value).") var timeline: [String] = []
  @Option(help: "A recorded trace CSV (time_s,battery_pct,plugged,screen,network).") var trace: [String] = []

  func validate() throws {
    if persona.isEmpty && app.isEmpty && timeline.isEmpty && trace.isEmpty {
      throw ValidationError("give at least one file: --persona, --app, --timeline or --trace")
    }
  }

  func run() throws {
    let files =
      persona.map { ($0, FileValidation.Kind.persona) } + app.map { ($0, .app) }
      + timeline.map { ($0, .timeline) } + trace.map { ($0, .trace) }
    for (file, kind) in files { print(try FileValidation.check(file, as: kind)) }
  }
}
