import FileFormats
import Foundation
import Randomness

extension SummaryTables {
  /// How much the share of a stream's values at or below one of its quantiles varies
  /// between owners: the ratio estimate F̂ and its cluster-robust standard error, and,
  /// for a small run, the bootstrap-t replicates of F̂ over owners (sorted).
  struct QuantileSpread: Sendable {
    /// The share of the values at or below the quantile [0…1].
    let share: Double
    let standardError: Double
    /// The independent units (owners, or replications).
    let clusters: Int
    var replicates: [Double] = []
    /// The degrees of freedom of the owners' variance: fewer than owners − 1 when a few
    /// owners carry most of it (``Statistics/residualDegreesOfFreedom(_:)``).
    var degreesOfFreedom: Double? = nil
  }

  /// Woodruff's interval for the `p`-quantile of `count` values gathered in clusters
  /// (Woodruff 1952; Francisco and Fuller 1991): the ranks of the shares
  /// p + t₍α/2₎·SE and p + t₍₁₋α/2₎·SE, where SE is the standard error of the share of
  /// values at or below the estimate with the owners as the units, and t the bootstrap-t
  /// quantiles of that share over owners (small runs) or Student's with (owners − 1)
  /// degrees of freedom. With independent values it is the distribution-free interval;
  /// with owners that differ, it widens as their launches are alike. Nil below two owners.
  ///
  /// When every owner has the same share at or below the estimate (SE 0, as 2 owners
  /// with 2 opens each, one on either side, give), the share's interval is widened by the
  /// share of owners that may differ from them all (``unseenShare(owners:level:)``)
  /// times the farthest such an owner's share can lie, max(p, 1 − p); without it the
  /// interval was one rank that could leave out the estimate (a median of 9666 s read
  /// [14190, 14190]). The interval always holds the ranks the estimate is read from.
  static func woodruffRanks(count: Int, _ p: Double, spread: QuantileSpread, level: Double) -> (Int, Int)? {
    guard count > 0, spread.clusters > 1, spread.standardError.isFinite else { return nil }
    let shares: (low: Double, high: Double)
    if spread.standardError == 0 {
      let half = unseenShare(owners: spread.clusters, level: level) * max(p, 1 - p)
      shares = (p - half, p + half)
    } else {
      // Student's t, widened to the bootstrap-t quantiles where these are wider.
      let t = Statistics.tQuantile(
        level: level, degreesOfFreedom: spread.degreesOfFreedom ?? Double(spread.clusters - 1))
      var (low, high) = (-t, t)
      if !spread.replicates.isEmpty {
        let tail = (1 - level) / 2
        low = min(low, Statistics.replicateQuantile(spread.replicates, tail))
        high = max(high, Statistics.replicateQuantile(spread.replicates, 1 - tail))
      }
      shares = (p + low * spread.standardError, p + high * spread.standardError)
    }
    let n = Double(count)
    func rank(_ share: Double, _ rule: FloatingPointRoundingRule) -> Int {
      let place = n * share
      return place.isNaN ? (rule == .down ? 0 : count - 1) : Int(max(0, min(n - 1, place.rounded(rule))))
    }
    let read = Statistics.quantileRanks(count: count, p)
    return (
      min(rank(shares.low, .down), read.first ?? 0), max(rank(shares.high, .up), read.last ?? count - 1)
    )
  }

  /// The share of `owners` units that may differ from what every one of them showed, at
  /// `level`: with none of n seen off the common value, the share off it lies below
  /// 1 − ((1 − level)/2)^(1/n) (Clopper and Pearson 1934; about 3.7/n at 95 %), the rule
  /// `other_app_summary.csv` applies to counts that every owner has alike.
  static func unseenShare(owners n: Int, level: Double) -> Double {
    n > 0 ? 1 - pow((1 - level) / 2, 1 / Double(n)) : .nan
  }

