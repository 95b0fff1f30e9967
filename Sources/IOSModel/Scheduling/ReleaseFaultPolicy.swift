/// A phone on a stalled iOS point release launches none of an app's refresh, legacy
/// fetch or processing work, whatever its settings (field observation G3: several
/// iOS 17.3.x devices got no background sync for two weeks, and did again after the
/// update to 17.4.1). Which phones are stalled is drawn once per owner
/// (``OwnerEffects/stalledRelease``); silent pushes and transfers are left alone, as
/// the report says nothing of them.
public struct ReleaseFaultPolicy: SchedulingPolicy {
  public var name: String { "os_release" }
  /// The owner's effects are fixed for the phone's life, like its iOS generation.
  public var reads: PolicyInputs { [.era] }
  public func scoreWeight(for activity: Activity) -> Double? { nil }
  public init() {}

  public func evaluate(_ activity: Activity, _ c: PolicyContext) -> PolicyVerdict { answer(activity, c) }

  /// The rules, for a full verdict or for its outcome alone.
  public func answer<A: PolicyAnswer>(_ activity: Activity, _ c: PolicyContext) -> A {
    // G3 is about apps' sync; Apple's own work is left alone.
    guard c.owner.stalledRelease, !activity.isSystem else { return .skip(name) }
    switch activity.kind {
    case .refresh, .legacyFetch, .processing:
      return .veto(name, c, "this phone's iOS release launches no background work (G3)")
    case .silentPush, .backgroundTransfer: return .skip(name)
    }
  }
}

extension ReleaseFaultPolicy: BuiltInPolicy {
  /// Not configured under `scheduler.policies`: see the type's documentation.
  static var configKey: String? { nil }
  var compiled: CompiledPolicy { .releaseFault(self) }
}
