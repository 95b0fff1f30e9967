import SimKernel

/// Rate limiting: launches of one kind are spaced at least `minimumSpacing` apart
/// (WWDC 2020: 14 pushes became 7 launches 15 minutes apart). Discretionary transfers
/// and non-discretionary ones are exempt.
public struct RateLimitPolicy: SchedulingPolicy {
  public var name: String { "rate_limit" }
  public var reads: PolicyInputs { [.time, .lastLaunch] }
  public func scoreWeight(for activity: Activity) -> Double? { nil }
  /// Least time between two launches of the same kind [s].
  public var minimumSpacingSeconds: Double = 900

  public init() {}

  public func evaluate(_ activity: Activity, _ c: PolicyContext) -> PolicyVerdict { answer(activity, c) }

  /// The rules, for a full verdict or for its outcome alone.
  public func answer<A: PolicyAnswer>(_ activity: Activity, _ c: PolicyContext) -> A {
    if activity.kind == .backgroundTransfer || activity.kind == .processing { return .skip(name) }
    guard let last = c.lastLaunch[activity.kind] else { return .skip(name) }
    let since = (c.now - last).seconds
    if since < minimumSpacingSeconds {
      return .veto(
        name, c, "last \(activity.kind.rawValue) launch \(Int(since)) s ago < \(Int(minimumSpacingSeconds)) s"
      )
    }
    return .skip(name)
  }
}
