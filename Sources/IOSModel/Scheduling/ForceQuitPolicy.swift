/// The app switcher flag: after a swipe-away nothing launches the app until the owner
/// opens it again; on iOS 18.3 and later a processing task still runs.
public struct ForceQuitPolicy: SchedulingPolicy {
  public var name: String { "force_quit" }
  public var reads: PolicyInputs { [.forceQuitFlag, .era] }
  public func scoreWeight(for activity: Activity) -> Double? { nil }
  public init() {}

  public func evaluate(_ activity: Activity, _ c: PolicyContext) -> PolicyVerdict { answer(activity, c) }

  /// The rules, for a full verdict or for its outcome alone.
  public func answer<A: PolicyAnswer>(_ activity: Activity, _ c: PolicyContext) -> A {
    guard c.isForceQuitFlagged else { return .skip(name) }
    if activity.kind == .processing, c.era.processingRunsAfterForceQuit { return .skip(name) }
    return .veto(name, c, "app was swiped away")
  }
}

extension ForceQuitPolicy: BuiltInPolicy {
  static var configKey: String? { "force_quit" }
  var compiled: CompiledPolicy { .forceQuit(self) }
}
