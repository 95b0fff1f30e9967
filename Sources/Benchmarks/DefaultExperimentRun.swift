import Experiments
import FileFormats
import Foundation

/// The default experiment as the benchmarks run it: 30 days, both arms, on one core,
/// written to a scratch folder that is removed afterwards.
enum DefaultExperimentRun {
  /// The default experiment with enough owners for `deviceDays` (30 days × 2 arms each).
  static func spec(deviceDays: Int, seed: UInt64) throws(UserError) -> ExperimentSpec {
    var request = RunRequest()
    request.days = 30
    request.devices = max(1, Int((Double(deviceDays) / 60).rounded(.up)))
    request.seed = seed
    request.jobs = 1
    // One run timed: a fixed one-day warm-up, not the pilot run of `warmup_days: auto`.
    var spec = try request.load()
    spec.warmupIsAuto = false
    return spec
  }

  /// Runs `spec` on one job, its outputs in a scratch folder named after `label`.
  static func run(_ spec: ExperimentSpec, label: String) throws(UserError) -> ExperimentRunner.Result {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "bgsim-bench-\(label)\(ProcessInfo.processInfo.processIdentifier)"
    ).path
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let options = ExperimentRunner.Options(outputDirectory: dir, jobs: 1, resume: false, commandLine: [])
    return try ExperimentRunner(spec: spec, options: options).run()
  }
}
