import Foundation
import Randomness

extension SummaryTables {
  /// The streams of values of every (cell, arm) and pair of arms, with their order
  /// statistics resolved: the pooled metrics in seconds, the owner figures in their
  /// own units (``OwnerFigures``).
  struct Pooled {
    let pools: [Int32: PooledValues]
    var order: OrderStatistics
    let arms: [String]
    let layout: SummaryGroups
    let figureSet: FigureSet
    /// Per owner figure stream, each replication's mean, when the intervals of means are
    /// over replications (a run with a posterior sample); nil when they are over owners.
    var replicationMeans: [Int32: [Double]]? = nil
    /// What the intervals count: `owner`, or `replication` with a posterior sample.
    var unit: String { replicationMeans != nil ? "replication" : "owner" }
    /// Per pooled stream (delays, staleness): its owners' (or replications') sums and
    /// counts, for the ratio estimator of its mean.
    var clusters: [Int32: ClusteredSums] = [:]
    /// Per pooled stream and quantile level: the spread between owners of the share of
    /// values at or below the quantile, for Woodruff's interval.
    var spreads: [Int32: [Double: QuantileSpread]] = [:]
    /// Per pooled stream and threshold [its units]: the share of its values at or below
    /// it (the values hypotheses on quantiles name).
    var shareBelow: [Int32: [Int64: Double]] = [:]
    /// Per stream of a small run: the bootstrap-t replicates of its mean over owners
    /// (sorted), for owner figures that cannot be negative and for pooled streams.
    var meanReplicates: [Int32: [Double]] = [:]
    /// Per stream of a small run: the degrees of freedom of its owners' variance
    /// (``Statistics/residualDegreesOfFreedom(_:)``).
    var meanDegreesOfFreedom: [Int32: Double] = [:]
    /// Per owner figure stream whose owners are clusters of cells (``SummaryPlan``'s
    /// `clustersOwners`): its median's 95 % interval, by the owners' bootstrap.
    var clusterMedians: [Int32: (low: Double, high: Double)] = [:]
    /// Per owner figure stream of a share counted from trials (launches, opens, days):
    /// the trials of all its owners, for its interval at 0 or 1 (over owners only); of a
    /// count a day, its owners' days.
    var trials: [Int32: Double] = [:]

    /// One step of an owner's figure in stream `g` of a count a day, 1/days (its owners'
    /// days over their number), for the interval of a mean every owner has alike
    /// (``alikeHalfWidth(step:owners:level:)``); nil for other figures, and over
    /// replications.
    func countStep(_ g: Int32?, _ metric: MetricName) -> Double? {
      guard replicationMeans == nil, let g, let days = trials[g], days > 0,
        OwnerFigures.figures.first(where: { $0.metric == metric })?.unit.isCounted == true
      else { return nil }
      return Double(pool(g).count) / days
    }

    /// The half-width of the interval of a count a day that every one of `owners` has
    /// alike (variance 0), where Student's interval is a point no sample of owners can
    /// claim: the share of owners none of them rules out (``SummaryTables/unseenShare(owners:level:)``)
    /// times one step, as `other_app_summary.csv` widens its counts. 40 owners of an app
    /// never opened, 9 days each: 0.0880 × 1/9, launches a day 0 [0, 0.0098] (a Poisson
    /// count of 0 in 360 owner-days bounds the rate at 0.0102).
    static func alikeHalfWidth(step: Double?, owners: Int, level: Double) -> Double? {
      guard let step, owners >= 2 else { return nil }
      return SummaryTables.unseenShare(owners: owners, level: level) * step
    }

    /// `ci` widened by `half` on either side, when there is one.
    static func widened(_ ci: ConfidenceInterval, by half: Double?) -> ConfidenceInterval {
      guard let half else { return ci }
      return ConfidenceInterval(
        estimate: ci.estimate, lower: ci.estimate - half, upper: ci.estimate + half, level: ci.level, n: ci.n)
    }

