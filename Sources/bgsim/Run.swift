import ArgumentParser
import Calibration
import Experiments
import Foundation
import Report
import Results

/// `bgsim run`: the main job.
struct Run: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "run",
    abstract: "Run an experiment (default: the built-in refresh-vs-processing) and print its summary.",
    discussion: """
      Writes launches.csv, days.csv, timelines.csv, summary.csv, hour_of_day.csv, \
      launch_probability_by_hour.csv, hypotheses.csv and manifest.json to --out (default notebooks-data/<experiment name>/); \
      with other apps on the phones also other_apps.csv and other_app_summary.csv, and other_app_days.csv when the \
      experiment's outputs ask for it. Exits claims first: 1 when a \
      hypothesis fails; else 3 when one is inconclusive (more owners may decide it); else 4 when it printed a \
      warning (its figures may mislead: read the warning); else 0; 2 on bad input.
      """
  )

  @Argument(help: "An experiment YAML file (default: experiments/refresh-vs-processing.yaml, built in).")
  var file: String?

  @OptionGroup var overrides: ExperimentOverrides
  @Option(help: "Output folder.") var out: String?
  @Option(help: "Parallel jobs; the output does not depend on it.") var jobs: Int = ProcessInfo.processInfo
    .activeProcessorCount
  @Flag(help: "Keep the finished work of an interrupted run in --out and do only what is missing.")
  var resume = false
  @Flag(help: "No progress bar.") var quiet = false
  @Flag(help: "Also write report.html (see bgsim report).") var report = false
  @Option(help: "Run only shard K of N (K/N) into --out; combine the shards with bgsim merge.") var shard:
    String?
  @Option(
    help:
      "Also report launched_by_HH:MM: the share of days with a successful run by this time (00:01 to 24:00, the whole day; repeatable)."
  )
  var by: [String] = []
  @Option(help: "A fit's posterior.csv: each replication draws its parameters from it (see bgsim fit).")
  var posterior: String?
  @Flag(help: "Also write launch_log.csv: one owner's launch log, as an app would log it (see bgsim fit).")
  var writeLog = false
  @Option(help: "The owner whose log --write-log writes (cell 0, replication 0).") var logOwner = 0
  @Option(help: "The arm whose log --write-log writes (default: the first).") var logArm: String?

  var request: RunRequest {
    var r = RunRequest()
    r.file = file
    r.out = out
    r.jobs = jobs
    r = overrides.applied(to: r)
    r.resume = resume
    r.shard = shard
    r.posterior = posterior
    r.by = by
    return r
  }

  func validate() throws {
    if let p = request.problem() { throw ValidationError(p) }
  }

  func run() throws {
    // What the experiment would silently never do, said before it runs.
    let before = try request.warnings()
    for warning in before { FileHandleOutput.standardError("bgsim: \(warning)") }
    let bar = SharedProgress(label: "run", quiet: quiet)
    let (text, result, warnings) = try request.run { done, total in
      bar.update(done: done, total: total, unit: "device-days")
    }
    print(text)
    for warning in warnings { FileHandleOutput.standardError("bgsim: \(warning)") }
    if self.report, shard == nil {
      let dir = request.outputDirectory(for: try request.load())
      print("wrote \(try HTMLReport.write(directory: dir))")
    }
    if writeLog, shard == nil {
      let spec = try request.load()
      let path = URL(fileURLWithPath: request.outputDirectory(for: spec)).appendingPathComponent(
        "launch_log.csv")
      try LaunchLog.of(spec, device: logOwner, arm: logArm).write(to: path.path)
      print("wrote \(path.path)")
    }
    // A shard's figures come only with the merge, which is where they are judged.
    try RunExit.check(result, warned: shard == nil && !(before + warnings).isEmpty)
  }
}
