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
  /// Each owner's sums (24 bytes an owner), for the jackknife, while there are at most
  /// ``largestOwners`` of them; nil beyond.
  private(set) var owners: [Statistics.GroupSums]? = []
  /// The most owners (per arm and cell) whose sums are kept for the jackknife: a
  /// million, 24 MB. The jackknife is O(owners), so unlike the bootstrap it needs no
  /// smaller limit, and the interval does not change its rule at 1,000 owners.
  static let largestOwners = 1_000_000

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
    keep([Statistics.GroupSums(count: days, sum: launches, sumOfSquares: launchSquares)])
  }

  /// Keeps owners' sums while they are few.
  private mutating func keep(_ more: [Statistics.GroupSums]?) {
    guard let more, owners != nil, owners!.count + more.count <= Self.largestOwners else {
      owners = nil
      return
    }
    owners! += more
  }

  mutating func merge(_ other: IntraClassSums) {
    groups += other.groups
    isOutOfRange = isOutOfRange || other.isOutOfRange
    addSums(other)
    keep(other.owners)
  }

  /// Adds `other`'s sums (not its groups); an overflow marks the sums out of range.
  private mutating func addSums(_ other: IntraClassSums) {
    var overflow = false
    total = total.adding(other.total, overflow: &overflow)
    sum = sum.adding(other.sum, overflow: &overflow)
    sumOfSquares = sumOfSquares.adding(other.sumOfSquares, overflow: &overflow)
    countSquares = countSquares.adding(other.countSquares, overflow: &overflow)
    for (n, s) in other.squaredSumsByCount {
      squaredSumsByCount[n] = (squaredSumsByCount[n] ?? 0).adding(s, overflow: &overflow)
    }
    if overflow { isOutOfRange = true }
  }

  /// ICC(1) with its 95 % interval; nil where it is not defined or out of range. The
  /// F-based interval assumes normal launches; owners whose launches are skewed (a few
  /// owners with many) make it too narrow, and then the jackknife interval over owners
  /// on Fisher's scale is wider. While the owners' sums are kept (``owners``, up to
  /// ``largestOwners``), the interval spans both; beyond, it is the F-based one.
  var robustInterval: ConfidenceInterval? {
    guard let plain = interval else { return nil }
    guard let owners, owners.count == groups else { return plain }
    // Owners in a canonical order, so that the sums do not depend on the order read.
    let sorted = owners.sorted { ($0.count, $0.sum, $0.sumOfSquares) < ($1.count, $1.sum, $1.sumOfSquares) }
    let n = Double(total)
    let n0 = (n - Double(countSquares) / n) / Double(groups - 1)
    guard
      let jackknife = Statistics.intraClassJackknifeInterval(
        estimate: plain.estimate, meanGroupSize: n0, jackknife: Statistics.intraClassJackknife(sorted),
        level: plain.level)
    else { return plain }
    return ConfidenceInterval(
      estimate: plain.estimate, lower: min(plain.lower, jackknife.lower),
      upper: max(plain.upper, jackknife.upper),
      level: plain.level, n: groups)
  }

  /// ICC(1) with its F-based 95 % interval; nil where it is not defined or out of range.
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
