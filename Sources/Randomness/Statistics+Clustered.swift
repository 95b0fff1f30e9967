@preconcurrency import CGSL

extension Statistics {
  /// The ratio estimator R = ΣYᵢ / ΣNᵢ over `clusters` independent clusters (owners),
  /// each with a total Yᵢ of `Nᵢ` observations, and its cluster-robust (linearised)
  /// standard error √(m/(m − 1) · Σ(Yᵢ − R Nᵢ)²) / ΣNᵢ: the mean of all launches of all
  /// owners, with the owners, not the launches, as the independent units. NaN below two
  /// clusters or without observations.
  public static func clusteredRatio(
    clusters m: Int, sumY: Double, sumN: Double, sumYY: Double, sumNN: Double, sumYN: Double
  ) -> (ratio: Double, standardError: Double) {
    guard sumN > 0 else { return (.nan, .nan) }
    let r = sumY / sumN
    guard m > 1 else { return (r, .nan) }
    let residuals = max(0, sumYY - 2 * r * sumYN + r * r * sumNN)
    return (r, (Double(m) / Double(m - 1) * residuals).squareRoot() / sumN)
  }

  /// The two-sided t quantile at `level` with `degreesOfFreedom`. Beyond 10⁵ degrees
  /// of freedom, the normal quantile (closer than 10⁻⁵ to it): GSL's inversion of the
  /// t distribution fails to converge with millions of them.
  public static func tQuantile(level: Double, degreesOfFreedom: Double) -> Double {
    prepareGSL()
    guard degreesOfFreedom <= 1e5 else { return gsl_cdf_ugaussian_Pinv(1 - (1 - level) / 2) }
    return gsl_cdf_tdist_Pinv(1 - (1 - level) / 2, degreesOfFreedom)
  }

  /// The `p`-quantile of the F distribution with (`d1`, `d2`) degrees of freedom. Beyond
  /// 10⁵ degrees of freedom on a side, the limit there (a χ² over its degrees of
  /// freedom), as GSL's inversion fails to converge with millions of them.
  public static func fQuantile(_ p: Double, _ d1: Double, _ d2: Double) -> Double {
    prepareGSL()
    switch (d1 > 1e5, d2 > 1e5) {
    case (true, true): return 1
    case (false, true): return gsl_cdf_chisq_Pinv(p, d1) / d1
    case (true, false): return d2 / gsl_cdf_chisq_Pinv(1 - p, d2)
    case (false, false):
      let direct = gsl_cdf_fdist_Pinv(p, d1, d2)
      if direct.isFinite { return direct }
      // GSL's inversion gives up at some large degrees of freedom (999 and 21,000, the ICC
      // of 1,000 owners over 22 days, whose lower bound it left blank): bisect its CDF.
      var (low, high) = (0.0, 1.0)
      while gsl_cdf_fdist_P(high, d1, d2) < p && high < 1e300 { high *= 2 }
      for _ in 0..<200 where high - low > 1e-15 * high {
        let mid = (low + high) / 2
        if gsl_cdf_fdist_P(mid, d1, d2) < p { low = mid } else { high = mid }
      }
      return (low + high) / 2
    }
  }

  /// The F distribution's CDF at `x` with `d1` and `d2` degrees of freedom.
  public static func fCDF(_ x: Double, _ d1: Double, _ d2: Double) -> Double {
    prepareGSL()
    return gsl_cdf_fdist_P(x, d1, d2)
  }

  /// The two-sided standard normal quantile at `level` (1.96 at 0.95).
  public static func normalQuantile(level: Double) -> Double {
    gsl_cdf_ugaussian_Pinv(1 - (1 - level) / 2)
  }

  /// The standard normal distribution's upper tail, P(Z > z).
  public static func normalUpperTail(_ z: Double) -> Double { gsl_cdf_ugaussian_Q(z) }

  /// The two-sided p-value of a t statistic with `degreesOfFreedom`.
  public static func twoSidedPValue(t: Double, degreesOfFreedom: Double) -> Double {
    guard !t.isNaN, degreesOfFreedom > 0 else { return .nan }
    if t.isInfinite { return 0 }
    return min(1, 2 * gsl_cdf_tdist_Q(abs(t), degreesOfFreedom))
  }

  /// Holm's step-down adjustment of a family of p-values (Holm 1979): the i-th smallest
  /// of k becomes max over j ≤ i of min(1, (k − j + 1) p₍ⱼ₎). It holds the chance of any
  /// false rejection in the family at alpha whatever the tests' dependence. NaN p-values
  /// stay NaN and are not counted in the family; ties keep their order.
  public static func holmAdjusted(_ p: [Double]) -> [Double] {
    let order = p.indices.filter { !p[$0].isNaN }.sorted { (p[$0], $0) < (p[$1], $1) }
    var adjusted = p
    var running = 0.0
    for (i, index) in order.enumerated() {
      running = max(running, min(1, Double(order.count - i) * p[index]))
      adjusted[index] = running
    }
    return adjusted
  }

  /// The smallest alpha at which `interval(1 − alpha)` leaves out `value`: the
  /// two-sided p-value of the claim that the statistic equals `value`, as the interval
  /// rule decides it, so that the p-value and the interval printed beside it can never
  /// disagree (1 only when even the narrowest interval holds `value`, NaN when the
  /// interval is undefined). The intervals must widen with the level. Until issue 52 the
  /// search began at level 0.5 and gave 1 for every value inside the 50 % interval (a
  /// claim of 8.5 against an estimate of 8.579 [7.279, 9.963] read p = 1.000).
  public static func pValue(excluding value: Double, interval: (Double) -> ConfidenceInterval) -> Double {
    func excludes(_ level: Double) -> Bool? {
      let ci = interval(level)
      guard ci.lower.isFinite, ci.upper.isFinite else { return nil }
      return value < ci.lower || value > ci.upper
    }
    guard let atHalf = excludes(0.5) else { return .nan }
    // Bisection on the level: excluded at `low`, not (or undefined) at `high`.
    var (low, high): (Double, Double)
    if atHalf {
      (low, high) = (0.5, 1 - 1e-12)
      if excludes(high) == true { return 1 - high }
    } else {
      (low, high) = (1e-12, 0.5)
      if excludes(low) != true { return 1 }
    }
    for _ in 0..<60 {
      let middle = (low + high) / 2
      if excludes(middle) == true { low = middle } else { high = middle }
    }
    return 1 - low
  }
}

extension Statistics {
  /// The smallest k with P(X ≤ k) ≥ `probability` for X ~ Binomial(`trials`, `p`).
  public static func binomialQuantile(_ probability: Double, trials: Int, p: Double) -> Int {
    guard trials > 0 else { return 0 }
    for k in 0...trials where gsl_cdf_binomial_P(UInt32(k), p, UInt32(trials)) >= probability { return k }
    return trials
  }
}
