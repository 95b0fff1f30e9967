@preconcurrency import CGSL
import Foundation

/// Descriptive statistics and tests, computed with GSL.
///
/// Every function takes plain `[Double]` samples. Functions that need at least one or
/// two observations return NaN (or a NaN-filled result) when given fewer.
public enum Statistics {
  /// The arithmetic mean.
  public static func mean(_ xs: [Double]) -> Double {
    guard !xs.isEmpty else { return .nan }
    return xs.withUnsafeBufferPointer { gsl_stats_mean($0.baseAddress, 1, $0.count) }
  }

  /// The sample variance (denominator n − 1).
  public static func variance(_ xs: [Double]) -> Double {
    guard xs.count > 1 else { return .nan }
    return xs.withUnsafeBufferPointer { gsl_stats_variance($0.baseAddress, 1, $0.count) }
  }

  /// The sample standard deviation (denominator n − 1).
  public static func standardDeviation(_ xs: [Double]) -> Double { variance(xs).squareRoot() }

  /// The `p`-quantile [0…1] by linear interpolation between order statistics.
  public static func quantile(_ xs: [Double], _ p: Double) -> Double {
    guard !xs.isEmpty else { return .nan }
    return quantile(sorted: xs.sorted(), p)
  }

  /// The `p`-quantile of data already sorted in increasing order.
  public static func quantile(sorted xs: [Double], _ p: Double) -> Double {
    guard !xs.isEmpty else { return .nan }
    return xs.withUnsafeBufferPointer {
      gsl_stats_quantile_from_sorted_data($0.baseAddress, 1, $0.count, min(max(p, 0), 1))
    }
  }

  /// The median.
  public static func median(_ xs: [Double]) -> Double { quantile(xs, 0.5) }

  /// A t-based confidence interval for the mean.
  public static func confidenceInterval(_ xs: [Double], level: Double = 0.95) -> ConfidenceInterval {
    confidenceInterval(mean: mean(xs), variance: variance(xs), count: xs.count, level: level)
  }

  /// A t-based confidence interval for the mean of `count` values with this sample mean
  /// and sample variance (denominator n − 1); NaN bounds below two values.
  public static func confidenceInterval(mean m: Double, variance: Double, count: Int, level: Double = 0.95)
    -> ConfidenceInterval
  {
    guard count > 1 else {
      return ConfidenceInterval(estimate: m, lower: .nan, upper: .nan, level: level, n: count)
    }
    let se = (variance / Double(count)).squareRoot()
    let t = tQuantile(level: level, degreesOfFreedom: Double(count - 1))
    return ConfidenceInterval(estimate: m, lower: m - t * se, upper: m + t * se, level: level, n: count)
  }

  /// The `p`-quantile [0…1] of `count` values given by rank: `value(i)` is the i-th
  /// smallest, from 0. The same interpolation as ``quantile(sorted:_:)``.
  public static func quantile(count: Int, _ p: Double, value: (Int) -> Double) -> Double {
    guard count > 0 else { return .nan }
    let index = min(max(p, 0), 1) * Double(count - 1)
    let lhs = Int(index)
    let delta = index - Double(lhs)
    if lhs == count - 1 { return value(lhs) }
    return (1 - delta) * value(lhs) + delta * value(lhs + 1)
  }

  /// The ranks (from 0) that ``quantile(count:_:value:)`` reads.
  public static func quantileRanks(count: Int, _ p: Double) -> [Int] {
    guard count > 0 else { return [] }
    let lhs = Int(min(max(p, 0), 1) * Double(count - 1))
    return lhs == count - 1 ? [lhs] : [lhs, lhs + 1]
  }

  /// Welch's two-sample t-test for a difference in means (unequal variances), two-sided.
  /// The statistic is t for mean(a) − mean(b).
  public static func welchTTest(_ a: [Double], _ b: [Double]) -> TestResult {
    guard a.count > 1, b.count > 1 else { return TestResult(statistic: .nan, pValue: .nan) }
    let va = variance(a) / Double(a.count)
    let vb = variance(b) / Double(b.count)
    let diff = mean(a) - mean(b)
    let se = (va + vb).squareRoot()
    if se == 0 { return TestResult(statistic: diff == 0 ? 0 : .infinity, pValue: diff == 0 ? 1 : 0) }
    let t = diff / se
    let df =
      (va + vb) * (va + vb)
      / (va * va / Double(a.count - 1) + vb * vb / Double(b.count - 1))
    return TestResult(statistic: t, pValue: 2 * gsl_cdf_tdist_Q(abs(t), df), degreesOfFreedom: df)
  }

  /// A paired comparison: the mean of a[i] − b[i] with its t interval, and the paired
  /// t-test's two-sided p-value.
  public static func pairedDifference(
    _ a: [Double], _ b: [Double], level: Double = 0.95
  ) -> (interval: ConfidenceInterval, test: TestResult) {
    precondition(a.count == b.count, "paired samples must have equal length")
    let d = zip(a, b).map { $0 - $1 }
    let ci = confidenceInterval(d, level: level)
    return (ci, pairedTest(mean: ci.estimate, variance: variance(d), count: d.count))
  }

