import DeviceModel
import FileFormats

/// Thermal state: discretionary work is vetoed at `vetoAt` or hotter; a fair state
/// halves the score.
public struct ThermalPolicy: SchedulingPolicy {
  public var name: String { "thermal" }
  public var reads: PolicyInputs { [.thermal] }
  public func scoreWeight(for activity: Activity) -> Double? { activity.isUrgentTransfer ? nil : weight }
  public var weight: Double = 1
  public var vetoAt: ThermalState = .serious

  public init() {}

  public func evaluate(_ activity: Activity, _ c: PolicyContext) -> PolicyVerdict { answer(activity, c) }

  /// The rules, for a full verdict or for its outcome alone.
  public func answer<A: PolicyAnswer>(_ activity: Activity, _ c: PolicyContext) -> A {
    if activity.isUrgentTransfer { return .skip(name) }
    if c.thermal >= vetoAt { return .veto(name, c, "thermal state \(c.thermal)") }
    return .score(name, c.thermal == .nominal ? 1 : 0.5, weight: weight, c, "thermal \(c.thermal)")
  }
}

extension ThermalPolicy: BuiltInPolicy {
  static var configKey: String? { "thermal" }
  static var configKeys: [String] { ["weight", "veto_at"] }
  var compiled: CompiledPolicy { .thermal(self) }

  mutating func configure(_ s: ConfigSection) throws(ConfigError) {
    weight = try s.weight(default: weight)
    if let t = try s.text("veto_at", default: nil, allowed: ThermalState.allCases.map(\.description)) {
      vetoAt = ThermalState(text: t)!
    }
  }
}
