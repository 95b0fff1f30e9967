import FileFormats
import Foundation
import Randomness
import TestScratch
import Testing

@testable import Experiments
@testable import Results

/// The summary is streamed: it keeps sums per (cell, arm) and per pair of arms, never a
/// value per owner. Its owner metrics must still equal the plain definition, worked out
/// here from every owner's figures in arrays, and what it keeps must not grow with the
/// number of owners.
@Suite struct StreamedSummaryTests {
  static let arms = ["a", "b", "c"]

  /// One row of `schema` from its values by column name (the rest left empty).
  static func row(_ schema: CSVSchema, _ values: [String: String]) -> String {
    schema.columns.map { values[$0] ?? "" }.joined(separator: ",") + "\n"
  }

  /// Owners' rows with random counts: per owner and arm, 6 days with 0–7 launches each
  /// (one day a warm-up), a random share on the charger, some expired, energy in
  /// hundredths; one owner in ten never launches in arm c.
  static func write(owners: Int, seed: UInt64, to dir: URL) throws {
    let stream = RandomStream(key: seed)
    var launches = CSVSchema.launches.header
    var days = CSVSchema.days.header
    for device in 0..<owners {
      // An owner effect, so that launches per day differ between owners (the ICC).
      let rate = 1 + 5 * stream.uniform()
      for arm in arms {
        for day in 0..<6 {
          let silent = arm == "c" && device % 10 == 0
          let n = silent ? 0 : min(7, Int(stream.uniform() * 2 * rate))
          let energy = String(format: "%.2f", stream.uniform() * 20)
          days += row(
            .days,
            [
              "cell": "0", "arm": arm, "replication": "0", "device": "\(device)", "day": "\(day)",
              "date": "2026-01-0\(5 + day)", "warmup": day == 0 ? "1" : "0", "launches_refresh": "\(n)",
              "launches_processing": "0", "launches_other": "0", "energy_mwh": energy,
            ])
          for i in 0..<n {
            let at = Double(day * 86_400 + i * 3_000 + 60)
            launches += row(
              .launches,
              [
                "cell": "0", "arm": arm, "replication": "0", "device": "\(device)", "task_id": "x",
                "kind": "refresh", "launched_at_s": String(at), "launched_at_iso": "2026-01-05T0\(i):00:00",
                "outcome": stream.uniform() < 0.2 ? "expired" : "completed",
                "delay_after_earliest_s": String(format: "%.3f", stream.uniform() * 600),
                "charging": stream.uniform() < 0.3 ? "1" : "0",
              ])
          }
        }
      }
    }
    try launches.write(to: dir.appendingPathComponent("launches.csv"), atomically: true, encoding: .utf8)
    try days.write(to: dir.appendingPathComponent("days.csv"), atomically: true, encoding: .utf8)
  }

  static func spec() throws -> ExperimentSpec {
    let yaml =
      smallExperiment.replacingOccurrences(of: "days: 3\n", with: "days: 6\n")
      .components(separatedBy: "arms:")[0]
      + "arms:\n"
      + arms.map { "  \($0):\n    tasks:\n      - {identifier: com.example.sync, type: refresh}\n" }.joined()
    return try ExperimentSpec(tree: ConfigTree.parse(yaml: yaml, file: "e.yaml"), file: "e.yaml")
  }

  /// Each owner's figures by arm, from the rows, by the plain definitions.
  static func figures(_ dir: URL) throws -> [String: [Int: (counts: SummaryTables.Counts, days: [Double])]] {
    var result: [String: [Int: (counts: SummaryTables.Counts, days: [Double])]] = [:]
    let dayRows = try csvRows(dir.appendingPathComponent("days.csv").path).dropFirst()
    for r in dayRows where r[CSVSchema.days.index("warmup")] == "0" {
      let device = Int(r[3])!
      var entry = result[r[1], default: [:]][device] ?? (SummaryTables.Counts(), [])
      entry.counts.days += 1
      entry.counts.energy += Double(r[CSVSchema.days.index("energy_mwh")])!
      entry.days.append(Double(r[CSVSchema.days.index("launches_refresh")])!)
      result[r[1], default: [:]][device] = entry
    }
    let launchRows = try csvRows(dir.appendingPathComponent("launches.csv").path).dropFirst()
    for r in launchRows where Double(r[CSVSchema.launches.index("launched_at_s")])! >= 86_400 {
      let device = Int(r[3])!
      var entry = result[r[1]]![device]!
      entry.counts.launched += 1
      if r[CSVSchema.launches.index("charging")] == "1" { entry.counts.charging += 1 }
      if r[CSVSchema.launches.index("outcome")] == "completed" { entry.counts.completed += 1 }
      if r[CSVSchema.launches.index("outcome")] == "expired" { entry.counts.expired += 1 }
      result[r[1]]![device] = entry
    }
    return result
  }

