import FileFormats
import Foundation
import Randomness
import TestScratch
import Testing

@testable import Experiments
@testable import Results

/// Launches of one owner are not independent: the summary's intervals of launch-level
/// figures treat the owner as the unit. Here they must equal the plain definitions,
/// worked out from every owner's values in arrays.
@Suite struct ClusteredIntervalTests {
  /// Each owner's delays [s] after the warm-up, by arm, in owner order.
  static func delays(_ dir: URL) throws -> [String: [[Double]]] {
    var byOwner: [String: [Int: [Double]]] = [:]
    let c = CSVSchema.launches.index
    for r in try csvRows(dir.appendingPathComponent("launches.csv").path).dropFirst()
    where Double(r[c("launched_at_s")])! >= 86_400 {
      byOwner[r[c("arm")], default: [:]][Int(r[c("device")])!, default: []].append(
        Double(r[c("delay_after_earliest_s")])!)
    }
    return byOwner.mapValues { owners in owners.keys.sorted().map { owners[$0]! } }
  }

  /// The ratio estimator of the mean over owners, and its cluster-robust 95 % t interval.
  static func ratioInterval(_ owners: [[Double]]) -> ConfidenceInterval {
    let m = Double(owners.count)
    let y = owners.map { $0.reduce(0, +) }
    let n = owners.map { Double($0.count) }
    let r = y.reduce(0, +) / n.reduce(0, +)
    let residuals = zip(y, n).reduce(0) { $0 + pow($1.0 - r * $1.1, 2) }
    let se = (m / (m - 1) * residuals).squareRoot() / n.reduce(0, +)
    let t = Statistics.tQuantile(level: 0.95, degreesOfFreedom: m - 1)
    return ConfidenceInterval(estimate: r, lower: r - t * se, upper: r + t * se, level: 0.95, n: owners.count)
  }

  /// Woodruff's 95 % interval for the median with owners as clusters.
  static func woodruffMedian(_ owners: [[Double]]) -> (Double, Double, Double) {
    let all = owners.flatMap { $0 }.sorted()
    let q = Statistics.quantile(sorted: all, 0.5)
    let counts = owners.map { o in [Double(o.filter { $0 <= q }.count)] }
    let share = ratioInterval(
      zip(owners, counts).map { o, c in
        // Each owner's indicator values: c ones and the rest zeros, as a cluster of its launches.
        Array(repeating: 1.0, count: Int(c[0])) + Array(repeating: 0.0, count: o.count - Int(c[0]))
      })
    let t = Statistics.tQuantile(level: 0.95, degreesOfFreedom: Double(owners.count - 1))
    let se = (share.upper - share.estimate) / t
    let n = Double(all.count)
    let lo = Int(max(0, (n * (0.5 - t * se)).rounded(.down)))
    let hi = Int(min(n - 1, (n * (0.5 + t * se)).rounded(.up)))
    return (q, all[lo], all[hi])
  }

  /// The summary of `dir` with the owner bootstrap on or off.
  static func tables(_ dir: URL, bootstrap: Bool) throws -> SummaryTables {
    var plan = try StreamedSummaryTests.spec().summaryPlan
    if !bootstrap { plan.largestBootstrapOwners = 0 }
    return try SummaryTables.compute(directory: dir.path, plan: plan, write: false)
  }

