import Randomness

/// One key's range in a Sobol sweep, `[low, high]`: numbers, or durations with units
/// (`[5m, 2h]`, drawn in seconds and written back with a unit). A key that takes whole
/// numbers only (a count, bytes) draws whole numbers, each of `low…high` over an equal
/// share of the unit interval.
public struct SobolRange: Sendable {
  public let key: String
  public let low: Double
  public let high: Double
  public let isDuration: Bool
  public let wholeNumbers: Bool

  public init(_ entry: ConfigTree.Entry, wholeNumbers: Bool) throws(ConfigError) {
    let items: [String]
    if case .sequence(let list) = entry.value.value, list.count == 2 {
      items = list.compactMap(\.scalar)
    } else {
      items = []
    }
    guard items.count == 2 else {
      throw entry.value.error("a range is [low, high], e.g. [1, 20] or [5m, 2h]")
    }
    key = entry.key
    self.wholeNumbers = wholeNumbers
    if let lo = Double(items[0]), let hi = Double(items[1]) {
      (low, high, isDuration) = (lo, hi, false)
    } else if let lo = DurationText.parseSeconds(items[0]), let hi = DurationText.parseSeconds(items[1]) {
      (low, high, isDuration) = (lo, hi, true)
    } else {
      throw entry.value.error(
        "'[\(items[0]), \(items[1])]' is not a range of numbers or of durations with units, e.g. [1, 20] or [5m, 2h]"
      )
    }
    guard low < high else { throw entry.value.error("a range is [low, high] with low < high") }
    if wholeNumbers, low != low.rounded() || high != high.rounded() {
      throw entry.value.error(
        "\(key) takes whole numbers; give whole bounds, e.g. [\(Int(low.rounded(.up))), \(Int(high.rounded(.down)))]"
      )
    }
  }

  /// The value at `u` in [0, 1) as the key is written.
  public func value(at u: Double) -> String {
    if wholeNumbers {
      return String(Int(min(high, low + (u * (high - low + 1)).rounded(.down))))
    }
    let x = low + u * (high - low)
    return isDuration ? DurationText.format(seconds: x) : String(x)
  }
}
