import Randomness

/// Sums over independent clusters (owners, or replications) of a total Yᵢ and a count
/// Nᵢ each: what the ratio estimator ΣY/ΣN and its cluster-robust standard error need
/// (``Statistics/clusteredRatio(clusters:sumY:sumN:sumYY:sumNN:sumYN:)``). For the mean
/// delay, Yᵢ is an owner's sum of delays [ms] and Nᵢ its launches; for a quantile's
/// interval, Yᵢ counts the owner's values at or below the quantile.
///
/// The sums are exact integers, so they add up to the same bits whatever the split of
/// the owners between threads or shards; a sum that overflows makes the figures NaN.
struct ClusteredSums: Sendable {
  /// Clusters added.
  private(set) var clusters = 0
  private(set) var sumY: Int128 = 0, sumN: Int128 = 0
  private(set) var sumYY: Int128 = 0, sumNN: Int128 = 0, sumYN: Int128 = 0
  private(set) var isOutOfRange = false

  /// Adds one cluster's total `y` of `n` observations.
  mutating func add(y: Int128, n: Int128) {
    var one = ClusteredSums()
    one.clusters = 1
    (one.sumY, one.sumN) = (y, n)
    one.sumYY = y.multiplied(by: y, overflow: &one.isOutOfRange)
    one.sumNN = n.multiplied(by: n, overflow: &one.isOutOfRange)
    one.sumYN = y.multiplied(by: n, overflow: &one.isOutOfRange)
    merge(one)
  }

  mutating func merge(_ other: ClusteredSums) {
    clusters += other.clusters
    var overflow = other.isOutOfRange
    sumY = sumY.adding(other.sumY, overflow: &overflow)
    sumN = sumN.adding(other.sumN, overflow: &overflow)
    sumYY = sumYY.adding(other.sumYY, overflow: &overflow)
    sumNN = sumNN.adding(other.sumNN, overflow: &overflow)
    sumYN = sumYN.adding(other.sumYN, overflow: &overflow)
    if overflow { isOutOfRange = true }
  }

  /// ΣY/ΣN in units of one (`unitsPerValue` units of Y to one) and its cluster-robust
  /// standard error; NaN when out of range.
  func ratio(unitsPerValue: Double = 1) -> (estimate: Double, standardError: Double) {
    guard !isOutOfRange else { return (.nan, .nan) }
    let (r, se) = Statistics.clusteredRatio(
      clusters: clusters, sumY: Double(sumY), sumN: Double(sumN), sumYY: Double(sumYY),
      sumNN: Double(sumNN), sumYN: Double(sumYN))
    return (r / unitsPerValue, se / unitsPerValue)
  }
}

/// One cluster's total and count, while its observations are being added.
struct ClusterTotal: Sendable {
  var y: Int128 = 0
  var n: Int128 = 0

  mutating func add(_ value: Int64) {
    y &+= Int128(value)
    n += 1
  }

  mutating func merge(_ other: ClusterTotal) {
    y &+= other.y
    n += other.n
  }
}
