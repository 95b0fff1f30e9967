/// Values pooled over every owner of one (cell, arm), or one value per owner: the
/// delays after `earliestBeginDate` of all its launches, the daily median staleness at
/// app open, or an owner figure (``OwnerFigures``) in fixed point.
///
/// The values are counted, not kept, so a run's memory does not grow with its rows or
/// its owners. Exact integer sums (in the values' own units: milliseconds, the finest
/// precision of the CSV, for times) give the mean and the standard deviation, and they
/// add up to the same bits whatever the split of the rows between threads or shards. A
/// histogram of narrow bins (width at most 1/1024 of the value) finds the bin of each
/// order statistic the summary needs; one more pass over the values, spilled to disk as
/// they were read (``PooledValueSpill``), counts the values of those bins alone, which
/// gives the order statistics exactly.
struct PooledValues: Sendable {
  /// Values counted.
  private(set) var count = 0
  /// Sum of the values [units].
  private(set) var sum: Int128 = 0
  /// Sum of the squared values [units²].
  private(set) var sumOfSquares: Int128 = 0
  /// Values per bin (``bin(_:)``).
  private(set) var bins = BinCounts()
  /// Whether values are counted in ``bins`` (not for sums that need no order statistics).
  private(set) var binned = true
  /// Whether a sum overflowed or a value was out of range: the figures are then NaN
  /// rather than wrong.
  private(set) var isOutOfRange = false

  init(binned: Bool = true) { self.binned = binned }

  mutating func add(_ value: Int64) {
    count += 1
    let v = Int128(value)
    let (s, o1) = sum.addingReportingOverflow(v)
    let (q, o2) = sumOfSquares.addingReportingOverflow(v.multipliedReportingOverflow(by: v).partialValue)
    if o1 || o2 || value.magnitude > 1 << 62 { isOutOfRange = true }
    (sum, sumOfSquares) = (s, q)
    if binned { bins.add(Self.bin(value)) }
  }

  /// Counts a value that could not be represented: the figures become NaN.
  mutating func addOutOfRange() {
    count += 1
    isOutOfRange = true
  }

  mutating func merge(_ other: PooledValues) {
    count += other.count
    let (s, o1) = sum.addingReportingOverflow(other.sum)
    let (q, o2) = sumOfSquares.addingReportingOverflow(other.sumOfSquares)
    (sum, sumOfSquares) = (s, q)
    isOutOfRange = isOutOfRange || other.isOutOfRange || o1 || o2
    bins.merge(other.bins)
  }

  /// The mean [s] of values in milliseconds; NaN for no values.
  var mean: Double { mean(unitsPerValue: 1000) }

  /// The sample variance (denominator n − 1) [s²] of values in milliseconds; NaN below two values.
  var variance: Double { variance(unitsPerValue: 1000) }

  /// The mean, with `unitsPerValue` units to one; NaN for no values.
  func mean(unitsPerValue: Double) -> Double {
    count == 0 || isOutOfRange ? .nan : Self.double(sum) / Double(count) / unitsPerValue
  }

  /// The sample variance (denominator n − 1), with `unitsPerValue` units to one; NaN
  /// below two values. The sum of squared deviations, Σx² − (Σx)²/n, is worked out in
  /// integers but for the remainder of the division, so that equal values give 0 and
  /// no product overflows: with Σx = qn + r, it is Σx² − q²n − 2qr − r²/n.
  func variance(unitsPerValue: Double) -> Double {
    guard count > 1, !isOutOfRange else { return .nan }
    let n = Int128(count)
    let (q, r) = sum.quotientAndRemainder(dividingBy: n)
    let whole = sumOfSquares - q * q * n - 2 * q * r
    let deviations = Self.double(whole) - Self.double(r * r) / Self.double(n)
    return max(0, deviations) / Double(count - 1) / (unitsPerValue * unitsPerValue)
  }

  /// `x` as the nearest `Double`, as `Double(x)` rounds it: through `Int64` when it fits
  /// (one instruction), where the standard library's generic conversion from `Int128`
  /// took about 3,600 instructions (2.2 % of `bench phone --apps 40` under callgrind).
  @inline(__always)
  static func double(_ x: Int128) -> Double {
    x >= Int128(Int64.min) && x <= Int128(Int64.max) ? Double(Int64(truncatingIfNeeded: x)) : Double(x)
  }

  /// The bin of a value, increasing with the value: values below 1,024 have a bin of
  /// their own; above, each power of two is split into 1,024 equal bins.
  static func bin(_ value: Int64) -> Int32 {
    guard value >= 0 else { return -1 - bin(value == .min ? .max : -value) }
    if value < 1024 { return Int32(value) }
    let exponent = 63 - value.leadingZeroBitCount  // ≥ 10
    let mantissa = value >> (exponent - 10)  // 1024…2047
    return Int32(exponent * 1024) + Int32(mantissa - 1024)
  }
}
