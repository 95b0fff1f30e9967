import DeviceModel
import Dispatch
import Foundation
import Randomness
import Synchronization

/// `summary.csv`, `hour_of_day.csv` and `hypotheses.csv`, computed from `launches.csv`
/// and `days.csv` alone, so that merged shards give the same bytes as one run.
public struct SummaryTables: Sendable {
  public struct Row: Sendable {
    public let cell: Int
    public let kind: String
    public let arm: String
    public let metric: MetricName
    public let n: Int
    public let mean: Double
    public let sd: Double
    public let low: Double
    public let high: Double
    public let median: Double
    public let p10: Double
    public let p90: Double
    public let pValue: Double?
  }

  public struct Verdict: Sendable {
    public let cell: Int
    public let hypothesis: String
    public let estimate: Double
    public let low: Double
    public let high: Double
    public let pValue: Double?
    public let passed: Bool
  }

  public let rows: [Row]
  public let verdicts: [Verdict]

  public init(rows: [Row], verdicts: [Verdict]) {
    self.rows = rows
    self.verdicts = verdicts
  }

  /// Per (cell, arm): per-owner values of each owner metric, and pooled values.
  struct Bucket {
    var owners: [String: [MetricName: Double]] = [:]
    var delays = PooledValues()
    var staleness = PooledValues()
    var hours = [Int](repeating: 0, count: 24)
    /// Per owner: the launches of each day after the warm-up, summed.
    var ownerDays: [String: Statistics.GroupSums] = [:]
  }

  /// The group of a pooled metric of a (cell, arm) in the spill files and ``OrderStatistics``.
  static func group(cell: Int, arm: Int, arms: Int, _ metric: MetricName) -> Int32 {
    Int32((cell * arms + arm) * 2 + (metric == .delayAfterEarliest ? 0 : 1))
  }

  struct Counts {
    var launched = 0.0, charging = 0.0, completed = 0.0, expired = 0.0, days = 0.0, energy = 0.0
    /// Launches counted by day in days.csv, and the sum of their squares.
    var dayLaunches = 0.0, dayLaunchSquares = 0.0
  }

  /// What a slice of the rows contributes: per-owner counts and per-(cell, arm) values.
  struct Partial {
    var counts: [String: Counts] = [:]  // key "cell|arm|rep|device"
    var buckets: [String: Bucket] = [:]  // key "cell|arm"

    /// Adds another slice's share (of other owners: an owner's rows are never split).
    mutating func merge(_ other: Partial) {
      counts.merge(other.counts) { a, _ in a }
      for (key, b) in other.buckets {
        buckets[key, default: Bucket()].delays.merge(b.delays)
        buckets[key, default: Bucket()].staleness.merge(b.staleness)
        for h in 0..<24 { buckets[key, default: Bucket()].hours[h] += b.hours[h] }
      }
    }
  }

  /// The tables from the merged `launches.csv` and `days.csv` in `directory`.
  /// The summary's definition: the tables of the rows in the merged files. With
  /// `write`, the summary files are written too.
  public static func compute(directory: String, spec: ExperimentSpec, write: Bool = true) throws(UserError)
    -> SummaryTables
  {
    let dir = URL(fileURLWithPath: directory)
    removeLeftoverSpills(directory)
    let spill = try PooledValueSpill(path: spillPath(directory, 0))
    defer { try? FileManager.default.removeItem(atPath: spill.path) }
    let p = try read(
      days: [dir.appendingPathComponent("days.csv").path],
      launches: [dir.appendingPathComponent("launches.csv").path],
      headers: true, arms: spec.arms.map(\.name), warmupDays: spec.warmupDays, spill: spill)
    return try tables(p, directory: directory, spec: spec, spills: [spill.path], write: write)
  }

  /// A hidden scratch file in the output folder, removed when the summary is done.
  static func spillPath(_ directory: String, _ index: Int) -> String {
    URL(fileURLWithPath: directory).appendingPathComponent(
      "\(spillPrefix)\(index)-\(ProcessInfo.processInfo.processIdentifier)"
    ).path
  }

  static let spillPrefix = ".summary-values-"

  /// Removes the scratch files that a process killed while summarising left in `directory`.
  static func removeLeftoverSpills(_ directory: String) {
    AtomicFileWriter.removeFiles(in: directory) { $0.hasPrefix(spillPrefix) }
  }

