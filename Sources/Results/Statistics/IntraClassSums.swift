import FileFormats
import Randomness

/// The sums that the intra-class correlation of launches per day needs
/// (``Statistics/intraClassCorrelation(groups:total:between:within:sumOfCountSquares:level:)``),
/// added up owner by owner, so that no owner is kept.
///
/// Each owner gives whole numbers (its days, its launches, the sum of the squares of its
/// daily launches), so the sums are exact integers whatever the order of the owners.
/// The one fraction, Σ sᵢ²/nᵢ, is kept as its integer numerators by group size nᵢ (an
/// owner's days, which take few values) and divided out at the end.
struct IntraClassSums: Sendable {
  /// Owners with at least one day.
  private(set) var groups = 0
  /// Their days.
  private(set) var total: Int128 = 0
  /// Their launches, and the sum of the squares of their daily launches.
  private(set) var sum: Int128 = 0
  private(set) var sumOfSquares: Int128 = 0
  /// The sum of the squares of their days.
  private(set) var countSquares: Int128 = 0
  /// By an owner's days: the sum of the squares of those owners' launches.
  private(set) var squaredSumsByCount: [Int128: Int128] = [:]
  /// Whether a count was not a whole number in range, or a sum overflowed.
  private(set) var isOutOfRange = false

  /// Adds an owner's days and launches (counts read from the CSV: whole numbers).
  mutating func add(days: Double, launches: Double, launchSquares: Double) {
    guard days > 0 else { return }
    guard let n = Self.whole(days), let s = Self.whole(launches), let q = Self.whole(launchSquares) else {
      groups += 1
      isOutOfRange = true
      return
    }
    groups += 1
    var other = IntraClassSums()
    (other.total, other.sum, other.sumOfSquares, other.countSquares) = (n, s, q, n * n)
    other.squaredSumsByCount[n] = s * s
    addSums(other)
  }

  mutating func merge(_ other: IntraClassSums) {
    groups += other.groups
    isOutOfRange = isOutOfRange || other.isOutOfRange
    addSums(other)
  }

  /// Adds `other`'s sums (not its groups); an overflow marks the sums out of range.
  private mutating func addSums(_ other: IntraClassSums) {
    var overflow = false
    func plus(_ a: Int128, _ b: Int128) -> Int128 {
      let (r, o) = a.addingReportingOverflow(b)
      overflow = overflow || o
      return r
    }
    total = plus(total, other.total)
    sum = plus(sum, other.sum)
    sumOfSquares = plus(sumOfSquares, other.sumOfSquares)
    countSquares = plus(countSquares, other.countSquares)
    for (n, s) in other.squaredSumsByCount { squaredSumsByCount[n] = plus(squaredSumsByCount[n] ?? 0, s) }
    if overflow { isOutOfRange = true }
  }

  /// ICC(1) with its 95 % interval; nil where it is not defined or out of range.
  var interval: ConfidenceInterval? {
    guard !isOutOfRange, groups >= 2 else { return nil }
    // Σ sᵢ²/nᵢ, in the order of the group sizes.
    let ratios = squaredSumsByCount.keys.sorted().reduce(0.0) {
      $0 + Double(squaredSumsByCount[$1]!) / Double($1)
    }
    let n = Double(total)
    let s = Double(sum)
    return Statistics.intraClassCorrelation(
      groups: groups, total: n, between: ratios - s * s / n, within: Double(sumOfSquares) - ratios,
      sumOfCountSquares: Double(countSquares))
  }

  /// A whole number below 2⁴⁰ (none of a run's counts comes near), else nil.
  private static func whole(_ x: Double) -> Int128? {
    guard x >= 0, x < 0x1p40, x.rounded() == x else { return nil }
    return Int128(x)
  }
}
