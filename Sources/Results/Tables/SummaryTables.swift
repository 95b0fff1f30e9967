import Dispatch
import FileFormats
import Foundation
import Randomness
import Synchronization

/// `summary.csv`, `hour_of_day.csv` and `hypotheses.csv`, computed from `launches.csv`
/// and `days.csv` alone, so that merged shards give the same bytes as one run.
public struct SummaryTables: Sendable {
  public struct Row: Sendable {
    public let cell: Int
    public let kind: SummaryRowKind
    public let arm: String
    public let metric: MetricName
    /// The independent units behind the intervals (``unit``): owners, or replications.
    public let n: Int
    /// What the intervals treat as independent: `owner`, or `replication` in a run
    /// with a posterior sample.
    public let unit: String
    /// The values behind the figure: launches for a delay, days with an app open for
    /// the staleness, owners for an owner figure.
    public let observations: Int
    public let mean: Double
    public let sd: Double
    public let low: Double
    public let high: Double
    public let median: Double
    /// The median's 95 % interval, with the owners as the units.
    public let medianLow: Double
    public let medianHigh: Double
    public let p10: Double
    public let p90: Double
    public let pValue: Double?
    /// The p-value adjusted by Holm's method over the sweep's cells (the same test in
    /// each cell); equal to ``pValue`` with one cell.
    public var pHolm: Double?

    /// The figure the console and the report show for this metric: the mean, or the
    /// median for a delay or a staleness, with its interval.
    public var shown: (estimate: Double, low: Double, high: Double) {
      metric.isSummarisedByMedian && kind == .arm ? (median, medianLow, medianHigh) : (mean, low, high)
    }
  }

  public struct Verdict: Sendable {
    /// What the interval says of a claim.
    public enum Result: String, Sendable {
      /// The whole interval (or, between arms, a significant difference) is on the
      /// claimed side.
      case pass = "PASS"
      /// The whole interval (or a significant difference) is on the other side.
      case fail = "FAIL"
      /// The interval holds the claimed bound: more owners may decide it.
      case inconclusive = "INCONCLUSIVE"
    }

    public let cell: Int
    public let hypothesis: String
    public let estimate: Double
    public let low: Double
    public let high: Double
    public let pValue: Double?
    /// The p-value adjusted by Holm's method over the sweep's cells; the verdict is
    /// decided by it.
    public let pHolm: Double?
    public let result: Result
    /// For an inconclusive claim: roughly how many owners would make the interval
    /// decide it (its width shrinks as 1/√owners); nil when none would (a claim at its
    /// own estimate) or when it is not a mean over owners.
    public let ownersNeeded: Int?
    /// What the interval counts, and ``ownersNeeded`` with it: `owner`, or
    /// `replication` when each replication drew its parameters from a posterior.
    public var unit = "owner"

    public var passed: Bool { result == .pass }
  }

  public let rows: [Row]
  public let verdicts: [Verdict]
  /// The longest start-up transient of the (cell, arm)s' day-by-day launches, by the
  /// MSER rule; nil for a run of fewer than 3 days.
  public let transient: StartupTransient?
  /// Owners' days, in every cell and arm, with the phone off from midnight to midnight,
  /// and all the owners' days.
  public var daysOff = (off: 0, of: 0)

  public init(rows: [Row], verdicts: [Verdict], transient: StartupTransient? = nil) {
    self.rows = rows
    self.verdicts = verdicts
    self.transient = transient
  }

  /// The longest transient of the (cell, arm)s' series in `buckets`; the first in
  /// cell and arm order among equals.
  static func longestTransient(_ buckets: [ArmKey: Bucket], plan: SummaryPlan) -> StartupTransient? {
    var longest: StartupTransient?
    for cell in plan.cells {
      for arm in plan.arms {
        guard
          var t = buckets[ArmKey(cell: cell, arm: arm)].flatMap({ StartupTransient(series: $0.days.means) })
        else { continue }
        (t.cell, t.arm) = (cell, arm)
        if t.days > longest?.days ?? -1 { longest = t }
      }
    }
    return longest
  }

  /// Per (cell, arm): its pooled values, its owners' figures and launches by hour.
  struct Bucket {
    var delays = PooledValues()
    var staleness = PooledValues()
    /// Each owner's sum and count of delays, and of staleness (one cluster per owner).
    var delayClusters = ClusteredSums()
    var stalenessClusters = ClusteredSums()
    var hours = [Int](repeating: 0, count: 24)
    /// The owners' figures, in the order of ``FigureSet/metrics`` (as many as added).
    var figures: [PooledValues] = []
    /// Per figure, the trials behind the owners' shares (``FigureSet/trials(_:)``), summed
    /// (whole numbers: exact in any order).
    var trials: [Double] = []
    /// Per owner: the launches of each day after the warm-up, summed.
    var intraClass = IntraClassSums()
    /// By hour of the day: each owner's share of days with a launch in that hour.
    var hourShares = [PooledValues](repeating: PooledValues(binned: false), count: 24)
    /// By day since the start, warm-up included: the owners' launches and the owners
    /// counted, for the start-up transient (``StartupTransient``).
    var days = DayLaunchTotals()