    /// The stream of `metric` of `arm` in `cell`.
    func group(_ cell: Int, _ arm: String, _ metric: MetricName) -> Int32? {
      guard let a = arms.firstIndex(of: arm) else { return nil }
      if let f = figureSet.index(metric) { return layout.owner(cell: cell, arm: a, figure: f) }
      return layout.pooled(cell: cell, arm: a, metric)
    }

    /// The stream of the paired differences (arm `i` − arm `j`) of owner metric `metric`.
    func pairGroup(_ cell: Int, _ i: Int, _ j: Int, _ metric: MetricName) -> Int32? {
      figureSet.index(metric).map { layout.pair(cell: cell, i, j, figure: $0) }
    }

    /// Notes the trials of each owner figure of an arm (``trials``).
    mutating func noteTrials(_ bucketTrials: [Double], cell: Int, arm: Int) {
      for (f, t) in bucketTrials.enumerated() where t > 0 && f < figureSet.metrics.count {
        trials[layout.owner(cell: cell, arm: arm, figure: f)] = t
      }
    }

    func pool(_ g: Int32?) -> PooledValues { g.flatMap { pools[$0] } ?? PooledValues() }

    /// Units of the values of a stream to one of its metric's.
    func unitsPerValue(_ metric: MetricName) -> Double {
      figureSet.index(metric) == nil ? 1000 : OwnerFigures.unitsPerValue
    }

    /// The value of `rank` in stream `g`, in the metric's units; NaN if not resolved.
    func value(_ g: Int32, rank: Int, _ metric: MetricName) -> Double {
      guard !pool(g).isOutOfRange, let v = order.value(g, rank: rank) else { return .nan }
      return Double(v) / unitsPerValue(metric)
    }

    func quantile(_ g: Int32?, _ metric: MetricName, _ p: Double) -> Double {
      guard let g else { return .nan }
      return Statistics.quantile(count: pool(g).count, p) { value(g, rank: $0, metric) }
    }

    /// Whether `metric` is pooled over launches or opens (not one figure per owner).
    func isPooled(_ metric: MetricName) -> Bool { figureSet.index(metric) == nil }

    /// The quantile and its interval at `level`: for launches or opens, Woodruff's
    /// with the owners as the units (``woodruffRanks(count:_:spread:level:)``); for
    /// owner figures, the order statistics' (``openQuantileRanks(count:_:level:)``),
    /// which needs independent owners (none in a run with a posterior sample).
    func quantileInterval(_ g: Int32?, _ metric: MetricName, _ p: Double, level: Double = 0.95)
      -> (Double, Double, Double)
    {
      guard let g else { return (.nan, .nan, .nan) }
      if p == 0.5, level == 0.95, let m = clusterMedians[g] { return (quantile(g, metric, p), m.low, m.high) }
      let ranks: (Int, Int)?
      if isPooled(metric) {
        ranks = spreads[g]?[p].flatMap {
          SummaryTables.woodruffRanks(count: pool(g).count, p, spread: $0, level: level)
        }
      } else if replicationMeans == nil {
        // An end outside the owners is open (NaN), not the smallest or largest owner.
        let (lo, hi) = SummaryTables.openQuantileRanks(count: pool(g).count, p, level: level)
        let read = { (rank: Int?) in rank.map { value(g, rank: $0, metric) } ?? .nan }
        return (quantile(g, metric, p), read(lo), read(hi))
      } else {
        ranks = nil
      }
      guard let (lo, hi) = ranks else { return (quantile(g, metric, p), .nan, .nan) }
      return (quantile(g, metric, p), value(g, rank: lo, metric), value(g, rank: hi, metric))
    }

