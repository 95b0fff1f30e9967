import FileFormats
import Foundation
import Randomness

extension SummaryTables {
  static func evaluate(_ h: Hypothesis, cell: Int, _ pooled: Pooled) -> Verdict {
    let metric = MetricName(rawValue: h.metric)!
    if let other = h.otherArm {
      let (i, j) = (pooled.arms.firstIndex(of: h.arm), pooled.arms.firstIndex(of: other))
      // The stream holds arm i − arm j for i < j; the other way round, its negation.
      var (ci, test) = (
        ConfidenceInterval(estimate: .nan, lower: .nan, upper: .nan, level: 1 - h.alpha, n: 0),
        TestResult(statistic: .nan, pValue: .nan)
      )
      if let i, let j, i != j {
        (ci, test) = pooled.pairedTest(
          pooled.pairGroup(cell, min(i, j), max(i, j), metric), metric, level: 1 - h.alpha)
        if i > j {
          ci = ConfidenceInterval(
            estimate: -ci.estimate, lower: -ci.upper, upper: -ci.lower, level: ci.level, n: ci.n)
        }
      }
      let sideOK = h.comparison.claimsAbove ? ci.estimate > 0 : ci.estimate < 0
      let passed = sideOK && test.pValue < h.alpha
      return Verdict(
        cell: cell, hypothesis: h.text, estimate: ci.estimate, low: ci.lower, high: ci.upper,
        pValue: test.pValue, passed: passed)
    }
    let g = pooled.group(cell, h.arm, metric)
    var estimate: Double
    var low: Double
    var high: Double
    switch h.statistic {
    case .mean:
      let ci = pooled.interval(g, metric).0
      (estimate, low, high) = (ci.estimate, ci.lower, ci.upper)
    case .median, .p10, .p90:
      let p = h.statistic == .median ? 0.5 : h.statistic == .p10 ? 0.1 : 0.9
      (estimate, low, high) = pooled.quantileInterval(g, metric, p)
    }
    let passed = h.comparison.holds(low: low, high: high, against: h.value!)
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
