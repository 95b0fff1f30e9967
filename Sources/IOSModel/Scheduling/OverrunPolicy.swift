import FileFormats

/// Apps that overrun their time are throttled (WWDC 2022, session 10142): each
/// overrun lowers the score.
public struct OverrunPolicy: SchedulingPolicy {
  public var name: String { "overruns" }
  public var reads: PolicyInputs { [.overruns] }
  public func scoreWeight(for activity: Activity) -> Double? { activity.isUrgentTransfer ? nil : weight }
  public var weight: Double = 5

  public init() {}

  public func evaluate(_ activity: Activity, _ c: PolicyContext) -> PolicyVerdict { answer(activity, c) }

  /// The rules, for a full verdict or for its outcome alone.
  public func answer<A: PolicyAnswer>(_ activity: Activity, _ c: PolicyContext) -> A {
    activity.isUrgentTransfer
      ? .skip(name)
      : .score(name, 1 / Double(1 + c.overruns), weight: weight, c, Format.count(c.overruns, "overrun"))
  }
}

extension OverrunPolicy: BuiltInPolicy {
  static var configKey: String? { "overruns" }
  static var configKeys: [String] { ["weight"] }
  var compiled: CompiledPolicy { .overrun(self) }

  mutating func configure(_ s: ConfigSection) throws(ConfigError) {
    weight = try s.weight(default: weight)
  }
}
