import Randomness

/// Typed, checked access to one YAML mapping. Creating a section rejects keys it does
/// not know, suggesting the nearest known one; each accessor checks type and range and
/// reports problems at the value's file and line.
///
/// ```swift
/// let battery = try root.section("battery", keys: ["capacity_wh", "initial_pct"])
/// let capacity = try battery?.number("capacity_wh", default: 12.98, range: 1...100) ?? 12.98
/// ```
public struct ConfigSection: Sendable {
  public let tree: ConfigTree
  let entries: [ConfigTree.Entry]

  /// Wraps a mapping whose keys must all be among `keys`.
  public init(_ tree: ConfigTree, keys: [String]) throws(ConfigError) {
    guard case .mapping(let entries) = tree.value else {
      throw tree.error("expected a section of keys (\(keys.prefix(4).joined(separator: ", "))…)")
    }
    for entry in entries where !keys.contains(entry.key) {
      throw ConfigError(
        file: entry.value.file, line: entry.line, key: entry.value.path,
        message: "unknown key '\(entry.key)'\(Self.hint(entry.key, among: keys))")
    }
    self.tree = tree
    self.entries = entries
  }

  /// "; did you mean 'x'?" for a near miss; else the keys the section takes, so that a
  /// key far from every one (a misremembered name) still says what to write.
  static func hint(_ key: String, among keys: [String]) -> String {
    let near = NearestName.hint(key, among: keys)
    guard near.isEmpty, !keys.isEmpty else { return near }
    let shown = keys.prefix(20).joined(separator: ", ")
    return "; this section takes \(shown)\(keys.count > 20 ? " and \(keys.count - 20) more" : "")"
  }

  public var file: String { tree.file }
  public var path: String { tree.path }

  /// Whether `key` is present.
  public func has(_ key: String) -> Bool { entries.contains { $0.key == key } }

  /// The raw value of `key`, if present.
  public func value(_ key: String) -> ConfigTree? { entries.first { $0.key == key }?.value }

  /// The keys present, in file order.
  public var keys: [String] { entries.map(\.key) }

  /// A nested section, or nil when absent.
  public func section(_ key: String, keys: [String]) throws(ConfigError) -> ConfigSection? {
    guard let v = value(key) else { return nil }
    return try ConfigSection(v, keys: keys)
  }

  func scalar(_ key: String) throws(ConfigError) -> (String, ConfigTree)? {
    guard let v = value(key) else { return nil }
    guard let s = v.scalar else { throw v.error("expected a single value, not a list or section") }
    return (s, v)
  }

  /// A plain number within `range`.
  public func number(_ key: String, default fallback: Double, range: ClosedRange<Double>) throws(ConfigError)
    -> Double
  {
    guard let (text, v) = try scalar(key) else { return fallback }
    guard let x = Double(text.trimmed()), x.isFinite else {
      throw v.error("'\(text)' is not a number")
    }
    guard range.contains(x) else {
      throw v.error("\(text) is out of range; use a value in \(describe(range))")
    }
    return x
  }

  /// A whole number within `range`; `above`, when given, words the refusal of a number
  /// above it (say, where the bound comes from).
  public func integer(
    _ key: String, default fallback: Int, range: ClosedRange<Int>, above: ((Int) -> String)? = nil
  ) throws(ConfigError) -> Int {
    guard let (text, v) = try scalar(key) else { return fallback }
    guard let x = Int(text.trimmed()) else {
      // Digits too many for an integer: a whole number, out of range.
      let t = text.trimmed()
      let digits = t.hasPrefix("-") || t.hasPrefix("+") ? t.dropFirst() : Substring(t)
      let tooLarge = !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
      throw v.error(
        tooLarge
          ? "\(text) is out of range; use a value in \(range.lowerBound)…\(range.upperBound)"
          : "'\(text)' is not a whole number")
    }
    guard range.contains(x) else {
      if let above, x > range.upperBound { throw v.error(above(x)) }
      throw v.error("\(x) is out of range; use a value in \(range.lowerBound)…\(range.upperBound)")
    }
    return x
  }

  /// A probability in [0, 1].
  public func probability(_ key: String, default fallback: Double) throws(ConfigError) -> Double {
    guard let (text, v) = try scalar(key) else { return fallback }
    guard let x = Double(text.trimmed()), x.isFinite else { throw v.error("'\(text)' is not a number") }
    guard (0...1).contains(x) else { throw v.error("\(text) is not a probability; use a value in [0, 1]") }
    return x
  }

  /// A duration with a unit (`30s`, `1.5h`) within `range` [s].
  public func duration(_ key: String, default fallback: Double, range: ClosedRange<Double> = 0...1e9)
    throws(ConfigError) -> Double
  {
    guard let (text, v) = try scalar(key) else { return fallback }
    guard let q = DurationText.parseQuantity(text) else {
      throw v.error("'\(text)' is not a duration; write e.g. 30s, 15m or 1.5h")
    }
    guard q.isDuration else { throw v.error("'\(text)' needs a unit: ms, s, m, h or d") }
    guard range.contains(q.value) else {
      throw v.error(
        "\(text) is out of range; use \(DurationText.format(seconds: range.lowerBound))…\(DurationText.format(seconds: range.upperBound))"
      )
    }
    return q.value
  }

