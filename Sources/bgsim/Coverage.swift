import ArgumentParser
import Experiments
import FileFormats
import Foundation
import Results

/// `bgsim coverage`: checks that the summary's 95 % intervals hold the truth as often
/// as they claim.
struct Coverage: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "coverage",
    abstract: "Check how often an experiment's 95 % intervals hold the truth (a coverage study).",
    discussion: """
      Runs the experiment once with --reference-devices owners (its own seed), taken as the truth, \
      then --runs times with --devices owners (seeds seed+1, seed+2, …), and counts for every interval \
      of summary.csv (each mean's, and the median's of delays and staleness), and of \
      other_app_summary.csv when the experiment has other apps, the runs whose interval holds the \
      reference figure. Writes coverage.csv to --out; the reference run's output stays in \
      --out/reference (bgsim summarize reads it), and each small run's folder is removed. An \
      interval is in band when its count is one that a true coverage between --lowest and \
      --highest gives with probability 99.9 %. Before the runs it says, as bgsim run would, \
      what the small runs' owners are too few for (a warning). Exits with 1 when an interval is \
      out of band, else 4 when it warned, else 0.
      """
  )

  @Argument(help: "An experiment YAML file (default: the built-in refresh-vs-processing).") var file: String?
  @Option(help: "Small runs, each with its own seed.") var runs = 200
  @Option(
    help: "Owners of each small run (fewer than 39 get a warning with the default share of stalled phones).")
  var devices = 40
  @Option(help: "Owners of the reference run.") var referenceDevices = 1500
  @Option(help: "Override the simulated days.") var days: Int?
  @Option(help: "Override the master seed.") var seed: UInt64?
  @Option(help: "Lowest acceptable true coverage of a 95 % interval.") var lowest = 0.90
  @Option(help: "Highest acceptable true coverage of a 95 % interval.") var highest = 0.99
  @Option(help: "Output folder (default notebooks-data/coverage-<experiment name>/).") var out: String?
  @Option(help: "Parallel jobs; the output does not depend on it.") var jobs: Int = ProcessInfo.processInfo
    .activeProcessorCount
  @Flag(help: "No progress bar.") var quiet = false

  func validate() throws {
    for (option, value) in [
      ("--runs", runs), ("--devices", devices), ("--reference-devices", referenceDevices),
    ]
    where value < 2 {
      throw ValidationError("\(option) must be at least 2 (got \(value))")
    }
    guard lowest > 0, lowest <= highest, highest < 1 else {
      throw ValidationError(
        "--lowest and --highest must satisfy 0 < lowest ≤ highest < 1 (got \(lowest), \(highest))")
    }
    guard (1...1024).contains(jobs) else { throw ValidationError("--jobs must be 1…1024 (got \(jobs))") }
    if let days, days < 1 { throw ValidationError("--days must be at least 1 (got \(days))") }
  }

  func run() throws {
    var request = RunRequest()
    request.file = file
    request.days = days
    request.seed = seed
    request.jobs = jobs
    request.commandLine = CommandLine.arguments
    var options = CoverageStudy.Options()
    options.runs = runs
    options.devices = devices
    options.referenceDevices = referenceDevices
    options.band = lowest...highest
    let name = try request.load().name
    // What a small run would be warned of, as `bgsim run` warns: such a warning explains an
    // interval out of band (a stalled phone missing from most samples of 10 owners).
    var small = request
    small.devices = devices
    let warnings = try small.warnings()
    for warning in warnings { FileHandleOutput.standardError("bgsim: \(warning)") }
    let directory = out ?? "notebooks-data/coverage-\(name)"
    let bar = SharedProgress(label: "coverage", quiet: quiet)
    let study = try CoverageStudy.run(request, options: options, directory: directory) { done, total in
      bar.update(done: done, total: total, unit: "device-days")
    }
    print(study.render() + "wrote \(directory)/\(CSVSchema.coverage.file)")
    if study.rows.contains(where: { !$0.inBand }) { throw ExitCode(1) }
    if !warnings.isEmpty { throw ExitCode(4) }
  }
}
