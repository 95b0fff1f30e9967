import DeviceModel

/// Thermal state: discretionary work is vetoed at `vetoAt` or hotter; a fair state
/// halves the score.
public struct ThermalPolicy: SchedulingPolicy {
  public var name: String { "thermal" }
  public var weight: Double = 1
  public var vetoAt: ThermalState = .serious

  public init() {}

  public func evaluate(_ activity: Activity, _ c: PolicyContext) -> PolicyVerdict {
    if activity.isUrgentTransfer { return .skip(name) }
    if c.thermal >= vetoAt { return .veto(name, c, "thermal state \(c.thermal)") }
    return .score(name, c.thermal == .nominal ? 1 : 0.5, weight: weight, c, "thermal \(c.thermal)")
  }
}
