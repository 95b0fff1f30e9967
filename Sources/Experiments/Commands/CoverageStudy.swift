import FileFormats
import Foundation
import Results
import Synchronization

/// `bgsim coverage`: how often the summary's 95 % intervals hold the truth. An
/// experiment is run many times, each with its own seed and few owners, and once with
/// many owners, whose figures are taken as the truth; each interval of `summary.csv`
/// (each mean's, and the median's of delays and staleness) is checked against them.
public struct CoverageStudy: Sendable {
  public struct Options: Sendable {
    /// Small runs, each with its own seed (default: 200, the project's study).
    public var runs = 200
    /// Owners of each small run (default: 40, which get no few-owners warning).
    public var devices = 40
    /// Owners of the reference run (default: 1,500).
    public var referenceDevices = 1500
    /// The band the true coverage of a nominal 95 % interval should lie in.
    public var band: ClosedRange<Double> = 0.90...0.99
    public init() {}
  }

  public let rows: [CoverageRow]
  public let options: Options

  /// Runs the study: `request`'s experiment with `options.referenceDevices` owners
  /// (its own seed), then `options.runs` times with `options.devices` owners and seeds
  /// seed + 1, seed + 2, … Each run's files go to a scratch folder under `directory`,
  /// removed once its summary is read; `coverage.csv` is written there. The reference
  /// runs on `request.jobs` jobs; the small runs run that many at a time, one job each
  /// (a run's summary is one job's work, so a small run on two jobs leaves one idle much
  /// of the time). Nothing here depends on the jobs: every run gives the same figures.
  public static func run(
    _ request: RunRequest, options: Options, directory: String,
    progress: @escaping @Sendable (Int, Int) -> Void
  ) throws(UserError) -> CoverageStudy {
    let base = try request.load()
    try OutputFolder.prepare(directory: directory)
    let total = deviceDays(base, options.referenceDevices) + options.runs * deviceDays(base, options.devices)
    // With `warmup_days: auto`, the reference run reads the warm-up (from its pilot) and
    // every small run leaves out the same days: one estimand for all runs.
    let reference = try runOnce(
      request, devices: options.referenceDevices, seed: base.seed, jobs: request.jobs,
      folder: (directory as NSString).appendingPathComponent("reference")
    ) { d in progress(d, total) }
    let warmup = reference.transient ?? StartupTransient(days: 0, atSearchLimit: false, dayMeans: [])
    let small = try smallRuns(
      request, base, options: options, directory: directory, warmup: warmup,
      done: deviceDays(base, options.referenceDevices)
    ) { d in progress(d, total) }
    let rows = CoverageRow.counting(reference: reference.intervals, runs: small, band: options.band)
    let study = CoverageStudy(rows: rows, options: options)
    try CoverageRow.write(rows, to: (directory as NSString).appendingPathComponent(CSVSchema.coverage.file))
    return study
  }

  /// The device-days of `spec` run with `devices` owners.
  static func deviceDays(_ spec: ExperimentSpec, _ devices: Int) -> Int {
    devices * spec.replications * spec.days * spec.arms.count * spec.cells.count
  }

  /// The small runs' intervals, in the order of their seeds (`base`'s seed + 1, + 2, …),
  /// run `request.jobs` at a time; `progress(device-days)` counts on from `done`.
  static func smallRuns(
    _ request: RunRequest, _ base: ExperimentSpec, options: Options, directory: String,
    warmup: StartupTransient, done: Int, progress: @escaping @Sendable (Int) -> Void
  ) throws(UserError) -> [[SummaryInterval]] {
    let runs = max(1, options.runs)
    let results = Mutex<[[SummaryInterval]?]>(Array(repeating: nil, count: runs))
    let failure = Mutex<(run: Int, error: UserError)?>(nil)
    // The device-days of the finished runs, and of each running one so far, by run.
    let counted = Mutex<(finished: Int, running: [Int: Int])>((done, [:]))
    let next = Atomic<Int>(0)
    DispatchQueue.concurrentPerform(iterations: max(1, min(request.jobs, runs))) { _ in
      while true {
        let k = next.add(1, ordering: .relaxed).oldValue
        guard k < runs, failure.withLock({ $0 == nil }) else { return }
        let folder = (directory as NSString).appendingPathComponent("run-\(k + 1)")
        // Reported under the lock, so that the count never goes back.
        let report: @Sendable (Int) -> Void = { d in
          counted.withLock {
            $0.running[k] = d
            progress($0.finished + $0.running.values.reduce(0, +))
          }
        }
        do throws(UserError) {
          let r = try runOnce(
            request, devices: options.devices, seed: base.seed &+ UInt64(k + 1), jobs: 1, folder: folder,
            warmup: warmup, progress: report)
          try? FileManager.default.removeItem(atPath: folder)
          results.withLock { $0[k] = r.intervals }
          counted.withLock {
            $0.running[k] = nil
            $0.finished += deviceDays(base, options.devices)
          }
        } catch {
          failure.withLock { if ($0?.run ?? .max) > k { $0 = (k, error) } }
        }
      }
    }
    if let f = failure.withLock({ $0 }) { throw f.error }
    return results.withLock { $0.map { $0 ?? [] } }
  }

  /// One run of `request`'s experiment with `devices` owners, `seed` and `jobs`, in
  /// `folder`; `warmup` resolves `warmup_days: auto` (nil: the run's own pilot reads it).
  /// `progress(device-days)` as the run goes, a pilot counted in the run's share.
  static func runOnce(
    _ request: RunRequest, devices: Int, seed: UInt64, jobs: Int, folder: String,
    warmup: StartupTransient? = nil, progress: @escaping @Sendable (Int) -> Void
  ) throws(UserError) -> (intervals: [SummaryInterval], transient: StartupTransient?) {
    var r = request
    (r.devices, r.seed, r.jobs, r.out) = (devices, seed, jobs, folder)
    var spec = try r.load()
    if let warmup, spec.warmupIsAuto { spec = spec.resolvingWarmup(warmup) }
    let share = deviceDays(spec, devices)
    // The reference's warm-up is the estimand's, settled or not.
    let summary = try r.runForSummary(spec) { d, t in progress(d * share / max(t, 1)) }
    let others = try OtherAppSummary.compute(directory: folder, plan: spec.summaryPlan, write: false)
    return (SummaryInterval.all(summary, others), summary.transient)
  }

  /// The console's table: each interval's coverage, its band, and whether it is in it.
  public func render() -> String {
    CoverageRow.table(
      rows, runs: options.runs, devices: options.devices, referenceDevices: options.referenceDevices,
      band: options.band)
  }
}
