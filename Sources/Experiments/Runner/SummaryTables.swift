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
  }

  /// The group of a pooled metric of a (cell, arm) in the spill files and ``OrderStatistics``.
  static func group(cell: Int, arm: Int, arms: Int, _ metric: MetricName) -> Int32 {
    Int32((cell * arms + arm) * 2 + (metric == .delayAfterEarliest ? 0 : 1))
  }

  struct Counts {
    var launched = 0.0, charging = 0.0, completed = 0.0, expired = 0.0, days = 0.0, energy = 0.0
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

  /// Reads days and launches rows (files with or without a header line).
  ///
  /// Rows come owner by owner, so the owner's counts and the (cell, arm) bucket are
  /// looked up once per run of rows with the same leading fields, taken out, updated in
  /// row order, and put back: the same sums in the same order as one lookup per row.
  /// Pooled values are also appended to `spill`, by group (``group(cell:arm:arms:_:)``,
  /// with the arms of `arms` in order).
  static func read(
    days dayFiles: [String], launches launchFiles: [String], headers: Bool, arms: [String],
    spill: PooledValueSpill
  ) throws(UserError) -> Partial {
    var p = Partial()
    var run = OwnerRun(arms: arms)
    // The columns read, by name.
    let energy = CSVSchema.days.index("energy_mwh")
    let staleness = CSVSchema.days.index("staleness_median_s")
    let launchedAt = CSVSchema.launches.index("launched_at_s")
    let launchedAtISO = CSVSchema.launches.index("launched_at_iso")
    let charging = CSVSchema.launches.index("charging")
    let outcome = CSVSchema.launches.index("outcome")
    let delay = CSVSchema.launches.index("delay_after_earliest_s")
    for file in dayFiles {
      var days = try CSVReader(path: file, header: headers)
      while days.next() {
        run.enter(days, into: &p)
        run.counts.days += 1
        run.counts.energy += days.double(energy) ?? 0
        if let s = days.milliseconds(staleness) {
          run.bucket.staleness.add(s)
          if let g = run.group { spill.append(group: g + 1, milliseconds: s) }
        }
      }
      run.leave(into: &p)
    }
    for file in launchFiles {
      var launches = try CSVReader(path: file, header: headers)
      while launches.next() {
        guard !launches.isEmpty(launchedAt) else { continue }  // never launched
        run.enter(launches, into: &p)
        run.counts.launched += 1
        if launches.equals(charging, "1") { run.counts.charging += 1 }
        if launches.equals(outcome, "completed") { run.counts.completed += 1 }
        if launches.equals(outcome, "expired") { run.counts.expired += 1 }
        if let d = launches.milliseconds(delay) {
          run.bucket.delays.add(d)
          if let g = run.group { spill.append(group: g, milliseconds: d) }
        }
        if let h = launches.isoHour(launchedAtISO), (0..<24).contains(h) { run.bucket.hours[h] += 1 }
      }
      run.leave(into: &p)
    }
    try spill.finish()
    return p
  }

  /// The owner (`cell, arm, replication, device`, the first four fields) whose rows are
  /// being read, with its counts and its (cell, arm) bucket taken out of the tables.
  struct OwnerRun {
    /// Index of each arm of the experiment.
    let arms: [String: Int]
    let armCount: Int
    /// The spill group of the owner's delays (its staleness is the next one); nil for an
    /// arm the experiment does not have.
    var group: Int32?
    var fields: (starts: [Int], ends: [Int]) = ([], [])
    var owner: String?
    var counts = Counts()
    var bucketKey = ""
    var bucket = Bucket()

    init(arms: [String]) {
      self.arms = Dictionary(arms.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
      armCount = arms.count
    }

    mutating func enter(_ row: CSVReader, into p: inout Partial) {
      if owner != nil, row.sameFields(4, as: fields) { return }
      leave(into: &p)
      let cell = row.int(0)
      let arm = row.text(1)
      let key = "\(cell)|\(arm)|\(row.int(2))|\(row.int(3))"
      owner = key
      group = arms[arm].map { SummaryTables.group(cell: cell, arm: $0, arms: armCount, .delayAfterEarliest) }
      counts = p.counts[key] ?? Counts()
      bucketKey = "\(cell)|\(arm)"
      bucket = p.buckets.removeValue(forKey: bucketKey) ?? Bucket()
      fields = row.fields
    }

    mutating func leave(into p: inout Partial) {
      guard let key = owner else { return }
      p.counts[key] = counts
      p.buckets[bucketKey] = bucket
      bucket = Bucket()
      owner = nil
    }
  }

  /// The tables from the merged `launches.csv` and `days.csv` in `directory`.
  public static func compute(directory: String, spec: ExperimentSpec) throws(UserError) -> SummaryTables {
    let dir = URL(fileURLWithPath: directory)
    removeLeftoverSpills(directory)
    let spill = try PooledValueSpill(path: spillPath(directory, 0))
    defer { try? FileManager.default.removeItem(atPath: spill.path) }
    let p = try read(
      days: [dir.appendingPathComponent("days.csv").path],
      launches: [dir.appendingPathComponent("launches.csv").path],
      headers: true, arms: spec.arms.map(\.name), spill: spill)
    return try tables(p, directory: directory, spec: spec, spills: [spill.path])
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
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    for name in names where name.hasPrefix(spillPrefix) {
      try? FileManager.default.removeItem(
        atPath: URL(fileURLWithPath: directory).appendingPathComponent(name).path)
    }
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
            spill: spill))
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
    _ p: Partial, directory: String, spec: ExperimentSpec, spills: [String], commits: DeferredCommits? = nil
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
          if metric.unit == "owner" {
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
    try tables.write(directory: directory, buckets: buckets, spec: spec, commits: commits)
    return tables
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

  static func evaluate(_ h: Hypothesis, cell: Int, _ buckets: [String: Bucket], _ pooled: Pooled) -> Verdict {
    let a = buckets["\(cell)|\(h.arm)"] ?? Bucket()
    let metric = MetricName(rawValue: h.metric)!
    if let other = h.otherArm {
      let (x, y) = paired(a, buckets["\(cell)|\(other)"] ?? Bucket(), metric)
      let (ci, test) = Statistics.pairedDifference(x, y, level: 1 - h.alpha)
      let sideOK: Bool
      switch h.comparison {
      case .greater, .greaterOrEqual: sideOK = ci.estimate > 0
      case .less, .lessOrEqual: sideOK = ci.estimate < 0
      }
      let passed = sideOK && test.pValue < h.alpha
      return Verdict(
        cell: cell, hypothesis: h.text, estimate: ci.estimate, low: ci.lower, high: ci.upper,
        pValue: test.pValue, passed: passed)
    }
    let isPooled = metric.unit != "owner"
    let xs = isPooled ? [] : values(a, metric)
    var estimate: Double
    var low: Double
    var high: Double
    switch h.statistic {
    case .mean:
      let ci: ConfidenceInterval
      if isPooled {
        let pool = pooled.pool(cell, h.arm, metric)
        ci = Statistics.confidenceInterval(mean: pool.mean, variance: pool.variance, count: pool.count)
      } else {
        ci = Statistics.confidenceInterval(xs)
      }
      (estimate, low, high) = (ci.estimate, ci.lower, ci.upper)
    case .median, .p10, .p90:
      let p = h.statistic == .median ? 0.5 : h.statistic == .p10 ? 0.1 : 0.9
      (estimate, low, high) =
        isPooled ? pooled.quantileInterval(cell, h.arm, metric, p) : quantileInterval(xs, p)
    }
    let value = h.value!
    let passed: Bool
    switch h.comparison {
    case .greaterOrEqual: passed = low >= value
    case .greater: passed = low > value
    case .lessOrEqual: passed = high <= value
    case .less: passed = high < value
    }
    return Verdict(
      cell: cell, hypothesis: h.text, estimate: estimate, low: low, high: high, pValue: nil,
      passed: passed && !estimate.isNaN)
  }

  /// A distribution-free 95 % interval for a quantile: order statistics at ranks
  /// np ± 1.96 √(np(1 − p)).
  static func quantileInterval(_ xs: [Double], _ p: Double) -> (Double, Double, Double) {
    guard let (lo, hi) = quantileIntervalRanks(count: xs.count, p) else { return (.nan, .nan, .nan) }
    let s = xs.sorted()
    return (Statistics.quantile(sorted: s, p), s[lo], s[hi])
  }

  /// The ranks (from 0) of the order statistics that bound the interval of the
  /// `p`-quantile of `count` values; nil for no values.
  static func quantileIntervalRanks(count: Int, _ p: Double) -> (Int, Int)? {
    guard count > 0 else { return nil }
    let n = Double(count)
    let half = 1.96 * (n * p * (1 - p)).squareRoot()
    let lo = Int(max(0, (n * p - half).rounded(.down)))
    let hi = Int(min(n - 1, (n * p + half).rounded(.up)))
    return (lo, hi)
  }

  static func number(_ x: Double) -> String { x.isFinite ? CSVNumber.format(x, digits: 6) : "" }

  /// Writes summary.csv, hour_of_day.csv and hypotheses.csv, committed by `commits` when
  /// given (in the background, in that order), else before returning.
  func write(
    directory: String, buckets: [String: Bucket], spec: ExperimentSpec, commits: DeferredCommits? = nil
  )
    throws(UserError)
  {
    var finished: [AtomicFileWriter.Finished] = []
    func commit(_ writer: AtomicFileWriter) throws(UserError) {
      if commits == nil { try writer.commit() } else { finished.append(try writer.finish()) }
    }
    defer { commits?.commit(finished) }
    let dir = URL(fileURLWithPath: directory)
    let summary = try AtomicFileWriter(path: dir.appendingPathComponent("summary.csv").path)
    summary.write(CSVSchema.summary.header)
    for r in rows {
      let fields = [
        String(r.cell), r.kind, r.arm, r.metric.rawValue, r.kind == "arm" ? r.metric.unit : "owner",
        String(r.n),
        Self.number(r.mean), Self.number(r.sd), Self.number(r.low), Self.number(r.high),
        Self.number(r.median),
        Self.number(r.p10), Self.number(r.p90), r.pValue.map(Self.number) ?? "",
      ]
      summary.write(fields.joined(separator: ",") + "\n")
    }
    try commit(summary)
    let hours = try AtomicFileWriter(path: dir.appendingPathComponent("hour_of_day.csv").path)
    hours.write(CSVSchema.hourOfDay.header)
    for cell in spec.cells.indices {
      for arm in spec.arms.map(\.name) {
        let b = buckets["\(cell)|\(arm)"]
        for h in 0..<24 { hours.write("\(cell),\(arm),\(h),\(b?.hours[h] ?? 0)\n") }
      }
    }
    try commit(hours)
    let hyp = try AtomicFileWriter(path: dir.appendingPathComponent("hypotheses.csv").path)
    hyp.write(CSVSchema.hypotheses.header)
    for v in verdicts {
      var buffer = CSVBuffer(capacity: 128)
      buffer.field(v.hypothesis)
      hyp.write(
        "\(v.cell),\(String(decoding: buffer.bytes, as: UTF8.self)),\(Self.number(v.estimate)),\(Self.number(v.low)),"
          + "\(Self.number(v.high)),\(v.pValue.map(Self.number) ?? ""),\(v.passed ? "PASS" : "FAIL")\n")
    }
    try commit(hyp)
  }
}