    mutating func merge(_ other: Bucket) {
      delays.merge(other.delays)
      staleness.merge(other.staleness)
      delayClusters.merge(other.delayClusters)
      stalenessClusters.merge(other.stalenessClusters)
      for h in 0..<24 { hours[h] += other.hours[h] }
      Self.pad(&figures, to: other.figures.count)
      for f in other.figures.indices { figures[f].merge(other.figures[f]) }
      addTrials(other.trials)
      intraClass.merge(other.intraClass)
      for h in 0..<24 { hourShares[h].merge(other.hourShares[h]) }
      days.merge(other.days)
    }

    /// Adds trials to ``trials``, figure by figure.
    mutating func addTrials(_ more: [Double]) {
      if trials.count < more.count { trials += Array(repeating: 0, count: more.count - trials.count) }
      for f in more.indices { trials[f] += more[f] }
    }

    /// Grows a list of figures' streams to `count`.
    static func pad(_ figures: inout [PooledValues], to count: Int) {
      if figures.count < count { figures += Array(repeating: PooledValues(), count: count - figures.count) }
    }
  }

  /// What one owner's rows in one arm count.
  struct Counts {
    var launched = 0.0, charging = 0.0, completed = 0.0, expired = 0.0, days = 0.0, energy = 0.0
    /// The part of `energy` drawn from the battery [mWh].
    var batteryEnergy = 0.0
    /// Launches counted by day in days.csv, and the sum of their squares.
    var dayLaunches = 0.0, dayLaunchSquares = 0.0
    /// App opens, and those with a successful run less than an hour before.
    var opens = 0.0, freshOpens = 0.0
    /// The hours with a launch.
    var launchHours = LaunchHours()
    /// By day: the time of day of the first successful (completed) run [ms].
    var firstSuccess = FirstCompletedRuns()

    /// Notes a completed run launched at `milliseconds` from the start.
    mutating func success(atMilliseconds ms: Int64) { firstSuccess.add(launchedAtMilliseconds: ms) }
  }

  /// What a slice of the rows contributes: sums per (cell, arm) and per pair of arms,
  /// never per owner, so that memory does not grow with the owners.
  package struct Partial {
    package init() {}

    var buckets: [ArmKey: Bucket] = [:]
    /// The owners' paired differences of each figure, by "cell|i|j" (arm indices, i < j).
    var pairs: [PairKey: [PooledValues]] = [:]
    /// By owner figure stream (``SummaryGroups``) and replication: the sums of that
    /// replication's owners, for intervals over replications (``ExperimentSpec/posterior``).
    var replicationSums: [Int32: [Int: PooledValues]] = [:]
    /// By pooled stream (delays, staleness) and replication: the total and count of
    /// that replication's values, for intervals over replications.
    var replicationTotals: [Int32: [Int: ClusterTotal]] = [:]

    /// Adds one owner's delays and staleness in a (cell, arm) as one cluster each of
    /// `bucket`, or to their replication's totals when intervals are over replications.
    mutating func addClusters(
      delays: ClusterTotal, staleness: ClusterTotal, groups: (delays: Int32, staleness: Int32)?,
      replication: Int, byReplication: Bool, to bucket: inout Bucket
    ) {
      if byReplication {
        guard let groups else { return }
        if delays.n > 0 {
          replicationTotals[groups.delays, default: [:]][replication, default: .init()].merge(delays)
        }
        if staleness.n > 0 {
          replicationTotals[groups.staleness, default: [:]][replication, default: .init()].merge(staleness)
        }
      } else {
        if delays.n > 0 { bucket.delayClusters.add(y: delays.y, n: delays.n) }
        if staleness.n > 0 { bucket.stalenessClusters.add(y: staleness.y, n: staleness.n) }
      }
    }

    /// Adds another slice's share (of other owners: an owner's rows are never split).
    mutating func merge(_ other: Partial) {
      for (key, b) in other.buckets { buckets[key, default: Bucket()].merge(b) }
      for (key, pools) in other.pairs {
        var mine = pairs[key] ?? []
        Bucket.pad(&mine, to: pools.count)
        for f in pools.indices { mine[f].merge(pools[f]) }
        pairs[key] = mine
      }
      for (group, byReplication) in other.replicationSums {
        for (r, sums) in byReplication {
          replicationSums[group, default: [:]][r, default: PooledValues(binned: false)].merge(sums)
        }
      }
      for (group, byReplication) in other.replicationTotals {
        for (r, total) in byReplication {
          replicationTotals[group, default: [:]][r, default: .init()].merge(total)
        }
      }
    }
  }

