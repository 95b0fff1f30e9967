import Foundation

/// Numbers for people to read.
public enum Format {
  /// `value` with `digits` decimals; a value that rounds to zero reads 0, never -0
  /// (`-0.000` beside an interval of zeros reads as a sign that is not there).
  public static func fixed(_ value: Double, digits: Int) -> String {
    let text = String(format: "%.\(digits)f", value)
    return value.isFinite && text.hasPrefix("-") && !text.contains(where: { ("1"..."9").contains($0) })
      ? String(text.dropFirst()) : text
  }

  /// Decimals for an interval `[low, high]` printed with `digits`: more, up to `most`,
  /// while an interval that leaves out 0 would print an end as 0. At 2 decimals a
  /// difference of 0.0035 [0.0006, 0.0078] reads `0.00 [0.00, 0.01]` beside its p = 0.019;
  /// it needs 3. An end that is 0 (or an interval holding 0) keeps `digits`.
  public static func intervalDigits(low: Double, high: Double, digits: Int, most: Int = 6) -> Int {
    func readsZero(_ x: Double, _ d: Int) -> Bool {
      !fixed(x, digits: d).contains(where: { ("1"..."9").contains($0) })
    }
    var d = max(0, digits)
    while d < most, (low > 0 && readsZero(low, d)) || (high < 0 && readsZero(high, d)) { d += 1 }
    return d
  }

  /// `n` and its noun, singular for 1: `1 day`, `30 days`, `1 hypothesis` (`plural` when
  /// it is not the noun and an s).
  public static func count(_ n: Int, _ noun: String, _ plural: String? = nil) -> String {
    "\(n) \(number(n, noun, plural))"
  }

  /// `items` after their noun, singular for one: `shard 2/3`, `shards 2/3, 3/3`.
  public static func named(_ items: [String], _ noun: String, _ plural: String? = nil) -> String {
    "\(number(items.count, noun, plural)) \(items.joined(separator: ", "))"
  }

  /// `noun` for one, else `plural` (the noun and an s when nil).
  static func number(_ n: Int, _ noun: String, _ plural: String?) -> String {
    n == 1 ? noun : plural ?? noun + "s"
  }

  /// `value` to three significant digits at most, without trailing zeros: 0.0123,
  /// 1.5, 27.4, 1440.
  public static func compact(_ value: Double) -> String {
    guard value.isFinite else { return value.isNaN ? "nan" : (value > 0 ? "inf" : "-inf") }
    let magnitude = abs(value)
    let digits = magnitude >= 100 ? 0 : magnitude >= 10 ? 1 : magnitude >= 1 ? 2 : 3
    var text = String(format: "%.\(digits)f", value)
    if text.contains(".") {
      while text.hasSuffix("0") { text.removeLast() }
      if text.hasSuffix(".") { text.removeLast() }
    }
    return text == "-0" ? "0" : text
  }
}