  /// A time of day, `HH:MM` or `HH:MM:SS` [s since midnight].
  public func timeOfDay(_ key: String, default fallback: Double) throws(ConfigError) -> Double {
    guard let (text, v) = try scalar(key) else { return fallback }
    guard let seconds = ClockText.secondsOfDay(text) else {
      throw v.error("'\(text)' is not a time of day; write HH:MM, e.g. 23:15")
    }
    return seconds
  }

  /// true/false (also yes/no, on/off).
  public func flag(_ key: String, default fallback: Bool) throws(ConfigError) -> Bool {
    guard let (text, v) = try scalar(key) else { return fallback }
    switch text.lowercased() {
    case "true", "yes", "on": return true
    case "false", "no", "off": return false
    default: throw v.error("'\(text)' is not true or false")
    }
  }

  /// A text value, optionally one of `allowed`.
  public func text(_ key: String, default fallback: String?, allowed: [String]? = nil) throws(ConfigError)
    -> String?
  {
    guard let (text, v) = try scalar(key) else { return fallback }
    if let allowed, !allowed.contains(text) {
      throw v.error(
        "'\(text)' is not one of \(allowed.joined(separator: ", "))\(NearestName.hint(text, among: allowed))")
    }
    return text
  }

  /// A distribution in its text form. `duration` says whether values must carry units;
  /// `minimum` bounds the smallest value a draw may take.
  public func distribution(
    _ key: String, default fallback: RandomDistribution, duration: Bool, minimum: Double = 0
  ) throws(ConfigError) -> RandomDistribution {
    guard let (text, v) = try scalar(key) else { return fallback }
    let d: RandomDistribution
    do { d = try RandomDistribution(parsing: text) } catch { throw v.error(error.problem + " in '\(text)'") }
    if duration, !d.isDuration {
      throw v.error("'\(text)' needs durations with units (e.g. \(fallback.description))")
    }
    if !duration, d.isDuration { throw v.error("'\(text)' takes plain numbers, not durations") }
    if duration, !(abs(d.base.mean) <= Self.longestSeconds) {
      throw v.error(
        "'\(text)' has a mean beyond 31 years (10^9 s), longer than any run; use smaller values"
      )
    }
    if case .constant = d, d.lowerBound < minimum {
      // One value below the floor (a negative delay): no distribution is wanted.
      throw v.error(
        "'\(text)' is below \(DurationText.formatNumber(minimum)); give a value of \(DurationText.formatNumber(minimum)) or more (e.g. \(fallback.description))"
      )
    }
    if d.lowerBound < minimum {
      throw v.error(
        "'\(text)' can draw values below \(DurationText.formatNumber(minimum)); use a distribution that stays ≥ \(DurationText.formatNumber(minimum)) (e.g. lognormal or truncnormal)"
      )
    }
    return d
  }

  /// A list of plain values (`[a, b]`); a single value counts as a one-item list.
  public func list(_ key: String) throws(ConfigError) -> [ConfigItem]? {
    guard let v = value(key) else { return nil }
    switch v.value {
    case .scalar(let s): return [ConfigItem(text: s, tree: v)]
    case .sequence(let items):
      var out: [ConfigItem] = []
      for item in items {
        guard let s = item.scalar else { throw item.error("expected a plain value in the list") }
        out.append(ConfigItem(text: s, tree: item))
      }
      return out
    case .mapping: throw v.error("expected a list such as [a, b]")
    }
  }

  /// A time-of-day profile in its text form. Each weight is 0 or within [1e-9, 1e9],
  /// so that scaling the profile to a daily count stays finite.
  public func profile(_ key: String, default fallback: TimeOfDayProfile) throws(ConfigError)
    -> TimeOfDayProfile
  {
    guard let (text, v) = try scalar(key) else { return fallback }
    let p: TimeOfDayProfile
    do { p = try TimeOfDayProfile(parsing: text) } catch { throw v.error(error.problem) }
    guard p.rates.allSatisfy({ $0.allSatisfy { $0 == 0 || (1e-9...1e9).contains($0) } }) else {
      throw v.error("profile weights must be 0 or between 1e-9 and 1e9 (relative weights per hour)")
    }
    return p
  }

  /// The longest time or duration a configuration may give [s]: about 31 years, beyond
  /// the longest run (3650 days).
  public static let longestSeconds = 1e9

  func describe(_ range: ClosedRange<Double>) -> String {
    "[\(DurationText.formatNumber(range.lowerBound)), \(DurationText.formatNumber(range.upperBound))]"
  }
}

/// One value of a YAML list, with its place for messages.
public struct ConfigItem: Sendable {
  public let text: String
  public let tree: ConfigTree
}