  /// The tables from the merged `launches.csv` and `days.csv` in `directory`.
  /// The summary's definition: the tables of the rows in the merged files. With
  /// `write`, the summary files are written too.
  public static func compute(directory: String, plan: SummaryPlan, write: Bool = true) throws(UserError)
    -> SummaryTables
  {
    let dir = URL(fileURLWithPath: directory)
    removeLeftoverSpills(directory)
    let spill = try PooledValueSpill(path: spillPath(directory, 0))
    defer { try? FileManager.default.removeItem(atPath: spill.path) }
    let p = try read(
      days: [dir.appendingPathComponent("days.csv").path],
      launches: [dir.appendingPathComponent("launches.csv").path],
      headers: true, arms: plan.arms, cells: plan.cells.count, sweptKeys: plan.sweptKeys,
      byReplication: plan.byReplication, families: plan.families, warmupDays: plan.warmupDays,
      spill: spill)
    return try tables(p, directory: directory, plan: plan, spills: [spill.path], write: write)
  }

  /// A hidden scratch file in the output folder, removed when the summary is done.
  static func spillPath(_ directory: String, _ index: Int) -> String {
    URL(fileURLWithPath: directory).appendingPathComponent(
      "\(spillPrefix)\(index)-\(ProcessInfo.processInfo.processIdentifier)"
    ).path
  }

  static let spillPrefix = ".summary-values-"

  /// Removes the scratch files that a process killed while summarising left in `directory`.
  package static func removeLeftoverSpills(_ directory: String) {
    AtomicFileWriter.removeFiles(in: directory) { $0.hasPrefix(spillPrefix) }
  }

