/// The Background App Refresh switch in Settings: off stops refresh, legacy fetch and
/// push launches.
public struct BackgroundAppRefreshPolicy: SchedulingPolicy {
  public var name: String { "background_app_refresh" }
  public var reads: PolicyInputs { [.backgroundAppRefresh] }
  public func scoreWeight(for activity: Activity) -> Double? { nil }
  public init() {}

  public func evaluate(_ activity: Activity, _ c: PolicyContext) -> PolicyVerdict { answer(activity, c) }

  /// The rules, for a full verdict or for its outcome alone.
  public func answer<A: PolicyAnswer>(_ activity: Activity, _ c: PolicyContext) -> A {
    guard !c.backgroundAppRefresh else { return .skip(name) }
    switch activity.kind {
    case .refresh, .legacyFetch, .silentPush, .processing:
      return .veto(name, c, "Background App Refresh is off")
    case .backgroundTransfer: return .skip(name)
    }
  }
}

extension BackgroundAppRefreshPolicy: BuiltInPolicy {
  static var configKey: String? { "background_app_refresh" }
  var compiled: CompiledPolicy { .backgroundAppRefresh(self) }
}
