import FileFormats
import Foundation
import Results

extension ExperimentRunner {
  /// For `warmup_days: auto`, the runner of the same experiment with the warm-up a pilot
  /// run read (``ExperimentSpec/warmupPilotSpec()``, ``StartupTransient``); nil when the
  /// warm-up is fixed or already read. The pilot is the whole run without a warm-up (for
  /// a shard too, so that every shard reads the same), in a hidden folder of the output
  /// folder removed afterwards: the same owners and seeds, so the run's own daily
  /// launches show the transient the pilot read. `progress` sees the pilot as the first
  /// half of the work. A run too short to read the transient from (under 3 days, or
  /// launches still rising where the rule stops) is never refused: it leaves out the
  /// longest warm-up the rule searches, and its summary warns
  /// (``StartupTransient/warning(warmupDays:days:label:)``).
  func resolvingAutoWarmup(progress: @escaping @Sendable (Int, Int) -> Void) throws(UserError)
    -> ExperimentRunner?
  {
    guard spec.warmupIsAuto, spec.warmupPilot == nil else { return nil }
    guard spec.days >= 3 else {
      let longest = StartupTransient(
        days: StartupTransient.searchLimit(days: spec.days), atSearchLimit: true, dayMeans: [])
      return ExperimentRunner(spec: spec.resolvingWarmup(longest), options: options)
    }
    // A bad output folder is named as itself, not as the pilot's.
    try OutputFolder.prepare(directory: options.outputDirectory)
    let (clock, began) = (ContinuousClock(), ContinuousClock().now)
    let pilot: ExperimentSpec
    do { pilot = try spec.warmupPilotSpec() } catch { throw UserError(error.description) }
    let directory = URL(fileURLWithPath: options.outputDirectory).appendingPathComponent(".warmup-pilot").path
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let result = try ExperimentRunner(
      spec: pilot,
      options: Options(outputDirectory: directory, jobs: options.jobs, resume: false, commandLine: [])
    ).run { done, total in progress(done, 2 * total) }
    let transient = result.summary?.transient ?? StartupTransient(days: 0, atSearchLimit: false, dayMeans: [])
    var timed = options
    timed.pilotSeconds = (clock.now - began).inSeconds
    return ExperimentRunner(spec: spec.resolvingWarmup(transient), options: timed)
  }
}