  /// The same tables from the part files of chunks, in chunk order, read in two halves,
  /// on two threads when `jobs` allows (the run's `--jobs`), and the share `gathered`
  /// from the other chunks as they ran, its values spilled to `gatheredSpill`: the rows
  /// are those of the merged files and the sums exact, so the bytes agree. With
  /// `commits`, the files are committed there, after what is queued before them (and
  /// dropped if that fails).
  package static func compute(
    parts: [(days: String, launches: String)], gathered: Partial = Partial(), gatheredSpill: String? = nil,
    directory: String, plan: SummaryPlan, jobs: Int, commits: DeferredCommits? = nil
  )
    throws(UserError) -> SummaryTables
  {
    let half = (parts.count + 1) / 2
    let slices = [Array(parts[..<half]), Array(parts[half...])]
    let results = Mutex<[Result<Partial, UserError>?]>([nil, nil])
    // (A killed run's scratch files were removed when this run began.)
    let spills = (0..<2).map { spillPath(directory, $0) }
    defer { for path in spills { try? FileManager.default.removeItem(atPath: path) } }
    let arms = plan.arms
    @Sendable func readHalf(_ i: Int) {
      let r: Result<Partial, UserError>
      do {
        let spill = try PooledValueSpill(path: spills[i])
        r = .success(
          try read(
            days: slices[i].map(\.days), launches: slices[i].map(\.launches), headers: false, arms: arms,
            cells: plan.cells.count, sweptKeys: plan.sweptKeys, byReplication: plan.byReplication,
            families: plan.families,
            warmupDays: plan.warmupDays, spill: spill))
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
      merged, directory: directory, plan: plan,
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
      let (lo, hi) = openQuantileRanks(count: count, p, level: 0.95)
      ranks.formUnion([lo, hi].compactMap { $0 })
    }
    return ranks
  }

  /// Every pooled stream of values by its group: each arm's delays and staleness, each
  /// owner figure of each arm and each pair of arms.
  static func pools(_ p: Partial, plan: SummaryPlan, layout: SummaryGroups, figureSet: FigureSet)
    -> [Int32: PooledValues]
  {
    let (buckets, arms) = (p.buckets, plan.arms)
    var pools: [Int32: PooledValues] = [:]
    for cell in plan.cells {
      for (a, arm) in arms.enumerated() {
        guard let b = buckets[ArmKey(cell: cell, arm: arm)] else { continue }
        pools[layout.pooled(cell: cell, arm: a, .delayAfterEarliest)] = b.delays
        pools[layout.pooled(cell: cell, arm: a, .stalenessAtOpen)] = b.staleness
        for f in b.figures.indices where f < figureSet.metrics.count {
          pools[layout.owner(cell: cell, arm: a, figure: f)] = b.figures[f]
        }
      }
      for i in arms.indices {
        for j in arms.indices where j > i {
          guard let pair = p.pairs[PairKey(cell: cell, first: i, second: j)] else { continue }
          for f in pair.indices where f < figureSet.metrics.count {
            pools[layout.pair(cell: cell, i, j, figure: f)] = pair[f]
          }
        }
      }
    }
    return pools
  }

  static func tables(
    _ p: Partial, directory: String, plan: SummaryPlan, spills: [String], commits: DeferredCommits? = nil,
    write: Bool = true
  )
    throws(UserError)
    -> SummaryTables
  {
    let buckets = p.buckets
    let arms = plan.arms
    let figureSet = FigureSet(families: plan.families)
    let layout = SummaryGroups(arms: arms.count, figures: figureSet.metrics.count)
    let pools = Self.pools(p, plan: plan, layout: layout, figureSet: figureSet)
    let order = try OrderStatistics(
      ranks: pools.mapValues { ranksNeeded(count: $0.count) }, pools: pools, spills: spills)
    // With a posterior sample, each replication's mean of each owner figure, in
    // replication order: the intervals of means are then over replications.
    var replicationMeans: [Int32: [Double]]?
    if plan.byReplication {
      replicationMeans = OwnerFigureSums.replicationMeans(p.replicationSums)
    }
    var pooled = Pooled(
      pools: pools, order: order, arms: arms, layout: layout, figureSet: figureSet,
      replicationMeans: replicationMeans)
    // The clusters of the pooled streams: owners, or replications.
    for cell in plan.cells {
      for (a, arm) in arms.enumerated() {
        guard let b = buckets[ArmKey(cell: cell, arm: arm)] else { continue }
        // The trials behind each share counted from them (intervals over owners only).
        if !plan.byReplication { pooled.noteTrials(b.trials, cell: cell, arm: a) }
        for (metric, owners) in [
          (MetricName.delayAfterEarliest, b.delayClusters), (.stalenessAtOpen, b.stalenessClusters),
        ] {
          let g = layout.pooled(cell: cell, arm: a, metric)
          if plan.byReplication {
            var sums = ClusteredSums()
            let totals = p.replicationTotals[g] ?? [:]
            for r in totals.keys.sorted() { sums.add(y: totals[r]!.y, n: totals[r]!.n) }
            pooled.clusters[g] = sums
          } else {
            pooled.clusters[g] = owners
          }
        }
      }
    }
    try addOwnerIntervals(to: &pooled, pools: pools, plan: plan, spills: spills)
    var rows: [Row] = []
    for cell in plan.cells {
      for arm in arms {
        for metric in plan.summaryMetrics {
          if metric == .iccLaunchesPerDay {
            let b = buckets[ArmKey(cell: cell, arm: arm)] ?? Bucket()
            rows.append(intraClassRow(cell, arm, b, robust: !plan.byReplication))
          } else {
            rows.append(pooled.describe(cell, arm, metric))
          }
        }
      }
      for i in arms.indices {
        for j in arms.indices where j > i {
          for metric in figureSet.metrics {
            rows.append(pooled.describePair(cell, i, j, metric))
          }
        }
      }
    }
    rows = holmAdjusting(rows)
    let verdicts = decide(plan.hypotheses, cells: Array(plan.cells), pooled)
    var tables = SummaryTables(
      rows: rows, verdicts: verdicts, transient: longestTransient(buckets, plan: plan))
    for b in buckets.values {
      tables.daysOff = (tables.daysOff.off + b.days.daysOff, tables.daysOff.of + b.days.ownerDays)
    }
    if write { try tables.write(directory: directory, buckets: buckets, plan: plan, commits: commits) }
    return tables
  }

  /// The intra-class correlation of launches per day among the owners of a (cell, arm).
  static func intraClassRow(_ cell: Int, _ arm: String, _ b: Bucket, robust: Bool = true) -> Row {
    let ci = robust ? b.intraClass.robustInterval : b.intraClass.interval
    return Row(
      cell: cell, kind: .arm, arm: arm, metric: .iccLaunchesPerDay, n: b.intraClass.groups, unit: "owner",
      observations: b.intraClass.groups, mean: ci?.estimate ?? .nan,
      sd: .nan, low: ci?.lower ?? .nan, high: ci?.upper ?? .nan, median: .nan, medianLow: .nan,
      medianHigh: .nan, p10: .nan, p90: .nan, pValue: nil)
  }
}
