import ArgumentParser
import Calibration
import Experiments
import Foundation
import Results

/// `bgsim fit`: learn model parameters from the validation suite.
struct Fit: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "fit",
    abstract: "Fit model parameters to the validation cases by approximate Bayesian computation.",
    discussion: """
      FILE names the parameters with their priors, the targets (validation cases, or a device's launch \
      log) and the number of draws (see experiments/fits/). Each draw is simulated with fixed seeds; the \
      closest draws are kept. Writes draws.csv, posterior.csv, fit_summary.csv, fitted.yaml and the \
      scorecard (or the log's figures) on the fitted values to --out, and prints each parameter's prior \
      and posterior.
      """
  )

  @Argument(help: "The fit file (YAML).") var file: String
  @Option(help: "Fit to this launch log (time,event,task_id,value) instead of the file's targets.log.")
  var log: String?
  @Option(help: "Output folder (default: notebooks-data/fit-NAME).") var out: String?
  @Option(help: "Parallel jobs; the fit does not depend on it.") var jobs: Int = ProcessInfo.processInfo
    .activeProcessorCount
  @Flag(help: "Reuse the draws of an interrupted fit of the same file.") var resume = false
  @Flag(help: "No progress bar.") var quiet = false
  @Option(help: "Simulate only shard K of N (K/N) of the draws into --out; finish the fit with bgsim merge.")
  var shard: String?

  func validate() throws {
    guard (1...1024).contains(jobs) else { throw ValidationError("--jobs must be 1…1024 (got \(jobs))") }
    if let shard, Shard(text: shard) == nil {
      throw ValidationError("--shard must be K/N with 1 ≤ K ≤ N, e.g. 2/8 (got '\(shard)')")
    }
  }

  func run() throws {
    let spec = try FitSpec.load(file: file, log: log)
    let directory = out ?? "notebooks-data/fit-\(spec.name)"
    let bar = SharedProgress(label: "fit", quiet: quiet)
    let options = ABCFit.Options(
      outputDirectory: directory, jobs: jobs, resume: resume, shard: shard.flatMap(Shard.init(text:)))
    let fit = ABCFit(spec: spec, options: options)
    let outcome = try fit.run { done, total, tolerance in
      bar.update(
        done: done, total: total, unit: "draws",
        detail: tolerance.isFinite ? "tolerance \(String(format: "%.3g", tolerance))" : "")
    }
    guard let result = outcome else {
      print(
        "\(spec.name): fit shard \(shard ?? "") done, in \(directory); combine the shards with bgsim merge")
      return
    }
    print(FitOutput.text(result, spec: spec), terminator: "")
    let last = spec.target is LogTarget ? "log_figures.csv" : "scorecard.csv"
    print("wrote draws.csv, posterior.csv, fit_summary.csv, fitted.yaml, \(last) to \(directory)/")
  }
}
