import Experiments
import FileFormats
import Randomness
import Results

/// One parameter of a fit: a dotted key of a scenario's scheduler, app or persona
/// section, and its prior.
public struct FitParameter: Sendable {
  public enum Prior: Sendable {
    /// Uniform between two values.
    case range(Double, Double)
    /// Any continuous distribution the configuration files accept.
    case distribution(RandomDistribution)
  }

  public let key: String
  /// The line of the fit file it is written on.
  public let line: Int
  public let prior: Prior
  /// Whether the values are durations (given with a unit: `[10m, 3h]`), held in
  /// seconds and written with `s`.
  public let isDuration: Bool

  init(key: String, line: Int, tree: ConfigTree) throws(ConfigError) {
    self.key = key
    self.line = line
    let parts = key.split(separator: ".", maxSplits: 1)
    guard parts.count == 2, ParameterSetting.sections.contains(String(parts[0])) else {
      throw tree.error(
        "unknown parameter; name a key of \(ParameterSetting.sections.joined(separator: ", ")), e.g. scheduler.threshold"
      )
    }
    if case .sequence(let items) = tree.value {
      let ends = items.compactMap { $0.scalar.flatMap(DurationText.parseQuantity) }
      guard items.count == 2, ends.count == 2, ends[0].isDuration == ends[1].isDuration,
        ends[0].value.isFinite, ends[1].value.isFinite
      else {
        throw tree.error(
          "a range prior is two finite numbers [low, high], or two durations such as [10m, 3h]")
      }
      let (low, high) = (ends[0].value, ends[1].value)
      isDuration = ends[0].isDuration
      guard low < high else {
        // Each end as written (30m, not 1800.0).
        let (l, h) = (items[0].scalar ?? "", items[1].scalar ?? "")
        throw tree.error("the prior's low end \(l) is not below its high end \(h); write [low, high]")
      }
      prior = .range(low, high)
    } else if let text = tree.scalar {
      let d: RandomDistribution
      do { d = try RandomDistribution(parsing: text) } catch { throw tree.error(error.description) }
      guard d.quantile(0.5) != nil else {
        throw tree.error(
          "'\(text)' has no continuous inverse; give a range [low, high] or a continuous distribution")
      }
      prior = .distribution(d)
      isDuration = d.isDuration
    } else {
      throw tree.error(
        "a prior is a range [low, high] or a distribution such as \"lognormal(median: 1, sigma: 0.5)\"")
    }
  }

  /// The value at `u` (0 < u < 1) of the prior's cumulative distribution.
  public func value(at u: Double) -> Double {
    switch prior {
    case .range(let low, let high): return low + u * (high - low)
    case .distribution(let d): return d.quantile(u) ?? .nan
    }
  }

  /// The prior as the fit file gives it.
  public var priorText: String {
    switch prior {
    case .range(let low, let high):
      let unit = isDuration ? "s" : ""
      return "uniform[\(Format.compact(low))\(unit), \(Format.compact(high))\(unit)]"
    case .distribution(let d): return d.description
    }
  }

  func setting(at u: Double, file: String) -> ParameterSetting {
    ParameterSetting(key: key, value: text(value(at: u)), file: file, line: line)
  }

  /// A value as the configuration files read it: enough digits to round-trip, and `s`
  /// after a duration.
  func text(_ x: Double) -> String { isDuration ? "\(x)s" : "\(x)" }
}
