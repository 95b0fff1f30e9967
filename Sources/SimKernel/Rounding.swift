/// Exact rounding of doubles to whole numbers without calls to libm (`round`, `floor`,
/// `ceil`: the build targets baseline x86-64, which has no rounding instruction) and
/// without branches on the value (a branch on a random fraction is mispredicted half the
/// time; as branches these cost more than the calls they replaced).
///
/// Each truncates (one instruction), and for |x| < 2^53 the fraction `x − trunc(x)` is
/// exact, so comparing it gives exactly the rounding asked for; larger values are whole
/// numbers already. Outside the `Int64` range they trap, as the conversion does.
@usableFromInline package enum Rounding {
  /// `Int64(x.rounded())`: to nearest, halves away from zero.
  @inlinable @inline(__always)
  package static func toNearest(_ x: Double) -> Int64 {
    let whole = Int64(x)
    let fraction = x - Double(whole)
    return whole + (fraction >= 0.5 ? 1 : 0) - (fraction <= -0.5 ? 1 : 0)
  }

  /// The largest magnitude of a converted time [µs]: 2^61, about 73,000 years, so that
  /// sums of a few such times stay inside `Int64`.
  @usableFromInline package static let saturation = 2_305_843_009_213_693_952.0

  /// `x` kept within ±``saturation``, NaN counted as the far end: a draw from a long
  /// tail (or an overflowing product) becomes "never within the run" instead of a trap
  /// in the conversion. Inputs are range-checked before this; it is the last guard.
  @inlinable @inline(__always)
  package static func saturated(_ x: Double) -> Double {
    x < saturation ? (x > -saturation ? x : -saturation) : saturation
  }
  /// `x.rounded(.down)`.
  @inlinable @inline(__always)
  package static func down(_ x: Double) -> Double {
    let whole = Double(Int64(x))
    return whole - (whole > x ? 1 : 0)
  }

  /// `Int64(x.rounded(.up))`.
  @inlinable @inline(__always)
  package static func upToInt64(_ x: Double) -> Int64 {
    let whole = Int64(x)
    return whole + (Double(whole) < x ? 1 : 0)
  }
}