  @Test func launchLevelFiguresHaveTheOwnerAsTheirUnit() throws {
    let dir = scratch()
    try StreamedSummaryTests.write(owners: 120, seed: 23, to: dir)
    let tables = try Self.tables(dir, bootstrap: false)
    for (arm, owners) in try Self.delays(dir) {
      let withLaunches = owners.filter { !$0.isEmpty }
      let row = try #require(
        tables.rows.first { $0.kind == .arm && $0.arm == arm && $0.metric == .delayAfterEarliest })
      let plain = Self.ratioInterval(withLaunches)
      #expect(row.n == withLaunches.count && row.unit == "owner")
      #expect(row.observations == withLaunches.reduce(0) { $0 + $1.count })
      for (streamed, expected) in [
        (row.mean, plain.estimate), (row.low, plain.lower), (row.high, plain.upper),
      ] {
        #expect(abs(streamed - expected) <= 1e-6 * abs(expected), "\(arm): \(streamed) against \(expected)")
      }
      let (median, low, high) = Self.woodruffMedian(withLaunches)
      #expect(abs(row.median - median) < 1e-9 && row.medianLow == low && row.medianHigh == high, "\(arm)")
    }
  }

  /// Owners whose launches are alike within and differ between them: the interval that
  /// takes every launch as independent is far too narrow.
  @Test func ownersThatDifferWidenTheInterval() throws {
    let stream = RandomStream(key: 41)
    let owners = (0..<30).map { _ -> [Double] in
      let typical = 600 + 6000 * stream.uniform()
      return (0..<25).map { _ in typical * (0.9 + 0.2 * stream.uniform()) }
    }
    let clustered = Self.ratioInterval(owners)
    let naive = Statistics.confidenceInterval(owners.flatMap { $0 })
    #expect((clustered.upper - clustered.lower) > 3 * (naive.upper - naive.lower))
  }

  /// With few owners, the intervals of means that cannot be negative come from the
  /// bootstrap-t over owners, never narrower than the t interval on either side, and
  /// the same whatever the order the owners are read in.
  @Test func smallRunsBootstrapTheOwners() throws {
    let dir = scratch()
    try StreamedSummaryTests.write(owners: 40, seed: 29, to: dir)
    let plain = try Self.tables(dir, bootstrap: false)
    let boot = try Self.tables(dir, bootstrap: true)
    var differs = 0
    for r in boot.rows where r.metric.range == .nonNegative && r.metric != .iccLaunchesPerDay && !r.mean.isNaN
    {
      let p = try #require(plain.rows.first { $0.kind == r.kind && $0.arm == r.arm && $0.metric == r.metric })
      #expect(r.mean == p.mean && r.n == p.n)
      #expect(r.low <= p.low + 1e-12 && r.high >= p.high - 1e-12, "\(r.arm) \(r.metric)")
      if r.low != p.low || r.high != p.high { differs += 1 }
    }
    #expect(differs > 0, "the bootstrap widened some interval")
    // The same rows, read in the reverse order of owners: the same intervals, bit for bit.
    let reversed = scratch()
    for file in ["days.csv", "launches.csv"] {
      let lines = try String(contentsOf: dir.appendingPathComponent(file), encoding: .utf8)
        .split(separator: "\n", omittingEmptySubsequences: true)
      let device = CSVSchema.days.index("device")
      let body = lines.dropFirst().sorted { a, b in
        Int(a.split(separator: ",")[device])! > Int(b.split(separator: ",")[device])!
      }
      try ([String(lines[0])] + body.map(String.init)).joined(separator: "\n").appending("\n")
        .write(to: reversed.appendingPathComponent(file), atomically: true, encoding: .utf8)
    }
    let again = try Self.tables(reversed, bootstrap: true)
    for (a, b) in zip(boot.rows, again.rows) {
      #expect(a.low.bitPattern == b.low.bitPattern && a.high.bitPattern == b.high.bitPattern, "\(a.metric)")
      #expect(a.medianLow.bitPattern == b.medianLow.bitPattern, "\(a.metric)")
    }
  }

  @Test func pairedDifferencesOfSharesStayWithinMinusOneAndOne() throws {
    let out = try runExperiment(smallExperiment.replacingOccurrences(of: "devices: 4", with: "devices: 3"))
    let c = CSVSchema.summary.index
    for r in try csvRows(out.appendingPathComponent("summary.csv").path).dropFirst() {
      // (The intra-class correlation's estimator may be negative: it is not a share.)
      guard let metric = MetricName(rawValue: r[c("metric")]), metric.range == .share,
        metric != .iccLaunchesPerDay,
        let low = Double(r[c("ci95_low")]), let high = Double(r[c("ci95_high")])
      else { continue }
      let range = r[c("kind")] == "arm" ? 0.0...1.0 : -1.0...1.0
      #expect(range.contains(low) && range.contains(high), "\(r.joined(separator: ","))")
    }
    for r in try csvRows(out.appendingPathComponent("launch_probability_by_hour.csv").path).dropFirst() {
      let i = CSVSchema.launchProbabilityByHour.index
      for column in ["ci95_low", "ci95_high"] {
        if let x = Double(r[i(column)]) { #expect((0...1).contains(x), "\(r)") }
      }
    }
  }

  @Test func holmAdjustsOverTheCells() throws {
    let text = smallExperiment.replacingOccurrences(of: "devices: 4", with: "devices: 12")
      .replacingOccurrences(of: "arms:", with: "sweep:\n  grid: {app.opens_per_day: [2, 8, 20]}\narms:")
    let out = try runExperiment(text)
    let (c, rows) = try csvTable(out, .hypotheses)
    let byClaim = Dictionary(grouping: rows, by: { $0[c("hypothesis")] })
    #expect(!byClaim.isEmpty)
    for (claim, cells) in byClaim {
      #expect(cells.count == 3)
      let raw = cells.map { Double($0[c("p_value")]) ?? .nan }
      let adjusted = cells.map { Double($0[c("p_value_holm")]) ?? .nan }
      let expected = Statistics.holmAdjusted(raw)
      for k in raw.indices where !raw[k].isNaN {
        // The file's p-values have 6 decimals: Holm's factor of at most 3 on a rounded
        // raw p-value, and the rounding of the adjusted one, leave at most 2 × 10⁻⁶.
        #expect(abs(adjusted[k] - expected[k]) <= 2.000001e-6, "\(claim)")
        #expect(adjusted[k] >= raw[k] - 1e-12)
        // A decided claim has an adjusted p-value below its alpha (as the file's 6
        // decimals round it: 0.0499996 is written 0.050000).
        if cells[k][c("result")] != "INCONCLUSIVE" { #expect(adjusted[k] < 0.05 + 5e-7, "\(claim)") }
      }
    }
  }

  /// P(X ≤ k) for X ~ Binomial(n, p), summed term by term in logarithms.
  static func binomialCDF(_ k: Int, _ n: Int, _ p: Double) -> Double {
    var sum = 0.0
    for i in 0...k {
      let (x, rest) = (Double(i), Double(n - i))
      let logChoose = lgamma(Double(n + 1)) - lgamma(x + 1) - lgamma(rest + 1)
      sum += exp(logChoose + x * log(p) + rest * log(1 - p))
    }
    return sum
  }

  @Test(arguments: [60, 400, 1000])
  func theAcceptedCountsFollowTheNumberOfRuns(runs: Int) {
    let band = CoverageRow.acceptedCounts(runs: runs, band: 0.90...0.99)
    // The lowest count: the first whose probability under a coverage of 0.90 reaches 0.1 %.
    #expect(Self.binomialCDF(band.lowerBound, runs, 0.90) >= 0.001)
    #expect(Self.binomialCDF(band.lowerBound - 1, runs, 0.90) < 0.001)
    #expect(band.lowerBound < runs * 9 / 10 && band.upperBound <= runs)
  }
}
