/// `Int64(x.rounded())` (half away from zero) without the call to libm's `round`, which
/// was 1 % of a run's instructions: converting times from seconds is on every path.
///
/// Truncation is one instruction, and for |x| < 2^53 the fraction `x − trunc(x)` is
/// exact, so comparing it with ±0.5 rounds exactly as `rounded()` does. Larger values
/// are whole numbers already. Out of `Int64` range, it traps as the conversion does.
@inlinable @inline(__always)
func roundedMicroseconds(_ x: Double) -> Int64 {
  let whole = Int64(x)
  let fraction = x - Double(whole)
  if fraction >= 0.5 { return whole + 1 }
  if fraction <= -0.5 { return whole - 1 }
  return whole
}
