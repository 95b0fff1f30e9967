import ArgumentParser
import Experiments
import Foundation

/// `bgsim fit`: learn model parameters from the validation suite.
struct Fit: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Fit model parameters to the validation cases by approximate Bayesian computation.",
    discussion: """
      FILE names the parameters with their priors, the target cases and the number of draws (see \
      experiments/fits/). Each draw is simulated on every target case with the cases' own seeds; the \
      closest draws are kept. Writes draws.csv, posterior.csv, fit_summary.csv, fitted.yaml and the \
      scorecard of the fitted values to --out, and prints each parameter's prior and posterior.
      """
  )

  @Argument(help: "The fit file (YAML).") var file: String
  @Option(help: "Output folder (default: notebooks-data/fit-NAME).") var out: String?
  @Option(help: "Parallel jobs; the fit does not depend on it.") var jobs: Int = ProcessInfo.processInfo
    .activeProcessorCount
  @Flag(help: "Reuse the draws of an interrupted fit of the same file.") var resume = false
  @Flag(help: "No progress bar.") var quiet = false

  func validate() throws {
    guard (1...1024).contains(jobs) else { throw ValidationError("--jobs must be 1…1024 (got \(jobs))") }
  }

  func run() throws {
    let spec = try FitSpec.load(file: file)
    let directory = out ?? "notebooks-data/fit-\(spec.name)"
    let bar = SharedProgress(label: "fit", quiet: quiet)
    let fit = ABCFit(
      spec: spec, options: ABCFit.Options(outputDirectory: directory, jobs: jobs, resume: resume))
    let result = try fit.run { done, total, tolerance in
      bar.update(
        done: done, total: total, unit: "draws",
        detail: tolerance.isFinite ? "tolerance \(String(format: "%.3g", tolerance))" : "")
    }
    print(FitOutput.text(result, spec: spec), terminator: "")
    print("wrote draws.csv, posterior.csv, fit_summary.csv, fitted.yaml, scorecard.csv to \(directory)/")
  }
}
