import FileFormats
import Foundation
import Randomness

extension SummaryTables {
  /// The streams of values of every (cell, arm) and pair of arms, with their order
  /// statistics resolved: the pooled metrics in seconds, the owner figures in their
  /// own units (``OwnerFigures``).
  struct Pooled {
    let pools: [Int32: PooledValues]
    let order: OrderStatistics
    let arms: [String]
    let layout: SummaryGroups
    let figureSet: FigureSet
    /// Per owner figure stream, each replication's mean, when the intervals of means are
    /// over replications (a run with a posterior sample); nil when they are over owners.
    var replicationMeans: [Int32: [Double]]? = nil

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

    /// The quantile and a distribution-free 95 % interval for it (``quantileIntervalRanks(count:_:)``).
    func quantileInterval(_ g: Int32?, _ metric: MetricName, _ p: Double) -> (Double, Double, Double) {
      guard let g, let (lo, hi) = SummaryTables.quantileIntervalRanks(count: pool(g).count, p) else {
        return (.nan, .nan, .nan)
      }
      return (quantile(g, metric, p), value(g, rank: lo, metric), value(g, rank: hi, metric))
    }

    /// The mean of stream `g` with its t interval at `level`, and the sample variance:
    /// over owners, or, for an owner figure of a run with a posterior sample, over the
    /// replications' means (each replication drew its own parameters, so the owners of
    /// one replication are not independent of each other).
    func interval(_ g: Int32?, _ metric: MetricName, level: Double = 0.95) -> (ConfidenceInterval, Double) {
      if let means = replicationMeans, let g, figureSet.index(metric) != nil {
        let xs = means[g] ?? []
        let variance = Statistics.variance(xs)
        return (
          Statistics.confidenceInterval(
            mean: Statistics.mean(xs), variance: variance, count: xs.count, level: level),
          variance
        )
      }
      let pool = pool(g)
      let units = unitsPerValue(metric)
      let variance = pool.variance(unitsPerValue: units)
      let ci = Statistics.confidenceInterval(
        mean: pool.mean(unitsPerValue: units), variance: variance, count: pool.count, level: level)
      return (ci, variance)
    }

    func describe(_ cell: Int, _ arm: String, _ metric: MetricName) -> Row {
      row(cell, "arm", arm, metric, group(cell, arm, metric), pValue: nil, bounded: true)
    }

    /// The interval of the mean of one arm's `metric`, kept inside the metric's range:
    /// a share's never leaves [0, 1] (``Statistics/shareInterval(mean:variance:count:level:)``),
    /// a count's never goes below 0. (A paired difference may take either sign.)
    func boundedInterval(_ g: Int32?, _ metric: MetricName, level: Double = 0.95) -> ConfidenceInterval {
      let (ci, variance) = interval(g, metric, level: level)
      return Self.bounded(mean: ci.estimate, variance: variance, count: ci.n, metric, level: level)
    }

    /// The bounded interval of a mean of `count` values of `metric` with this sample variance.
    static func bounded(mean: Double, variance: Double, count: Int, _ metric: MetricName, level: Double)
      -> ConfidenceInterval
    {
      switch metric.range {
      case .share:
        return Statistics.shareInterval(mean: mean, variance: variance, count: count, level: level)
      case .nonNegative:
        return Statistics.nonNegativeInterval(
          Statistics.confidenceInterval(mean: mean, variance: variance, count: count, level: level))
      }
    }

    /// The sample variance of the values behind `g`'s interval (owners, or replications).
    func variance(_ g: Int32?, _ metric: MetricName) -> Double { interval(g, metric).1 }

    /// The paired differences of owner metric `metric` between arms `i` and `j`, with the
    /// paired t-test's p-value.
    func describePair(_ cell: Int, _ i: Int, _ j: Int, _ metric: MetricName) -> Row {
      let g = pairGroup(cell, i, j, metric)
      let test = pairedTest(g, metric)
      return row(cell, "paired_difference", "\(arms[i]) vs \(arms[j])", metric, g, pValue: test.1.pValue)
    }

    /// The paired t interval at `level` and test of a stream of paired differences.
    func pairedTest(_ g: Int32?, _ metric: MetricName, level: Double = 0.95) -> (
      ConfidenceInterval, TestResult
    ) {
      let (ci, variance) = interval(g, metric, level: level)
      return (ci, Statistics.pairedTest(mean: ci.estimate, variance: variance, count: ci.n))
    }

    func row(
      _ cell: Int, _ kind: String, _ arm: String, _ metric: MetricName, _ g: Int32?, pValue: Double?,
      bounded: Bool = false
    ) -> Row {
      // The standard deviation is over owners (or launches, or opens), whatever the interval.
      let ci = bounded ? boundedInterval(g, metric) : interval(g, metric).0
      let sd = pool(g).variance(unitsPerValue: unitsPerValue(metric)).squareRoot()
      return Row(
        cell: cell, kind: kind, arm: arm, metric: metric, n: pool(g).count, mean: ci.estimate,
        sd: sd, low: ci.lower, high: ci.upper,
        median: quantile(g, metric, 0.5), p10: quantile(g, metric, 0.1),
        p90: quantile(g, metric, 0.9), pValue: pValue)
    }
  }
}
