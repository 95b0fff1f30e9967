import ArgumentParser
import Experiments
import Foundation
import Results

/// `bgsim advise`: the cheapest swept task configuration that meets a goal.
struct Advise: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "advise",
    abstract: "Run an experiment that sweeps task keys and name the cheapest configuration meeting a goal.",
    discussion: """
      The goal is METRIC OP VALUE, met when the metric's whole 95 % interval is on its side, as a \
      hypothesis is. Prints every (cell, arm) best first, each with its swept values, the goal's \
      figure and the cost's with their 95 % intervals and whether it meets the goal; then the one with \
      the least --minimise among those that meet it, or, when none does, the nearest, with exit code 1 \
      (4 when one meets it but the run printed a warning, as bgsim run); \
      for a launched_by_HH:MM goal, also the share of owner-days on which no option ran by HH:MM, and \
      why (a phone that launched the app for no option, or one off its charger until HH:MM).
      """
  )

  @Argument(help: "An experiment YAML file whose sweep varies tasks.KEY.") var file: String
  @Option(help: "The goal, e.g. \"launched_by_08:00 >= 0.9\".") var goal: String
  @Option(help: "The metric to minimise among the options that meet the goal.") var minimise =
    "energy_per_day_mwh"
  @OptionGroup var overrides: ExperimentOverrides
  @Option(help: "Output folder of the run (default notebooks-data/<experiment name>/).") var out: String?
  @Option(help: "Parallel jobs; the answer does not depend on it.") var jobs: Int = ProcessInfo.processInfo
    .activeProcessorCount
  @Flag(help: "No progress bar.") var quiet = false

  func validate() throws {
    if let p = request.problem() { throw ValidationError(p) }
    guard (1...1024).contains(jobs) else { throw ValidationError("--jobs must be 1…1024 (got \(jobs))") }
  }

  var request: RunRequest {
    var r = RunRequest()
    r.file = file
    r.out = out
    r.jobs = jobs
    return overrides.applied(to: r)
  }

  func run() throws {
    FileHandleOutput.noteFormerMetricNames(in: [self.goal], option: "--goal")
    FileHandleOutput.noteFormerMetricNames(in: [minimise], option: "--minimise")
    let goal = try Advice.Goal(parsing: self.goal)
    if let problem = MetricName.familyProblem(minimise) { throw ValidationError("--minimise: \(problem)") }
    guard let cost = MetricName(rawValue: minimise) else {
      throw ValidationError("--minimise: unknown metric '\(minimise)'")
    }
    let spec = try Advice.prepare(try request.load(), goal: goal, minimise: cost)
    let warnings = try request.warnings()
    for warning in warnings { FileHandleOutput.standardError("bgsim: \(warning)") }
    let bar = SharedProgress(label: "advise", quiet: quiet)
    let summary = try request.runForSummary(spec) { bar.update(done: $0, total: $1, unit: "device-days") }
    let directory = request.outputDirectory(for: spec)
    let advice = try Advice(
      summary: summary, plan: spec.summaryPlan, goal: goal, minimise: cost, directory: directory)
    let text = advice.text(goal: goal, minimise: cost, sweptKeys: spec.sweepKeys)
    print(text, terminator: "")
    try Advice.save(text, in: directory)
    try RunExit.check(advice.met ? .pass : .fail, warned: !warnings.isEmpty)
  }
}
