import DeviceModel
import Dispatch
import Foundation
import Randomness
import Synchronization

extension SummaryTables {
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
}