  /// The paired t-test's two-sided p-value for `count` differences with this sample mean
  /// and sample variance (denominator n − 1); NaN below two differences.
  public static func pairedTest(mean: Double, variance: Double, count: Int) -> TestResult {
    guard count > 1 else { return TestResult(statistic: .nan, pValue: .nan) }
    let se = (variance / Double(count)).squareRoot()
    let df = Double(count - 1)
    if se == 0 {
      return TestResult(statistic: mean == 0 ? 0 : .infinity, pValue: mean == 0 ? 1 : 0, degreesOfFreedom: df)
    }
    let t = mean / se
    return TestResult(statistic: t, pValue: 2 * gsl_cdf_tdist_Q(abs(t), df), degreesOfFreedom: df)
  }

  /// The Mann–Whitney U test (Wilcoxon rank-sum), two-sided, by the normal
  /// approximation with tie and continuity corrections. The statistic is U for `a`.
  public static func mannWhitneyU(_ a: [Double], _ b: [Double]) -> TestResult {
    let n1 = Double(a.count)
    let n2 = Double(b.count)
    guard n1 > 0, n2 > 0 else { return TestResult(statistic: .nan, pValue: .nan) }
    let pooled = (a.map { ($0, 0) } + b.map { ($0, 1) }).sorted { $0.0 < $1.0 }
    var rankSumA = 0.0
    var tieTerm = 0.0
    var i = 0
    while i < pooled.count {
      var j = i
      while j + 1 < pooled.count, pooled[j + 1].0 == pooled[i].0 { j += 1 }
      let rank = Double(i + j + 2) / 2  // mean of ranks i+1 … j+1
      let ties = Double(j - i + 1)
      tieTerm += ties * ties * ties - ties
      for k in i...j where pooled[k].1 == 0 { rankSumA += rank }
      i = j + 1
    }
    let u = rankSumA - n1 * (n1 + 1) / 2
    let n = n1 + n2
    let sigma = (n1 * n2 / 12 * ((n + 1) - tieTerm / (n * (n - 1)))).squareRoot()
    guard sigma > 0 else { return TestResult(statistic: u, pValue: 1) }
    let centred = abs(u - n1 * n2 / 2) - 0.5
    let z = max(centred, 0) / sigma
    return TestResult(statistic: u, pValue: min(1, 2 * gsl_cdf_ugaussian_Q(z)))
  }

  /// The one-sample Kolmogorov–Smirnov test of `sample` against a continuous `cdf`.
  /// The statistic is D = sup |F_n − F|; the p-value uses the asymptotic Kolmogorov
  /// distribution with Stephens' small-sample correction.
  public static func kolmogorovSmirnov(_ sample: [Double], cdf: (Double) -> Double) -> TestResult {
    guard !sample.isEmpty else { return TestResult(statistic: .nan, pValue: .nan) }
    let xs = sample.sorted()
    let n = Double(xs.count)
    var d = 0.0
    for (i, x) in xs.enumerated() {
      let f = cdf(x)
      d = max(d, Double(i + 1) / n - f, f - Double(i) / n)
    }
    return TestResult(statistic: d, pValue: kolmogorovPValue(d: d, effectiveN: n))
  }

  /// The two-sample Kolmogorov–Smirnov test.
  public static func kolmogorovSmirnov(_ a: [Double], _ b: [Double]) -> TestResult {
    guard !a.isEmpty, !b.isEmpty else { return TestResult(statistic: .nan, pValue: .nan) }
    let xa = a.sorted()
    let xb = b.sorted()
    var i = 0
    var j = 0
    var d = 0.0
    while i < xa.count, j < xb.count {
      let x = min(xa[i], xb[j])
      while i < xa.count, xa[i] <= x { i += 1 }
      while j < xb.count, xb[j] <= x { j += 1 }
      d = max(d, abs(Double(i) / Double(xa.count) - Double(j) / Double(xb.count)))
    }
    let ne = Double(xa.count * xb.count) / Double(xa.count + xb.count)
    return TestResult(statistic: d, pValue: kolmogorovPValue(d: d, effectiveN: ne))
  }

  /// Pearson's chi-square goodness-of-fit test of observed counts against expected
  /// counts (same length, expected > 0). Degrees of freedom: categories − 1.
  public static func chiSquare(observed: [Double], expected: [Double]) -> TestResult {
    precondition(observed.count == expected.count && observed.count > 1)
    var x2 = 0.0
    for (o, e) in zip(observed, expected) { x2 += (o - e) * (o - e) / e }
    let df = Double(observed.count - 1)
    return TestResult(statistic: x2, pValue: gsl_cdf_chisq_Q(x2, df), degreesOfFreedom: df)
  }

  /// P(D ≥ d) from the Kolmogorov distribution: 2 Σ (−1)^(k−1) exp(−2 k² λ²),
  /// λ = (√n + 0.12 + 0.11/√n) d.
  static func kolmogorovPValue(d: Double, effectiveN n: Double) -> Double {
    let root = n.squareRoot()
    let lambda = (root + 0.12 + 0.11 / root) * d
    if lambda < 0.2 { return 1 }
    var sum = 0.0
    var sign = 1.0
    for k in 1...100 {
      let term = exp(-2 * Double(k * k) * lambda * lambda)
      sum += sign * term
      if term < 1e-12 { break }
      sign = -sign
    }
    return min(max(2 * sum, 0), 1)
  }
}