  /// The same tables from the part files of chunks, in chunk order, read in two halves,
  /// on two threads when `jobs` allows (the run's `--jobs`), and the share `gathered`
  /// from the other chunks as they ran, its values spilled to `gatheredSpill`: the rows
  /// are those of the merged files and the sums exact, so the bytes agree. With
  /// `commits`, the files are committed there, after what is queued before them (and
  /// dropped if that fails).
  static func compute(
    parts: [(days: String, launches: String)], gathered: Partial = Partial(), gatheredSpill: String? = nil,
    directory: String, spec: ExperimentSpec, jobs: Int, commits: DeferredCommits? = nil
  )
    throws(UserError) -> SummaryTables
  {
    let half = (parts.count + 1) / 2
    let slices = [Array(parts[..<half]), Array(parts[half...])]
    let results = Mutex<[Result<Partial, UserError>?]>([nil, nil])
    // (A killed run's scratch files were removed when this run began.)
    let spills = (0..<2).map { spillPath(directory, $0) }
    defer { for path in spills { try? FileManager.default.removeItem(atPath: path) } }
    let arms = spec.arms.map(\.name)
    @Sendable func readHalf(_ i: Int) {
      let r: Result<Partial, UserError>
      do {
        let spill = try PooledValueSpill(path: spills[i])
        r = .success(
          try read(
            days: slices[i].map(\.days), launches: slices[i].map(\.launches), headers: false, arms: arms,
            warmupDays: spec.warmupDays, spill: spill))
      } catch {
        r = .failure(error)
      }
      results.withLock { $0[i] = r }
    }
    if parts.isEmpty {
      // Every chunk ran here: nothing to read back.
    } else if jobs > 1 {
      DispatchQueue.concurrentPerform(iterations: 2) { readHalf($0) }
    } else {
      for i in 0..<2 { readHalf(i) }
    }
    var merged = gathered
    for r in results.withLock({ $0 }) {
      guard let r else { continue }
      let partial: Partial
      switch r {
      case .success(let p): partial = p
      case .failure(let e): throw e
      }
      merged.merge(partial)
    }
    return try tables(
      merged, directory: directory, spec: spec,
      spills: (parts.isEmpty ? [] : spills) + (gatheredSpill.map { [$0] } ?? []), commits: commits)
  }

  /// The quantiles the summary and the hypotheses read (with their 95 % intervals).
  static let quantileLevels = [0.1, 0.5, 0.9]

  /// The ranks (from 0) of the order statistics of `count` values that the summary and
  /// the hypotheses read: those of each quantile and of its interval.
  static func ranksNeeded(count: Int) -> Set<Int> {
    var ranks = Set<Int>()
    for p in quantileLevels {
      ranks.formUnion(Statistics.quantileRanks(count: count, p))
      if let (lo, hi) = quantileIntervalRanks(count: count, p) { ranks.formUnion([lo, hi]) }
    }
    return ranks
  }

  static func tables(
    _ p: Partial, directory: String, spec: ExperimentSpec, spills: [String], commits: DeferredCommits? = nil,
    write: Bool = true
  )
    throws(UserError)
    -> SummaryTables
  {
    var buckets = p.buckets
    let counts = p.counts
    for (owner, k) in counts {
      let parts = owner.split(separator: "|", omittingEmptySubsequences: false)
      let key = "\(parts[0])|\(parts[1])"
      let id = "\(parts[2])|\(parts[3])"
      var m: [MetricName: Double] = [:]
      m[.launchesPerDeviceDay] = k.days > 0 ? k.launched / k.days : .nan
      m[.energyPerDay] = k.days > 0 ? k.energy / k.days : .nan
      m[.shareWhileCharging] = k.launched > 0 ? k.charging / k.launched : .nan
      m[.completionRate] = k.launched > 0 ? k.completed / k.launched : .nan
      m[.expiryRate] = k.launched > 0 ? k.expired / k.launched : .nan
      buckets[key, default: Bucket()].owners[id] = m
      buckets[key, default: Bucket()].ownerDays[id] = Statistics.GroupSums(
        count: k.days, sum: k.dayLaunches, sumOfSquares: k.dayLaunchSquares)
    }
    let arms = spec.arms.map(\.name)
    var pools: [Int32: PooledValues] = [:]
    var ranks: [Int32: Set<Int>] = [:]
    for cell in spec.cells.indices {
      for (a, arm) in arms.enumerated() {
        guard let b = buckets["\(cell)|\(arm)"] else { continue }
        for (metric, pool) in [(MetricName.delayAfterEarliest, b.delays), (.stalenessAtOpen, b.staleness)] {
          let g = group(cell: cell, arm: a, arms: arms.count, metric)
          pools[g] = pool
          ranks[g] = ranksNeeded(count: pool.count)
        }
      }
    }
    let order = try OrderStatistics(ranks: ranks, pools: pools, spills: spills)
    let pooled = Pooled(pools: pools, order: order, arms: arms)
    var rows: [Row] = []
    for cell in spec.cells.indices {
      for arm in arms {
        let b = buckets["\(cell)|\(arm)"] ?? Bucket()
        for metric in MetricName.allCases {
          if metric == .iccLaunchesPerDay {
            rows.append(intraClassRow(cell, arm, b))
          } else if metric.unit == "owner" {
            rows.append(describe(cell, "arm", arm, metric, values(b, metric), pValue: nil))
          } else {
            rows.append(pooled.describe(cell, arm, metric))
          }
        }
      }
      for i in arms.indices {
        for j in arms.indices where j > i {
          let a = buckets["\(cell)|\(arms[i])"] ?? Bucket()
          let b = buckets["\(cell)|\(arms[j])"] ?? Bucket()
          for metric in MetricName.allCases where metric.unit == "owner" {
            let (x, y) = paired(a, b, metric)
            let p = x.count > 1 ? Statistics.pairedDifference(x, y).test.pValue : .nan
            rows.append(
              describe(
                cell, "paired_difference", "\(arms[i]) vs \(arms[j])", metric, zip(x, y).map { $0 - $1 },
                pValue: p))
          }
        }
      }
    }
    var verdicts: [Verdict] = []
    for cell in spec.cells.indices {
      for h in spec.hypotheses { verdicts.append(evaluate(h, cell: cell, buckets, pooled)) }
    }
    let tables = SummaryTables(rows: rows, verdicts: verdicts)
    if write { try tables.write(directory: directory, buckets: buckets, spec: spec, commits: commits) }
    return tables
  }

