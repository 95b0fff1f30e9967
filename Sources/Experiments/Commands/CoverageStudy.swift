import FileFormats
import Foundation
import Results

/// `bgsim coverage`: how often the summary's 95 % intervals hold the truth. An
/// experiment is run many times, each with its own seed and few owners, and once with
/// many owners, whose figures are taken as the truth; each interval of `summary.csv`
/// (each mean's, and the median's of delays and staleness) is checked against them.
public struct CoverageStudy: Sendable {
  public struct Options: Sendable {
    /// Small runs, each with its own seed.
    public var runs = 60
    /// Owners of each small run (default: 20).
    public var devices = 20
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
  /// removed once its summary is read; `coverage.csv` is written there.
  public static func run(
    _ request: RunRequest, options: Options, directory: String,
    progress: @escaping @Sendable (Int, Int) -> Void
  ) throws(UserError) -> CoverageStudy {
    let base = try request.load()
    try OutputFolder.prepare(directory: directory)
    let deviceDays = { (spec: ExperimentSpec, devices: Int) in
      devices * spec.replications * spec.days * spec.arms.count * spec.cells.count
    }
    let total = deviceDays(base, options.referenceDevices) + options.runs * deviceDays(base, options.devices)
    var done = 0
    // With `warmup_days: auto`, the reference run reads the warm-up (from its pilot) and
    // every small run leaves out the same days: one estimand for all runs.
    func runOnce(devices: Int, seed: UInt64, folder: String, warmup: StartupTransient? = nil)
      throws(UserError)
      -> (intervals: [SummaryInterval], transient: StartupTransient?)
    {
      var r = request
      r.devices = devices
      r.seed = seed
      r.out = (directory as NSString).appendingPathComponent(folder)
      var spec = try r.load()
      if let warmup, spec.warmupIsAuto { spec = spec.resolvingWarmup(warmup) }
      let before = done
      // A pilot (`warmup_days: auto`) counts as part of the run's share of the work.
      let share = deviceDays(spec, devices)
      // The reference's warm-up is the estimand's, settled or not.
      let summary = try r.runForSummary(spec) { d, t in
        progress(before + d * share / max(t, 1), total)
      }
      done += deviceDays(spec, devices)
      let others = try OtherAppSummary.compute(directory: r.out!, plan: spec.summaryPlan, write: false)
      return (SummaryInterval.all(summary, others), summary.transient)
    }
    let (reference, warmup) = try runOnce(
      devices: options.referenceDevices, seed: base.seed, folder: "reference")
    var truth: [String: SummaryInterval] = [:]
    for i in reference { truth[i.id] = i }
    var counts: [String: (runs: Int, covered: Int, high: Int, low: Int)] = [:]
    var order: [SummaryInterval] = []
    for k in 1...max(1, options.runs) {
      let folder = "run-\(k)"
      let intervals = try runOnce(
        devices: options.devices, seed: base.seed &+ UInt64(k), folder: folder,
        warmup: warmup ?? StartupTransient(days: 0, atSearchLimit: false, dayMeans: [])
      ).intervals
      try? FileManager.default.removeItem(atPath: (directory as NSString).appendingPathComponent(folder))
      for r in intervals {
        guard let t = truth[r.id], t.estimate.isFinite else { continue }
        if counts[r.id] == nil { order.append(t) }
        var c = counts[r.id] ?? (0, 0, 0, 0)
        if r.low.isFinite, r.high.isFinite {
          c.runs += 1
          if r.low <= t.estimate, t.estimate <= r.high { c.covered += 1 }
          if r.low > t.estimate { c.high += 1 }
          if r.high < t.estimate { c.low += 1 }
        }
        counts[r.id] = c
      }
    }
    let rows = order.map { t in
      let c = counts[t.id] ?? (0, 0, 0, 0)
      return CoverageRow(
        reference: t, runs: c.runs, covered: c.covered, missedHigh: c.high, missedLow: c.low,
        band: CoverageRow.acceptedCounts(runs: c.runs, band: options.band))
    }
    let study = CoverageStudy(rows: rows, options: options)
    try CoverageRow.write(rows, to: (directory as NSString).appendingPathComponent(CSVSchema.coverage.file))
    return study
  }

  /// The console's table: each interval's coverage, its band, and whether it is in it.
  public func render() -> String {
    var lines = [
      "share of \(options.runs) runs (\(options.devices) owners each) whose 95 % interval holds the value of \(options.referenceDevices) owners;",
      "band: the counts a true coverage in [\(options.band.lowerBound), \(options.band.upperBound)] gives with 99.9 % probability",
    ]
    var table = [
      ["cell", "arm", "app", "metric", "statistic", "coverage", "too high", "too low", "band", ""]
    ]
    for r in rows {
      let t = r.reference
      table.append([
        String(t.cell), t.kind == .cellDifference ? "\(t.arm) − baseline" : t.arm,
        t.app.isEmpty ? "-" : t.app,
        t.metric, t.statistic,
        r.runs > 0 ? "\(r.covered)/\(r.runs) = \(Format.fixed(r.coverage, digits: 3))" : "no interval",
        String(r.missedHigh), String(r.missedLow),
        "\(r.band.lowerBound)…\(r.band.upperBound)", r.inBand ? "ok" : "OUT",
      ])
    }
    lines += TextTable.lines(table, trimmed: true)
    let out = rows.filter { !$0.inBand }.count
    let lowest = rows.filter { $0.runs > 0 }.min { $0.coverage < $1.coverage }
    lines.append(
      "\(rows.count - out) of \(rows.count) intervals in band"
        + (lowest.map {
          "; lowest coverage \(Format.fixed($0.coverage, digits: 3)) (\($0.reference.arm)\($0.reference.app.isEmpty ? "" : " " + $0.reference.app) \($0.reference.metric) \($0.reference.statistic))"
        } ?? ""))
    return lines.joined(separator: "\n") + "\n"
  }
}
