import FileFormats
import Foundation

/// Battery level (dasd's battery policy). Score = min(1, ((level − L0)/(100 − L0))^e,
/// × `pluggedBonus` on the charger), with L0 and e by priority; vetoes maintenance work
/// below `maintenanceVetoBelow` % and utility work below `utilityVetoBelow` %.
public struct BatteryLevelPolicy: SchedulingPolicy {
  public var name: String { "battery" }
  public var reads: PolicyInputs { [.batteryLevel, .pluggedIn] }
  public func scoreWeight(for activity: Activity) -> Double? { activity.isUrgentTransfer ? nil : weight }
  public var weight: Double = 1
  /// Maintenance work is vetoed below this level [%] (dasd: 10–19 % vetoed).
  public var maintenanceVetoBelow: Double = 20
  /// Utility work is vetoed below this level [%] (dasd: ≤ 9 % vetoed).
  public var utilityVetoBelow: Double = 10
  /// Score factor while plugged in.
  public var pluggedBonus: Double = 1.2

  public init() {}

  func curve(_ priority: Activity.Priority) -> (l0: Double, exponent: Double) {
    switch priority {
    case .maintenance: (20, 0.5)
    case .utility: (10, 0.4)
    case .userInitiated: (5, 0.25)
    }
  }

  public func evaluate(_ activity: Activity, _ c: PolicyContext) -> PolicyVerdict { answer(activity, c) }

  /// The veto band [%] the level is below, off power, for the activity's priority (the
  /// policy then vetoes); nil when it scores (or skips an urgent transfer).
  @inline(__always)
  func vetoBand(_ activity: Activity, _ c: PolicyContext) -> Double? {
    guard !c.isPluggedIn else { return nil }
    if activity.priority == .maintenance, c.batteryPercent < maintenanceVetoBelow {
      return maintenanceVetoBelow
    }
    if activity.priority == .utility, c.batteryPercent < utilityVetoBelow { return utilityVetoBelow }
    return nil
  }

  /// The score for a battery `level` [%]: the priority's curve, times the bonus on power.
  @inline(__always)
  func score(_ level: Double, priority: Activity.Priority, isPluggedIn: Bool) -> Double {
    let (l0, e) = curve(priority)
    let x = max(0, level - l0) / (100 - l0)
    // x^0.5 is the square root, correctly rounded and several times cheaper than pow.
    var score = e == 0.5 ? x.squareRoot() : pow(x, e)
    if isPluggedIn { score *= pluggedBonus }
    return min(1, score)
  }

  /// The rules, for a full verdict or for its outcome alone.
  public func answer<A: PolicyAnswer>(_ activity: Activity, _ c: PolicyContext) -> A {
    if activity.isUrgentTransfer { return .skip(name) }
    let level = c.batteryPercent
    if let band = vetoBand(activity, c) {
      let work = activity.priority == .maintenance ? "maintenance" : "utility"
      return .veto(name, c, "battery \(Int(level)) % < \(Int(band)) % for \(work) work")
    }
    return .score(
      name, score(level, priority: activity.priority, isPluggedIn: c.isPluggedIn), weight: weight, c,
      "battery \(Int(level)) %\(c.isPluggedIn ? " on power" : "")")
  }
}

extension BatteryLevelPolicy: BuiltInPolicy {
  static var configKey: String? { "battery" }
  static var configKeys: [String] {
    ["weight", "maintenance_veto_below", "utility_veto_below", "plugged_bonus"]
  }
  var compiled: CompiledPolicy { .batteryLevel(self) }

  mutating func configure(_ s: ConfigSection) throws(ConfigError) {
    weight = try s.weight(default: weight)
    maintenanceVetoBelow = try s.number(
      "maintenance_veto_below", default: maintenanceVetoBelow, range: 0...100)
    utilityVetoBelow = try s.number("utility_veto_below", default: utilityVetoBelow, range: 0...100)
    pluggedBonus = try s.number("plugged_bonus", default: pluggedBonus, range: 0...10)
  }
}