  /// The two-sided p-value of the claim that the `p`-quantile of stream `g` equals
  /// `value` [its units], as Woodruff's interval decides it: how far the share of
  /// values at or below `value` lies from p, in standard errors of the share at the
  /// estimate, against Student's t or the bootstrap-t replicates. NaN when it cannot be told.
  static func quantilePValue(_ pooled: Pooled, _ g: Int32?, _ p: Double, value: Int64) -> Double {
    guard let g, let spread = pooled.spreads[g]?[p], let share = pooled.shareBelow[g]?[value],
      spread.clusters > 1
    else { return .nan }
    if spread.standardError == 0 { return alikeOwnersPValue(share: share, p, owners: spread.clusters) }
    let z = (share - p) / spread.standardError
    let student = Statistics.twoSidedPValue(
      t: z, degreesOfFreedom: spread.degreesOfFreedom ?? Double(spread.clusters - 1))
    guard !spread.replicates.isEmpty else { return student }
    // As the interval: the larger of Student's and the bootstrap's.
    let r = spread.replicates
    let below = Double(r.filter { $0 <= z }.count) / Double(r.count)
    let above = Double(r.filter { $0 >= z }.count) / Double(r.count)
    return max(student, min(1, 2 * min(below, above)))
  }

  /// ``quantilePValue(_:_:_:value:)`` when every owner has the same share at or below the
  /// estimate: the interval's widening (``woodruffRanks(count:_:spread:level:)``) reaches
  /// the share d from p at level 1 − α when α = 2(1 − d / max(p, 1 − p))^owners.
  static func alikeOwnersPValue(share: Double, _ p: Double, owners: Int) -> Double {
    let far = abs(share - p) / max(p, 1 - p)
    return far >= 1 ? 0 : min(1, 2 * pow(1 - far, Double(owners)))
  }

  /// The threshold [the stream's units] of a value [the metric's units]: a value is at
  /// or below `x` when it is at or below this.
  static func threshold(_ x: Double, unitsPerValue: Double) -> Int64 {
    let units = (x * unitsPerValue).rounded(.down)
    guard !units.isNaN else { return .min }
    return Int64(max(-9e18, min(9e18, units)))
  }

  /// What the owner-level intervals ask of the spilled values: the thresholds to count
  /// owners at or below, the streams whose owners to keep for resampling, and each
  /// interval asked for.
  struct OwnerIntervalRequest {
    var thresholds: [Int32: [Int64]] = [:]
    var keep: Set<Int32> = []
    var keepFigures: Set<Int32> = []
    /// (stream, quantile level, interval level) of every interval asked for.
    var asked: [(Int32, Double, Double)] = []
    /// The quantile levels of each stream that a claim names.
    var claimed: [Int32: Set<Double>] = [:]
    /// (stream, quantile level, interval level) of every claim on an owner figure's quantile.
    var ownerClaims: [(Int32, Double, Double)] = []
    var pooledStreams: [Int32] = []
    /// Owner-figure streams whose owners are clusters of cells: their medians'
    /// intervals by the owners' bootstrap (``clusterMedianInterval(_:_:_:)``).
    var clusteredMedians: [Int32] = []
  }

  static func ownerIntervalRequest(
    _ pooled: inout Pooled, pools: [Int32: PooledValues], plan: SummaryPlan
  ) -> OwnerIntervalRequest {
    var r = OwnerIntervalRequest()
    let bootstrap = !plan.byReplication
    for cell in plan.cells {
      for (a, arm) in plan.arms.enumerated() {
        for metric in [MetricName.delayAfterEarliest, .stalenessAtOpen] {
          guard let g = pooled.group(cell, arm, metric), let pool = pools[g], pool.count > 0,
            !pool.isOutOfRange
          else { continue }
          r.pooledStreams.append(g)
          var t = quantileLevels.map { p in
            threshold(
              Statistics.quantile(count: pool.count, p) { pooled.value(g, rank: $0, metric) },
              unitsPerValue: 1000)
          }
          for p in quantileLevels { r.asked.append((g, p, 0.95)) }
          for h in plan.hypotheses where h.arm == arm && h.metric == metric.rawValue && h.statistic != .mean {
            guard let value = h.value else { continue }
            t.append(threshold(value, unitsPerValue: 1000))
            r.asked.append((g, h.statistic.quantileLevel, 1 - h.alpha))
            r.claimed[g, default: []].insert(h.statistic.quantileLevel)
          }
          r.thresholds[g] = t
          if bootstrap, let owners = pooled.clusters[g]?.clusters, OwnerBootstrap.resamples(owners, plan) {
            r.keep.insert(g)
          }
        }
        // Owners that are clusters of cells: an owner figure's median by their bootstrap.
        for f in pooled.figureSet.metrics.indices where plan.clustersOwners {
          let g = pooled.layout.owner(cell: cell, arm: a, figure: f)
          guard let pool = pools[g], pool.count > 1, !pool.isOutOfRange else { continue }
          r.keepFigures.insert(g)
          r.clusteredMedians.append(g)
        }
        // Owner figures whose t interval a skewed spread between owners misleads.
        for (f, metric) in pooled.figureSet.metrics.enumerated() where metric.range == .nonNegative {
          let g = pooled.layout.owner(cell: cell, arm: a, figure: f)
          if bootstrap, let pool = pools[g], OwnerBootstrap.resamples(pool.count, plan) {
            r.keepFigures.insert(g)
          }
          for j in plan.arms.indices where j > a {
            let pair = pooled.layout.pair(cell: cell, a, j, figure: f)
            if bootstrap, let pool = pools[pair], OwnerBootstrap.resamples(pool.count, plan) {
              r.keepFigures.insert(pair)
            }
          }
        }
      }
    }
    // Claims on a quantile of an owner figure: the shares of owners under and at or below
    // the value, and the interval's order statistics at the claim's level.
    for cell in plan.cells {
      for h in plan.hypotheses where h.statistic != .mean && h.otherArm == nil {
        guard let metric = MetricName(rawValue: h.metric), !pooled.isPooled(metric),
          let g = pooled.group(cell, h.arm, metric), let value = h.value
        else { continue }
        let t = claimThresholds(value, unitsPerValue: pooled.unitsPerValue(metric))
        r.thresholds[g, default: []] += [t.below, t.atOrBelow]
        r.ownerClaims.append((g, h.statistic.quantileLevel, 1 - h.alpha))
      }
    }
    return r
  }

