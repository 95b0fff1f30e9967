extension Statistics {
  /// One group's observations, summed: how many, their sum and their sum of squares.
  public struct GroupSums: Sendable, Hashable {
    public var count: Double
    public var sum: Double
    public var sumOfSquares: Double

    public init(count: Double, sum: Double, sumOfSquares: Double) {
      self.count = count
      self.sum = sum
      self.sumOfSquares = sumOfSquares
    }
  }

  /// The intra-class correlation ICC(1) of observations in groups (owners' days, say):
  /// the share of the variance that lies between groups, from a one-way analysis of
  /// variance, with the F-based interval at `level` (Shrout and Fleiss 1979; for
  /// unequal groups, the mean group size n₀ of Snedecor and Cochran). Nil with fewer
  /// than two groups or no variance within them.
  public static func intraClassCorrelation(_ groups: [GroupSums], level: Double = 0.95) -> ConfidenceInterval?
  {
    let groups = groups.filter { $0.count > 0 }
    let total = groups.reduce(0) { $0 + $1.count }
    guard groups.count >= 2, total > Double(groups.count) else { return nil }
    let grand = groups.reduce(0) { $0 + $1.sum } / total
    let between = groups.reduce(0) {
      $0 + $1.count * ($1.sum / $1.count - grand) * ($1.sum / $1.count - grand)
    }
    let within = groups.reduce(0) { $0 + $1.sumOfSquares - $1.sum * $1.sum / $1.count }
    return intraClassCorrelation(
      groups: groups.count, total: total, between: between, within: within,
      sumOfCountSquares: groups.reduce(0) { $0 + $1.count * $1.count }, level: level)
  }

  /// ICC(1) from the one-way analysis of variance's sums: `groups` groups of `total`
  /// observations in all, the sums of squares `between` and `within` the groups, and
  /// the sum of the squared group sizes. Nil with fewer than two groups or no variance
  /// within them.
  public static func intraClassCorrelation(
    groups: Int, total: Double, between: Double, within: Double, sumOfCountSquares: Double,
    level: Double = 0.95
  ) -> ConfidenceInterval? {
    let k = Double(groups)
    guard k >= 2, total > k else { return nil }
    let (dfBetween, dfWithin) = (k - 1, total - k)
    let msb = between / dfBetween
    let msw = within / dfWithin
    guard msw > 0 else { return nil }
    let n0 = (total - sumOfCountSquares / total) / dfBetween
    let f = msb / msw
    let icc = (msb - msw) / (msb + (n0 - 1) * msw)
    let tail = (1 - level) / 2
    let fLow = f / fQuantile(1 - tail, dfBetween, dfWithin)
    let fHigh = f * fQuantile(1 - tail, dfWithin, dfBetween)
    return ConfidenceInterval(
      estimate: icc, lower: (fLow - 1) / (fLow + n0 - 1), upper: (fHigh - 1) / (fHigh + n0 - 1), level: level,
      n: groups)
  }
}
