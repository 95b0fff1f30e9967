import Randomness

extension SummaryTables {
  /// The ranks (from 0) of the order statistics that bound the interval at `level` of the
  /// `p`-quantile of `count` independent owners, n·p ± z·√(n·p(1 − p)), with an end that
  /// falls outside the owners left open (nil) instead of set at the smallest or largest
  /// owner: with 35 owners the largest is no 95 % upper bound of their p90 (a bound set
  /// there left out values its p-value kept in), and with 4 owners the largest is none
  /// of their median.
  static func openQuantileRanks(count: Int, _ p: Double, level: Double) -> (low: Int?, high: Int?) {
    let n = Double(count)
    let half = Statistics.normalQuantile(level: level) * (n * p * (1 - p)).squareRoot()
    let low = (n * p - half).rounded(.down)
    let high = (n * p + half).rounded(.up)
    return (low >= 0 ? Int(low) : nil, high <= n - 1 ? Int(high) : nil)
  }

  /// The two-sided p-value of the claim that the `p`-quantile of `count` owners is a value
  /// that `below` of them lie under and `atOrBelow` at or under, by the procedure of
  /// ``openQuantileRanks(count:_:level:)``: its interval at level 1 − α leaves the value
  /// out exactly when this is at most α. Below the interval, at most its lower rank of
  /// owners are at or below the value; above it, more than its upper rank are under it.
  /// Counts may be fractional (a share of a larger number of owners). NaN for p at 0 or 1.
  static func openQuantilePValue(count: Double, _ p: Double, below: Double, atOrBelow: Double) -> Double {
    let spread = (count * p * (1 - p)).squareRoot()
    guard spread > 0 else { return .nan }
    let z = max((count * p - atOrBelow) / spread, (below - 1 - count * p) / spread)
    return min(1, 2 * Statistics.normalUpperTail(z))
  }

  /// A claim on the `p`-quantile of an owner figure of stream `g` at `level`, with the
  /// owners' shares under and at or below its value (`thresholds`: under, at or below):
  /// the interval, its p-value and the owners that would decide it, from one procedure.
  /// Nil when the owners' counts at the value were not made.
  static func ownerQuantileClaim(
    _ pooled: Pooled, _ g: Int32, _ metric: MetricName, _ p: Double, level: Double,
    thresholds: (below: Int64, atOrBelow: Int64)
  ) -> (low: Double, high: Double, pValue: Double, ownersNeeded: (Double) -> Int?)? {
    let n = pooled.pool(g).count
    guard n > 1, let under = pooled.shareBelow[g]?[thresholds.below],
      let atOrUnder = pooled.shareBelow[g]?[thresholds.atOrBelow]
    else { return nil }
    let ranks = openQuantileRanks(count: n, p, level: level)
    let low = ranks.low.map { pooled.value(g, rank: $0, metric) } ?? -.infinity
    let high = ranks.high.map { pooled.value(g, rank: $0, metric) } ?? .infinity
    let pValue = openQuantilePValue(
      count: Double(n), p, below: under * Double(n), atOrBelow: atOrUnder * Double(n))
    // The same shares of more owners: the test's spread shrinks as 1/√owners.
    let needed = { (alpha: Double) in
      ownersNeeded(from: n) { count in
        let c = Double(count)
        return openQuantilePValue(count: c, p, below: under * c, atOrBelow: atOrUnder * c) < alpha
      }
    }
    return (low, high, pValue, needed)
  }

  /// The thresholds [the stream's units] under and at or below `value` [the metric's
  /// units]: a value is under `x` when it is at or below the first.
  static func claimThresholds(_ value: Double, unitsPerValue: Double) -> (below: Int64, atOrBelow: Int64) {
    let atOrBelow = threshold(value, unitsPerValue: unitsPerValue)
    let units = value * unitsPerValue
    return (units == units.rounded(.down) && atOrBelow > .min ? atOrBelow - 1 : atOrBelow, atOrBelow)
  }
}
