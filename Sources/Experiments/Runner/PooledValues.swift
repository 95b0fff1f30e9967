/// Values pooled over every owner of one (cell, arm): the delays after
/// `earliestBeginDate` of all its launches, or the daily median staleness at app open.
///
/// The values are counted, not kept, so a run's memory does not grow with its rows.
/// Exact integer sums (in milliseconds, the finest precision of the CSV) give the mean
/// and the standard deviation, and they add up to the same bits whatever the split of
/// the rows between threads or shards. A histogram of narrow bins (width at most 1/1024
/// of the value) finds the bin of each order statistic the summary needs; one more pass
/// over the values, spilled to disk as they were read (``PooledValueSpill``), counts the
/// values of those bins alone, which gives the order statistics exactly.
struct PooledValues: Sendable {
  /// Values counted.
  private(set) var count = 0
  /// Sum of the values [ms].
  private(set) var sum: Int128 = 0
  /// Sum of the squared values [ms²].
  private(set) var sumOfSquares: Int128 = 0
  /// Values per bin (``bin(_:)``).
  private(set) var bins = BinCounts()

  mutating func add(_ milliseconds: Int64) {
    count += 1
    let v = Int128(milliseconds)
    sum += v
    sumOfSquares += v * v
    bins.add(Self.bin(milliseconds))
  }

  mutating func merge(_ other: PooledValues) {
    count += other.count
    sum += other.sum
    sumOfSquares += other.sumOfSquares
    bins.merge(other.bins)
  }

  /// The mean [s]; NaN for no values.
  var mean: Double { count == 0 ? .nan : Double(sum) / Double(count) / 1000 }

  /// The sample variance (denominator n − 1) [s²]; NaN below two values.
  var variance: Double {
    guard count > 1 else { return .nan }
    let n = Int128(count)
    return Double(n * sumOfSquares - sum * sum) / Double(n * (n - 1)) / 1_000_000
  }

  /// The bin of a value, increasing with the value: values below 1,024 ms have a bin of
  /// their own; above, each power of two is split into 1,024 equal bins.
  static func bin(_ milliseconds: Int64) -> Int32 {
    guard milliseconds >= 0 else { return -1 - bin(milliseconds == .min ? .max : -milliseconds) }
    if milliseconds < 1024 { return Int32(milliseconds) }
    let exponent = 63 - milliseconds.leadingZeroBitCount  // ≥ 10
    let mantissa = milliseconds >> (exponent - 10)  // 1024…2047
    return Int32(exponent * 1024) + Int32(mantissa - 1024)
  }
}