  /// The 95 % percentile interval of the median of `figures` [units] over
  /// ``OwnerBootstrap/resamples`` resamples of their owners (`owners`, each figure's),
  /// each owner drawn with all its figures: an owner in several pooled cells is one unit.
  /// Nil below ``OwnerBootstrap/fewestOwners`` owners, as the bootstrap elsewhere.
  static func clusterMedianInterval(_ figures: [Int64], _ owners: [Int64], _ stream: RandomStream) -> (
    low: Double, high: Double
  )? {
    let ids = Array(Set(owners)).sorted()
    guard ids.count >= OwnerBootstrap.fewestOwners else { return nil }
    let index = Dictionary(uniqueKeysWithValues: ids.enumerated().map { ($1, $0) })
    // Every figure in order with its owner: a resample's median is read by walking them,
    // each owner's as often as it was drawn, instead of sorting the resample.
    let sorted = zip(figures, owners).map { (Double($0) / OwnerFigures.unitsPerValue, index[$1]!) }
      .sorted { $0.0 < $1.0 }
    var sizes = [Int](repeating: 0, count: ids.count)
    for (_, o) in sorted { sizes[o] += 1 }
    var (draws, medians) = ([Int](repeating: 0, count: ids.count), [Double]())
    for _ in 0..<OwnerBootstrap.resamples {
      for o in draws.indices { draws[o] = 0 }
      var size = 0
      for _ in ids.indices {
        let o = stream.uniformInt(below: ids.count)
        (draws[o], size) = (draws[o] + 1, size + sizes[o])
      }
      // GSL's quantile of the sorted resample: ranks ⌊(n − 1)/2⌋ and the next, interpolated.
      let place = Double(size - 1) * 0.5
      let lower = Int(place.rounded(.down))
      var (seen, a, b) = (0, Double.nan, Double.nan)
      for (x, o) in sorted where draws[o] > 0 {
        if a.isNaN, lower < seen + draws[o] { a = x }
        if lower + 1 < seen + draws[o] {
          b = x
          break
        }
        seen += draws[o]
      }
      let delta = place - Double(lower)
      medians.append(b.isNaN ? a : (1 - delta) * a + delta * b)
    }
    medians.sort()
    return (Statistics.quantile(sorted: medians, 0.025), Statistics.quantile(sorted: medians, 0.975))
  }

