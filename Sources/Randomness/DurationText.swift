/// Durations in text: a number and a unit, `ms`, `s`, `m`, `h` or `d` (`250ms`, `40m`,
/// `1.5h`). Values are held in seconds.
public enum DurationText {
  /// Seconds per unit suffix.
  public static let units: [(suffix: String, seconds: Double)] = [
    ("ms", 0.001), ("s", 1), ("m", 60), ("h", 3600), ("d", 86_400),
  ]

  /// Parses a number with an optional unit. Returns the value in seconds for a
  /// duration, the plain number otherwise, and whether a unit was present.
  /// Returns nil when the text is not a number with a known unit.
  public static func parseQuantity(_ text: String) -> (value: Double, isDuration: Bool)? {
    let t = text.trimmed()
    guard !t.isEmpty else { return nil }
    // Longest suffix first, so "ms" wins over "s".
    for unit in units.sorted(by: { $0.suffix.count > $1.suffix.count }) where t.hasSuffix(unit.suffix) {
      let number = String(t.dropLast(unit.suffix.count))
      guard let v = parseNumber(number) else { continue }
      return (v * unit.seconds, true)
    }
    guard let v = parseNumber(t) else { return nil }
    return (v, false)
  }

  /// Parses a duration that must carry a unit; nil otherwise. Result in seconds.
  public static func parseSeconds(_ text: String) -> Double? {
    guard let q = parseQuantity(text), q.isDuration else { return nil }
    return q.value
  }

  static func parseNumber(_ text: String) -> Double? {
    guard !text.isEmpty,
      text.allSatisfy({ $0.isNumber || $0 == "." || $0 == "-" || $0 == "+" || $0 == "e" || $0 == "E" }),
      let v = Double(text), v.isFinite
    else { return nil }
    return v
  }

  /// The shortest text that parses back to exactly `seconds`: the largest unit that
  /// divides it evenly, e.g. 2400 → `40m`, 0.25 → `250ms`, 1.5 → `1.5s`.
  public static func format(seconds: Double) -> String {
    if seconds != 0 {
      for unit in units.reversed() where unit.seconds >= 1 {
        let n = seconds / unit.seconds
        if n == n.rounded(), abs(n) < 1e15 {
          let text = "\(Int64(n))\(unit.suffix)"
          if parseSeconds(text) == seconds { return text }
        }
      }
      let ms = seconds * 1000
      if ms == ms.rounded(), abs(ms) < 1e15 {
        let text = "\(Int64(ms))ms"
        if parseSeconds(text) == seconds { return text }
      }
    }
    return formatNumber(seconds) + "s"
  }

  /// A plain number: integral values without a decimal point, others in Swift's
  /// shortest round-trip form.
  public static func formatNumber(_ value: Double) -> String {
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return String(value)
  }
}

extension String {
  /// The text without leading and trailing white space.
  public func trimmed() -> String {
    var s = Substring(self)
    while let f = s.first, f.isWhitespace { s.removeFirst() }
    while let l = s.last, l.isWhitespace { s.removeLast() }
    return String(s)
  }
}