    /// The mean of stream `g` with its t interval at `level`, and the sample variance:
    /// over owners, or, for an owner figure of a run with a posterior sample, over the
    /// replications' means (each replication drew its own parameters, so the owners of
    /// one replication are not independent of each other).
    func interval(_ g: Int32?, _ metric: MetricName, level: Double = 0.95) -> (ConfidenceInterval, Double) {
      if isPooled(metric) {
        // The ratio estimator over owners: the variance of the owners' contributions,
        // not of the launches, which are not independent of each other.
        guard let g, let c = clusters[g] else {
          return (ConfidenceInterval(estimate: .nan, lower: .nan, upper: .nan, level: level, n: 0), .nan)
        }
        let (r, se) = c.ratio(unitsPerValue: unitsPerValue(metric))
        let variance = se * se * Double(c.clusters)
        if let replicates = meanReplicates[g], !replicates.isEmpty {
          return (
            Statistics.bootstrapTInterval(
              estimate: r, standardError: se, replicates: replicates, count: c.clusters, level: level,
              degreesOfFreedom: meanDegreesOfFreedom[g]),
            variance
          )
        }
        return (
          Statistics.confidenceInterval(mean: r, variance: variance, count: c.clusters, level: level),
          variance
        )
      }
      // An owner figure: the same code as `other_app_summary.csv`'s.
      return OwnerMeanInterval.of(
        pool(g), replicationMeans: replicationMeans.map { means in g.flatMap { means[$0] } ?? [] },
        replicates: g.flatMap { meanReplicates[$0] },
        degreesOfFreedom: g.flatMap { meanDegreesOfFreedom[$0] },
        level: level)
    }

    func describe(_ cell: Int, _ arm: String, _ metric: MetricName) -> Row {
      row(cell, .arm, arm, metric, group(cell, arm, metric), pValue: nil, bounded: true)
    }

    /// The interval of the mean of one arm's `metric`, kept inside the metric's range:
    /// a share's never leaves [0, 1] (``Statistics/shareInterval(mean:variance:count:level:trials:)``),
    /// a count's never goes below 0. (A paired difference may take either sign.)
    func boundedInterval(_ g: Int32?, _ metric: MetricName, level: Double = 0.95) -> ConfidenceInterval {
      let (ci, variance) = interval(g, metric, level: level)
      switch metric.range {
      case .share:
        return Self.bounded(
          mean: ci.estimate, variance: variance, count: ci.n, metric, level: level,
          trials: g.flatMap { trials[$0] })
      case .nonNegative:
        let half =
          variance == 0 ? Self.alikeHalfWidth(step: countStep(g, metric), owners: ci.n, level: level) : nil
        return Statistics.nonNegativeInterval(Self.widened(ci, by: half))
      }
    }

    /// The bounded interval of a mean of `count` values of `metric` with this sample variance.
    static func bounded(
      mean: Double, variance: Double, count: Int, _ metric: MetricName, level: Double, trials: Double? = nil
    ) -> ConfidenceInterval {
      switch metric.range {
      case .share:
        return Statistics.shareInterval(
          mean: mean, variance: variance, count: count, level: level, trials: trials)
      case .nonNegative:
        return Statistics.nonNegativeInterval(
          Statistics.confidenceInterval(mean: mean, variance: variance, count: count, level: level))
      }
    }

    /// The sample variance of the values behind `g`'s interval (owners, or replications).
    func variance(_ g: Int32?, _ metric: MetricName) -> Double { interval(g, metric).1 }

    /// The paired differences of owner metric `metric` between arms `i` and `j`, with the
    /// p-value of "no difference" read from the same interval (``pairPValue(_:_:_:_:)``).
    func describePair(_ cell: Int, _ i: Int, _ j: Int, _ metric: MetricName) -> Row {
      let g = pairGroup(cell, i, j, metric)
      return row(
        cell, .pairedDifference, "\(arms[i]) vs \(arms[j])", metric, g,
        pValue: pairPValue(cell, i, j, metric), interval: pairInterval(cell, i, j, metric))
    }