  /// Adds to `pooled` what the owner-level intervals need, in two more passes over the
  /// spilled values: the owners' counts at or below each quantile of each pooled stream
  /// (and at each value a hypothesis names), with, for small runs, each owner's totals
  /// and figures to resample (``OwnerBootstrap``); then the order statistics at the
  /// ranks of the quantiles' intervals.
  static func addOwnerIntervals(
    to pooled: inout Pooled, pools: [Int32: PooledValues], plan: SummaryPlan, spills: [String]
  ) throws(UserError) {
    let r = ownerIntervalRequest(&pooled, pools: pools, plan: plan)
    let (thresholds, asked, claimed) = (r.thresholds, r.asked, r.claimed)
    guard !thresholds.isEmpty || !r.keepFigures.isEmpty else { return }
    let counts = try ClusteredCounts(
      thresholds: thresholds, keep: r.keep, keepFigures: r.keepFigures, spills: spills,
      byReplication: plan.byReplication)
    for (g, t) in thresholds {
      guard let sums = counts.sums[g] else { continue }
      for k in t.indices {
        pooled.shareBelow[g, default: [:]][t[k]] = Double(sums[k].sumY) / Double(sums[k].sumN)
      }
    }
    for g in r.pooledStreams {
      guard let sums = counts.sums[g] else { continue }
      for (k, p) in quantileLevels.enumerated() {
        let (share, se) = sums[k].ratio()
        pooled.spreads[g, default: [:]][p] = QuantileSpread(
          share: share, standardError: se, clusters: sums[k].clusters)
      }
      guard let kept = counts.clusters[g] else { continue }
      // One set of resamples for the mean and the quantiles an interval is asked of (the
      // median always, p10 and p90 when a claim names them), over the owners in a
      // canonical order.
      let owners = kept.sorted { a, b in
        (a.sum, a.count) != (b.sum, b.count)
          ? (a.sum, a.count) < (b.sum, b.count) : a.below.lexicographicallyPrecedes(b.below)
      }
      let levels = quantileLevels.indices.filter { k in
        quantileLevels[k] == 0.5 || claimed[g]?.contains(quantileLevels[k]) == true
      }
      let units =
        [owners.map { Statistics.Cluster(y: Double($0.sum), n: Double($0.count)) }]
        + levels.map { k in owners.map { Statistics.Cluster(y: Double($0.below[k]), n: Double($0.count)) } }
      let replicates = Statistics.studentizedReplicates(
        sameOwners: units, resamples: OwnerBootstrap.resamples,
        stream: OwnerBootstrap.stream(seed: plan.seed, key: pooled.layout.stableKey(g), purpose: 0))
      pooled.meanReplicates[g] = replicates[0]
      pooled.meanDegreesOfFreedom[g] = Statistics.residualDegreesOfFreedom(units[0])
      for (j, k) in levels.enumerated() {
        pooled.spreads[g]?[quantileLevels[k]]?.replicates = replicates[1 + j]
        pooled.spreads[g]?[quantileLevels[k]]?.degreesOfFreedom = Statistics.residualDegreesOfFreedom(
          units[1 + j])
      }
    }
    for g in r.clusteredMedians {
      guard let figures = counts.figures[g], let owners = counts.figureClusters[g] else { continue }
      let stream = OwnerBootstrap.stream(seed: plan.seed, key: pooled.layout.stableKey(g), purpose: 3)
      pooled.clusterMedians[g] = clusterMedianInterval(figures, owners, stream)
    }
    for (g, figures) in counts.figures where !r.clusteredMedians.contains(g) {
      let units = figures.map { Statistics.Cluster(y: Double($0), n: 1) }
      pooled.meanReplicates[g] = Statistics.studentizedReplicates(
        units, resamples: OwnerBootstrap.resamples,
        stream: OwnerBootstrap.stream(seed: plan.seed, key: pooled.layout.stableKey(g), purpose: 0))
      pooled.meanDegreesOfFreedom[g] = Statistics.residualDegreesOfFreedom(units)
    }
    var ranks: [Int32: Set<Int>] = [:]
    for (g, p, level) in asked {
      guard let spread = pooled.spreads[g]?[p],
        let (lo, hi) = woodruffRanks(count: pools[g]?.count ?? 0, p, spread: spread, level: level)
      else { continue }
      ranks[g, default: []].formUnion([lo, hi])
    }
    for (g, p, level) in r.ownerClaims {
      let (lo, hi) = openQuantileRanks(count: pools[g]?.count ?? 0, p, level: level)
      ranks[g, default: []].formUnion([lo, hi].compactMap { $0 })
    }
    pooled.order.merge(try OrderStatistics(ranks: ranks, pools: pools, spills: spills))
  }
}
