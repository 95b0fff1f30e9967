import FileFormats

/// The thundering-herd policy: after a trigger (``HerdTrigger``: an unlock after at
/// least 4 h locked, or Wi-Fi back after at least 4 h without it), the budgeted work of
/// every app waits while the owner uses the phone, until `holdSeconds` have passed
/// since the trigger. Its purpose is the many apps that would otherwise all wake at
/// once (dasd's `_DASThunderingHerdPolicy`, facts `multi-app.md` §1.7; field
/// observation S1: "device in use and less than 900 s since the trigger: Must Not
/// Proceed"). The work then runs at the next decision point: the screen going off, or
/// the scheduler's timer.
///
/// Budgeted work is every kind the energy budget weighs: all but a background
/// transfer the app started in the foreground. An app in the foreground is not held
/// (S1: "Absolutely Must Proceed"); its push then passes the push spacing, the push
/// budget and the one-task limit (``PolicyContext/pushReachesAppOnScreen(_:)``). Not
/// modelled: the same policy's veto while the camera is in use (the phone model has no
/// camera). dasd also runs timers of 60 s and 180 s after a trigger; here the
/// hold is checked at each decision point instead.
public struct ThunderingHerdPolicy: SchedulingPolicy {
  public var name: String { "thundering_herd" }
  public var reads: PolicyInputs { [.deviceInUse, .time, .appState] }
  public func scoreWeight(for activity: Activity) -> Double? { nil }
  /// How long after a trigger budgeted work waits while the phone is in use [s] (S1:
  /// 900 s).
  public var holdSeconds: Double = 900
  /// The shortest lock whose unlock is a trigger [s] (`thpolicy.lengthyLock`: 4 h).
  public var lengthyLockSeconds: Double = 14_400
  /// The shortest time without Wi-Fi whose end is a trigger [s]
  /// (`thpolicy.lengthyNoNetwork`: 4 h).
  public var lengthyNoNetworkSeconds: Double = 14_400

  public init() {}

  public func evaluate(_ activity: Activity, _ c: PolicyContext) -> PolicyVerdict { answer(activity, c) }

  /// The rule, for a full verdict or for its outcome alone.
  public func answer<A: PolicyAnswer>(_ activity: Activity, _ c: PolicyContext) -> A {
    guard c.isInUse, Double(c.herdTriggerSeconds) < holdSeconds, !c.appState.isForeground,
      activity.kind != .backgroundTransfer || activity.discretionary
    else { return .skip(name) }
    return .veto(
      name, c,
      "device in use \(Int(c.herdTriggerSeconds)) s after \(c.herdTrigger.text) (< \(Int(holdSeconds)) s)")
  }
}

extension ThunderingHerdPolicy: BuiltInPolicy {
  static var configKey: String? { "thundering_herd" }
  static var configKeys: [String] { ["hold", "lengthy_lock", "lengthy_no_network"] }
  var compiled: CompiledPolicy { .thunderingHerd(self) }

  mutating func configure(_ s: ConfigSection) throws(ConfigError) {
    holdSeconds = try s.duration("hold", default: holdSeconds, range: 0...86_400)
    lengthyLockSeconds = try s.duration(
      "lengthy_lock", default: lengthyLockSeconds, range: 0...604_800)
    lengthyNoNetworkSeconds = try s.duration(
      "lengthy_no_network", default: lengthyNoNetworkSeconds, range: 0...604_800)
  }
}
