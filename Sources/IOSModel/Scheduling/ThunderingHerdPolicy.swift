import SimKernel

/// The thundering-herd policy: a silent push that reaches the phone while the owner is
/// using it does not launch the app until the phone is put down or `holdSeconds` have
/// passed since the push (dasd's ThunderingHerdPolicy in a push SDK's console excerpts,
/// field observation S1: "device in use and less than 900 s since the trigger: Must
/// Not Proceed"). The push is then launched at the next decision point: the screen
/// turning off, or the scheduler's timer.
///
/// An app in the foreground is not held (S1: "Absolutely Must Proceed"); that its push
/// then overrides every other policy is not modelled, nor the same policy's veto while
/// the camera is in use (the phone model has no camera).
public struct ThunderingHerdPolicy: SchedulingPolicy {
  public var name: String { "thundering_herd" }
  public var reads: PolicyInputs { [.deviceInUse, .time, .appState] }
  public func scoreWeight(for activity: Activity) -> Double? { nil }
  /// How long after the push the veto lasts while the phone is in use [s] (S1: 900 s).
  public var holdSeconds: Double = 900

  public init() {}

  public func evaluate(_ activity: Activity, _ c: PolicyContext) -> PolicyVerdict { answer(activity, c) }

  /// The rule, for a full verdict or for its outcome alone.
  public func answer<A: PolicyAnswer>(_ activity: Activity, _ c: PolicyContext) -> A {
    guard activity.kind == .silentPush, c.isInUse, !c.appState.isForeground else { return .skip(name) }
    let since = (c.now - activity.submittedAt).seconds
    guard since < holdSeconds else { return .skip(name) }
    return .veto(name, c, "device in use, push \(Int(since)) s ago < \(Int(holdSeconds)) s")
  }
}