  /// Figures are summed in units of 2⁻³⁰, so the streamed statistics may differ from the
  /// definition by about 10⁻⁹ of each figure; 10⁻⁶ allows for that and for rounding.
  static func close(_ x: Double, _ y: Double) -> Bool {
    (x.isNaN && y.isNaN) || abs(x - y) <= 1e-6 * max(1, abs(y))
  }

  /// The bounded interval of an arm's owner figures.
  /// `trials`: the launches or opens a share is counted from, over its owners.
  static func armInterval(_ xs: [Double], _ metric: MetricName, level: Double = 0.95, trials: Double? = nil)
    -> ConfidenceInterval
  {
    switch metric.range {
    case .share:
      Statistics.shareInterval(
        mean: Statistics.mean(xs), variance: Statistics.variance(xs), count: xs.count, level: level,
        trials: trials)
    case .nonNegative: Statistics.nonNegativeInterval(Statistics.confidenceInterval(xs, level: level))
    }
  }

  /// The plain interval at `level` of a row: an arm's keeps to its metric's range; a
  /// paired difference's is the t interval, or for a share the arms' intervals combined
  /// (`arms`: each arm's figures).
  static func plainInterval(
    _ row: SummaryTables.Row, _ xs: [Double], arms: ([Double], [Double])?, level: Double = 0.95,
    trials: [Double?] = [nil, nil]
  ) -> ConfidenceInterval {
    var ci = Statistics.confidenceInterval(xs, level: level)
    if row.kind == .arm { ci = armInterval(xs, row.metric, level: level, trials: trials[0]) }
    if let (a, b) = arms, row.metric.range == .share, !xs.isEmpty {
      let (va, vb) = (Statistics.variance(a), Statistics.variance(b))
      let d = Statistics.differenceInterval(
        armInterval(a, row.metric, level: level, trials: trials[0]),
        armInterval(b, row.metric, level: level, trials: trials[1]),
        correlation: (va + vb - Statistics.variance(xs)) / 2 / (va * vb).squareRoot(), count: xs.count)
      ci = ConfidenceInterval(
        estimate: ci.estimate, lower: max(-1, ci.estimate - (d.estimate - d.lower)),
        upper: min(1, ci.estimate + (d.upper - d.estimate)), level: level, n: xs.count)
    }
    return ci
  }

  /// A row against its plain definition; a paired row's p-value is read from its plain
  /// interval (the smallest alpha whose interval leaves out 0).
  static func expectMatches(
    _ row: SummaryTables.Row, _ xs: [Double], arms: ([Double], [Double])? = nil,
    trials: [Double?] = [nil, nil]
  ) {
    let ci = plainInterval(row, xs, arms: arms, trials: trials)
    let sorted = xs.sorted()
    #expect(row.n == xs.count)
    for (streamed, plain) in [
      (row.mean, ci.estimate), (row.low, ci.lower), (row.high, ci.upper),
      (row.sd, Statistics.standardDeviation(xs)), (row.median, Statistics.quantile(sorted: sorted, 0.5)),
      (row.p10, Statistics.quantile(sorted: sorted, 0.1)),
      (row.p90, Statistics.quantile(sorted: sorted, 0.9)),
    ] {
      #expect(close(streamed, plain), "\(row.kind) \(row.arm) \(row.metric): \(streamed) against \(plain)")
    }
    if row.kind == .pairedDifference, let p = row.pValue {
      let plain = Statistics.pValue(excluding: 0) {
        plainInterval(row, xs, arms: arms, level: $0, trials: trials)
      }
      #expect(close(p, plain), "\(row.arm) \(row.metric) p")
    }
  }

