import FileFormats
import SimKernel

/// Low Power Mode: with it on, and the phone unplugged or below 30 %, discretionary
/// work is vetoed, except utility work whose window is at least 90 % elapsed. Low Power
/// Mode also turns Background App Refresh off, so refresh-like work is vetoed outright.
public struct LowPowerModePolicy: SchedulingPolicy {
  public var name: String { "low_power_mode" }
  public var reads: PolicyInputs { [.lowPowerMode, .pluggedIn, .batteryLevel, .time] }
  public func scoreWeight(for activity: Activity) -> Double? { nil }
  /// Below this level Low Power Mode applies even on the charger [%].
  public var appliesBelowPercent: Double = 30
  /// Elapsed share of a utility window that lets work through [0…1].
  public var windowElapsedException: Double = 0.9

  public init() {}

  public func evaluate(_ activity: Activity, _ c: PolicyContext) -> PolicyVerdict { answer(activity, c) }

  /// The rules, for a full verdict or for its outcome alone.
  public func answer<A: PolicyAnswer>(_ activity: Activity, _ c: PolicyContext) -> A {
    guard c.isLowPowerMode, !c.isPluggedIn || c.batteryPercent < appliesBelowPercent else {
      return .skip(name)
    }
    if activity.kind == .backgroundTransfer, !activity.discretionary { return .skip(name) }
    if activity.priority == .utility, let end = activity.windowEnd, let start = activity.earliest, end > start
    {
      let elapsed = (c.now - start).seconds / (end - start).seconds
      if elapsed >= windowElapsedException { return .skip(name) }
    }
    return .veto(name, c, "Low Power Mode is on")
  }
}

extension LowPowerModePolicy: BuiltInPolicy {
  static var configKey: String? { "low_power_mode" }
  static var configKeys: [String] { ["applies_below", "window_elapsed_exception"] }
  var compiled: CompiledPolicy { .lowPowerMode(self) }

  mutating func configure(_ s: ConfigSection) throws(ConfigError) {
    appliesBelowPercent = try s.number("applies_below", default: appliesBelowPercent, range: 0...100)
    windowElapsedException = try s.number(
      "window_elapsed_exception", default: windowElapsedException, range: 0...1)
  }
}
