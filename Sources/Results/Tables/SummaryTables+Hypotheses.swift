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
      var variance = Double.nan
      if let i, let j, i != j {
        let g = pooled.pairGroup(cell, min(i, j), max(i, j), metric)
        (ci, test) = pooled.pairedTest(g, metric, level: 1 - h.alpha)
        variance = pooled.variance(g, metric)
        if i > j {
          ci = ConfidenceInterval(
            estimate: -ci.estimate, lower: -ci.upper, upper: -ci.lower, level: ci.level, n: ci.n)
        }
      }
      // Between arms: significant on the claimed side passes, on the other side fails.
      let significant = test.pValue < h.alpha
      let claimed = h.comparison.claimsAbove ? ci.estimate > 0 : ci.estimate < 0
      let result: Verdict.Result =
        !significant || ci.estimate.isNaN ? .inconclusive : claimed ? .pass : .fail
      return Verdict(
        cell: cell, hypothesis: h.text, estimate: ci.estimate, low: ci.lower, high: ci.upper,
        pValue: test.pValue, result: result,
        ownersNeeded: result == .inconclusive && !ci.estimate.isNaN
          ? ownersNeeded(from: ci.n) { count in
            Statistics.pairedTest(mean: ci.estimate, variance: variance, count: count).pValue < h.alpha
          } : nil)
    }
    let g = pooled.group(cell, h.arm, metric)
    var estimate: Double
    var low: Double
    var high: Double
    var owners: Int?
    switch h.statistic {
    case .mean:
      let ci = pooled.boundedInterval(g, metric, level: 1 - h.alpha)
      (estimate, low, high) = (ci.estimate, ci.lower, ci.upper)
      owners = ci.n
    case .median, .p10, .p90:
      let p = h.statistic == .median ? 0.5 : h.statistic == .p10 ? 0.1 : 0.9
      (estimate, low, high) = pooled.quantileInterval(g, metric, p)
    }
    let value = h.value!
    let result: Verdict.Result =
      estimate.isNaN || low.isNaN || high.isNaN
      ? .inconclusive
      : h.comparison.holds(low: low, high: high, against: value)
        ? .pass : h.comparison.fails(low: low, high: high, against: value) ? .fail : .inconclusive
    return Verdict(
      cell: cell, hypothesis: h.text, estimate: estimate, low: low, high: high, pValue: nil, result: result,
      ownersNeeded: result == .inconclusive
        ? owners.flatMap { n in
          let variance = pooled.variance(g, metric)
          return ownersNeeded(from: n) { count in
            let ci = Pooled.bounded(
              mean: estimate, variance: variance, count: count, metric, level: 1 - h.alpha)
            return h.comparison.holds(low: ci.lower, high: ci.upper, against: value)
              || h.comparison.fails(low: ci.lower, high: ci.upper, against: value)
          }
        } : nil)
  }

  /// Roughly how many owners would decide an undecided claim: the smallest count (to
  /// within 5 %) at which `decides(count)` holds, for an interval of the same mean and
  /// spread over that many owners (its width shrinks about as 1/√owners). Nil below two
  /// owners, or when no count up to 10⁹ decides it (a claim at its own estimate).
  static func ownersNeeded(from n: Int, decides: (Int) -> Bool) -> Int? {
    guard n > 1 else { return nil }
    var (low, high) = (n, 2 * n)
    while !decides(high) {
      guard high < 1_000_000_000 else { return nil }
      (low, high) = (high, 2 * high)
    }
    while Double(high) > Double(low) * 1.05 + 1 {
      let middle = (low + high) / 2
      if decides(middle) { high = middle } else { low = middle }
    }
    return high
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
