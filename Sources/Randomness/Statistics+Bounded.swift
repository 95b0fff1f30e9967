extension Statistics {
  /// An interval for a share [0…1] of `count` values with this mean and sample variance
  /// that never leaves [0, 1]: Wilson's score interval with the effective sample size
  /// that gives the observed standard error, n* = p̂(1 − p̂)/SE² (Kish's design effect),
  /// and the t quantile of the t interval. Away from the bounds it is about as wide as the
  /// t interval; near them it bends inward instead of crossing. With no spread, n* is the
  /// count itself: five owners that all share 0 give [0, 0.61]. At 0 or 1 exactly, when
  /// the share is counted from `trials` (launches, opens) n* is their number: no owner
  /// saw a failure, so no spread between owners inflates the variance, and the interval
  /// is never wider than with one failure among as many trials.
  public static func shareInterval(
    mean p: Double, variance: Double, count: Int, level: Double = 0.95, trials: Double? = nil
  ) -> ConfidenceInterval {
    let t = confidenceInterval(mean: p, variance: variance, count: count, level: level)
    guard count > 1, p.isFinite, (0...1).contains(p), t.upper.isFinite else { return t }
    let se = (variance / Double(count)).squareRoot()
    let z = se > 0 ? (t.upper - p) / se : tQuantile(level: level, degreesOfFreedom: Double(count - 1))
    let inner = p > 0 && p < 1 && se > 0
    let atBound = (p == 0 || p == 1) && se == 0
    let n =
      inner
      ? max(1, min(p * (1 - p) / (se * se), 1e12))
      : atBound ? max(Double(count), min(trials ?? 0, 1e12)) : Double(count)
    let z2 = z * z
    let denominator = 1 + z2 / n
    let centre = (p + z2 / (2 * n)) / denominator
    let half = z * (p * (1 - p) / n + z2 / (4 * n * n)).squareRoot() / denominator
    return ConfidenceInterval(
      estimate: p, lower: max(0, min(p, centre - half)), upper: min(1, max(p, centre + half)), level: level,
      n: count)
  }

  /// A t interval for a mean that cannot be negative (a count, an energy, a duration):
  /// its lower bound is held at 0.
  public static func nonNegativeInterval(_ ci: ConfidenceInterval) -> ConfidenceInterval {
    guard ci.lower.isFinite, ci.lower < 0 else { return ci }
    return ConfidenceInterval(estimate: ci.estimate, lower: 0, upper: ci.upper, level: ci.level, n: ci.n)
  }
}