    /// The two-sided p-value of "arms `i` and `j` do not differ" in `metric`: the smallest
    /// alpha at which the paired interval (``pairInterval(_:_:_:_:level:)``) leaves out 0.
    /// One procedure gives the interval, the p-value and the verdict, so that they cannot
    /// disagree (a paired t-test beside an interval built from the arms' bounded ones
    /// printed p = 0.044 beside [-0.101, 0.011]).
    func pairPValue(_ cell: Int, _ i: Int, _ j: Int, _ metric: MetricName) -> Double? {
      let p = Statistics.pValue(excluding: 0) { pairInterval(cell, i, j, metric, level: $0) }
      return p.isNaN ? nil : p
    }

    /// The interval at `level` of the paired difference (arm `i` − arm `j`, i < j) of
    /// owner metric `metric`: for a share, from the arms' own bounded intervals
    /// (``Statistics/differenceInterval(_:_:correlation:count:)``), so that it stays in
    /// [−1, 1] and does not shrink to a point where every owner sits at 0 or 1; else the
    /// paired one (t, or bootstrap-t for a small run).
    func pairInterval(_ cell: Int, _ i: Int, _ j: Int, _ metric: MetricName, level: Double = 0.95)
      -> ConfidenceInterval
    {
      let g = pairGroup(cell, i, j, metric)
      let (paired, pairedVariance) = interval(g, metric, level: level)
      guard metric.range == .share, replicationMeans == nil else {
        // Every owner's difference alike: widened as an arm's count (the same owners, the same days).
        let step = countStep(group(cell, arms[i], metric), metric)
        let half = pairedVariance == 0 ? Self.alikeHalfWidth(step: step, owners: paired.n, level: level) : nil
        return Self.widened(paired, by: half)
      }
      let (a, b) = (group(cell, arms[i], metric), group(cell, arms[j], metric))
      let (va, vb, vd) = (variance(a, metric), variance(b, metric), variance(g, metric))
      let correlation = (va + vb - vd) / 2 / (va * vb).squareRoot()
      let d = Statistics.differenceInterval(
        boundedInterval(a, metric, level: level), boundedInterval(b, metric, level: level),
        correlation: correlation, count: paired.n)
      guard d.lower.isFinite, d.upper.isFinite, paired.estimate.isFinite else { return paired }
      // The estimate stays the mean of the owners' differences.
      return ConfidenceInterval(
        estimate: paired.estimate, lower: max(-1, paired.estimate - (d.estimate - d.lower)),
        upper: min(1, paired.estimate + (d.upper - d.estimate)), level: level, n: paired.n)
    }

    func row(
      _ cell: Int, _ kind: SummaryRowKind, _ arm: String, _ metric: MetricName, _ g: Int32?, pValue: Double?,
      bounded: Bool = false, interval given: ConfidenceInterval? = nil
    ) -> Row {
      // The standard deviation is over owners (or launches, or opens), whatever the interval.
      let ci = given ?? (bounded ? boundedInterval(g, metric) : interval(g, metric).0)
      let sd = pool(g).variance(unitsPerValue: unitsPerValue(metric)).squareRoot()
      let median = quantileInterval(g, metric, 0.5)
      // One owner (or replication) leaves nothing to estimate a spread from: no interval
      // and no p-value, whatever a rule for equal owners would give (the console says why).
      let one = ci.n < 2
      return Row(
        cell: cell, kind: kind, arm: arm, metric: metric, n: ci.n,
        unit: unit,
        observations: pool(g).count, mean: ci.estimate, sd: sd, low: one ? .nan : ci.lower,
        high: one ? .nan : ci.upper, median: median.0, medianLow: one ? .nan : median.1,
        medianHigh: one ? .nan : median.2, p10: quantile(g, metric, 0.1), p90: quantile(g, metric, 0.9),
        pValue: one ? nil : pValue)
    }
  }
}