  /// The intra-class correlation of launches per day among the owners of a (cell, arm).
  static func intraClassRow(_ cell: Int, _ arm: String, _ b: Bucket) -> Row {
    let groups = b.ownerDays.keys.sorted().compactMap { b.ownerDays[$0] }
    let ci = Statistics.intraClassCorrelation(groups)
    return Row(
      cell: cell, kind: "arm", arm: arm, metric: .iccLaunchesPerDay, n: groups.count,
      mean: ci?.estimate ?? .nan,
      sd: .nan, low: ci?.lower ?? .nan, high: ci?.upper ?? .nan, median: .nan, p10: .nan, p90: .nan,
      pValue: nil)
  }

  /// The per-owner values of an owner metric, in owner order.
  static func values(_ b: Bucket, _ metric: MetricName) -> [Double] {
    b.owners.keys.sorted().compactMap { b.owners[$0]?[metric] }.filter { !$0.isNaN }
  }

  /// The pooled metrics of every (cell, arm), with their order statistics resolved.
  struct Pooled {
    let pools: [Int32: PooledValues]
    let order: OrderStatistics
    let arms: [String]

    func group(_ cell: Int, _ arm: String, _ metric: MetricName) -> Int32? {
      arms.firstIndex(of: arm).map { SummaryTables.group(cell: cell, arm: $0, arms: arms.count, metric) }
    }

    func pool(_ cell: Int, _ arm: String, _ metric: MetricName) -> PooledValues {
      group(cell, arm, metric).flatMap { pools[$0] } ?? PooledValues()
    }

    func quantile(_ cell: Int, _ arm: String, _ metric: MetricName, _ p: Double) -> Double {
      guard let g = group(cell, arm, metric) else { return .nan }
      return Statistics.quantile(count: pool(cell, arm, metric).count, p) { order.seconds(g, rank: $0) }
    }

    /// The quantile and a distribution-free 95 % interval for it (``quantileIntervalRanks(count:_:)``).
    func quantileInterval(_ cell: Int, _ arm: String, _ metric: MetricName, _ p: Double) -> (
      Double, Double, Double
    ) {
      let n = pool(cell, arm, metric).count
      guard let g = group(cell, arm, metric), let (lo, hi) = SummaryTables.quantileIntervalRanks(count: n, p)
      else { return (.nan, .nan, .nan) }
      return (quantile(cell, arm, metric, p), order.seconds(g, rank: lo), order.seconds(g, rank: hi))
    }

    func describe(_ cell: Int, _ arm: String, _ metric: MetricName) -> Row {
      let pool = pool(cell, arm, metric)
      let ci = Statistics.confidenceInterval(mean: pool.mean, variance: pool.variance, count: pool.count)
      return Row(
        cell: cell, kind: "arm", arm: arm, metric: metric, n: pool.count, mean: ci.estimate,
        sd: pool.variance.squareRoot(), low: ci.lower, high: ci.upper,
        median: quantile(cell, arm, metric, 0.5), p10: quantile(cell, arm, metric, 0.1),
        p90: quantile(cell, arm, metric, 0.9), pValue: nil)
    }
  }

  static func paired(_ a: Bucket, _ b: Bucket, _ metric: MetricName) -> ([Double], [Double]) {
    var x: [Double] = []
    var y: [Double] = []
    for id in a.owners.keys.sorted() {
      guard let u = a.owners[id]?[metric], let v = b.owners[id]?[metric], !u.isNaN, !v.isNaN else { continue }
      x.append(u)
      y.append(v)
    }
    return (x, y)
  }

  static func describe(
    _ cell: Int, _ kind: String, _ arm: String, _ metric: MetricName, _ xs: [Double], pValue: Double?
  )
    -> Row
  {
    let ci = Statistics.confidenceInterval(xs)
    let sorted = xs.sorted()
    return Row(
      cell: cell, kind: kind, arm: arm, metric: metric, n: xs.count, mean: ci.estimate,
      sd: Statistics.standardDeviation(xs), low: ci.lower, high: ci.upper,
      median: Statistics.quantile(sorted: sorted, 0.5), p10: Statistics.quantile(sorted: sorted, 0.1),
      p90: Statistics.quantile(sorted: sorted, 0.9), pValue: pValue)
  }
}
