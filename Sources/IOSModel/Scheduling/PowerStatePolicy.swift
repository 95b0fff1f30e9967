/// A phone that is off runs nothing, nor one its owner has not unlocked since it booted
/// (its apps' data are still encrypted).
public struct PowerStatePolicy: SchedulingPolicy {
  public var name: String { "power_state" }
  public var reads: PolicyInputs { [.powerState] }
  public func scoreWeight(for activity: Activity) -> Double? { nil }
  public init() {}

  public func evaluate(_ activity: Activity, _ c: PolicyContext) -> PolicyVerdict { answer(activity, c) }

  /// The rules, for a full verdict or for its outcome alone.
  public func answer<A: PolicyAnswer>(_ activity: Activity, _ c: PolicyContext) -> A {
    c.isPoweredOn ? .skip(name) : .veto(name, c, "phone is off, or locked since it booted")
  }
}

extension PowerStatePolicy: BuiltInPolicy {
  static var configKey: String? { "power_state" }
  var compiled: CompiledPolicy { .powerState(self) }
}