  @Test func ownerMetricsEqualTheirDefinition() throws {
    let dir = scratch()
    try Self.write(owners: 300, seed: 11, to: dir)
    // The plain definitions (the owner bootstrap of small runs is checked apart).
    var plan = try Self.spec().summaryPlan
    plan.largestBootstrapOwners = 0
    let tables = try SummaryTables.compute(directory: dir.path, plan: plan, write: false)
    let owners = try Self.figures(dir)
    for (f, metric) in OwnerFigures.metrics.enumerated() {
      // Each arm: the figure of every owner that has it, in owner order.
      func values(_ arm: String) -> [Int: Double] {
        (owners[arm] ?? [:]).compactMapValues {
          let x = OwnerFigures.values($0.counts)[f]
          return x.isNaN ? nil : x
        }
      }
      // The trials a share is counted from, over the owners that have it.
      func trials(_ arm: String) -> Double? {
        let t = (owners[arm] ?? [:]).values.reduce(0.0) {
          OwnerFigures.values($1.counts)[f].isNaN ? $0 : $0 + OwnerFigures.trials($1.counts)[f]
        }
        return t > 0 ? t : nil
      }
      for arm in Self.arms {
        let row = try #require(tables.rows.first { $0.kind == .arm && $0.arm == arm && $0.metric == metric })
        Self.expectMatches(
          row, values(arm).keys.sorted().map { values(arm)[$0]! }, trials: [trials(arm), nil])
      }
      for (i, x) in Self.arms.enumerated() {
        for y in Self.arms[(i + 1)...] {
          let (u, v) = (values(x), values(y))
          let ids = u.keys.filter { v[$0] != nil }.sorted()
          let row = try #require(
            tables.rows.first {
              $0.kind == .pairedDifference && $0.arm == "\(x) vs \(y)" && $0.metric == metric
            })
          Self.expectMatches(
            row, ids.map { u[$0]! - v[$0]! },
            arms: (u.keys.sorted().map { u[$0]! }, v.keys.sorted().map { v[$0]! }),
            trials: [trials(x), trials(y)])
        }
      }
    }
    for arm in Self.arms {
      let groups = (owners[arm] ?? [:]).keys.sorted().map { id in
        let d = owners[arm]![id]!.days
        return Statistics.GroupSums(
          count: Double(d.count), sum: d.reduce(0, +), sumOfSquares: d.reduce(0) { $0 + $1 * $1 })
      }
      let plain = try #require(Statistics.intraClassCorrelation(groups))
      let row = try #require(tables.rows.first { $0.arm == arm && $0.metric == .iccLaunchesPerDay })
      #expect(plain.estimate > 0.2, "the owners were drawn to differ")
      // The wider of the F interval and the jackknife over owners (in a canonical order),
      // at any number of owners.
      let sorted = groups.sorted { ($0.count, $0.sum, $0.sumOfSquares) < ($1.count, $1.sum, $1.sumOfSquares) }
      let total = groups.reduce(0) { $0 + $1.count }
      let n0 = (total - groups.reduce(0) { $0 + $1.count * $1.count } / total) / Double(groups.count - 1)
      let jack = try #require(
        Statistics.intraClassJackknifeInterval(
          estimate: plain.estimate, meanGroupSize: n0, jackknife: Statistics.intraClassJackknife(sorted),
          level: 0.95))
      #expect(Self.close(row.mean, plain.estimate) && Self.close(row.low, min(plain.lower, jack.lower)))
      #expect(Self.close(row.high, max(plain.upper, jack.upper)) && row.n == groups.count)
    }
  }

  @Test func whatTheSummaryKeepsDoesNotGrowWithOwners() throws {
    var kept: [Int] = []
    for owners in [20, 2_000] {
      let dir = scratch()
      try Self.write(owners: owners, seed: 5, to: dir)
      let spill = try PooledValueSpill(path: dir.appendingPathComponent("spill").path)
      let p = try SummaryTables.read(
        days: [dir.appendingPathComponent("days.csv").path],
        launches: [dir.appendingPathComponent("launches.csv").path], headers: true, arms: Self.arms, cells: 1,
        sweptKeys: [],
        warmupDays: 1, spill: spill)
      let figures = p.buckets.values.flatMap(\.figures) + p.pairs.values.flatMap { $0 }
      #expect(figures.reduce(0) { $0 + $1.count } > owners * 3, "every owner's figures were counted")
      kept.append(
        p.buckets.count + p.pairs.count
          + p.buckets.values.reduce(0) { $0 + $1.intraClass.squaredSumsByCount.count })
    }
    // Three arms, three pairs, one group size (5 days) per arm: the same for 20 owners and 2,000.
    #expect(kept == [9, 9])
  }
}
