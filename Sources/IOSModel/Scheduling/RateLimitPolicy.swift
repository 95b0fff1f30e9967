import FileFormats
import SimKernel

/// Rate limiting. Refresh and legacy fetch are spaced at least `refreshSpacing` apart
/// (dasd spaces an app's refresh 450 s from its last launch; field-observations-3.md V5:
/// a busy app's refresh 7.6–9.3 min apart); silent pushes at least `minimumSpacing`
/// (WWDC 2020: 14 pushes became 7 launches 15 minutes apart).
/// Processing is paced as dasd paces maintenance work: at least `processingSpacing`
/// (times the owner's factor) between two processing launches, however early the
/// requests allow (field observations P2, P5, P8). Silent pushes have a device-wide
/// budget per 24 hours (S2); before iOS 13 they are spaced further off power (S4); a
/// push for the app on screen passes at once
/// (``PolicyContext/pushReachesAppOnScreen(_:)``).
/// Background transfers are exempt.
public struct RateLimitPolicy: SchedulingPolicy {
  public var name: String { "rate_limit" }
  public var reads: PolicyInputs { [.time, .lastLaunch, .pluggedIn, .appState] }
  public func scoreWeight(for activity: Activity) -> Double? { nil }
  /// Least time between two silent-push launches [s].
  public var minimumSpacingSeconds: Double = 900
  /// Least time between two refresh or legacy-fetch launches [s] (dasd-decisions.md §4:
  /// 450 s for refresh).
  public var refreshSpacingSeconds: Double = 450
  /// Least time between two processing launches, for an owner factor of 1 [s].
  public var processingSpacingSeconds: Double = 17380
  /// Least time between two silent-push launches off external power before iOS 13
  /// [s] (``IOSEra/throttlesPushesOffPower``; S4: iOS 10-11, throttled whenever off
  /// power). From iOS 13 dasd's one push limit is `minimumSpacing`, on power or off
  /// (dasd-decisions.md §5; R5 on iOS 13: 68 pushes in 23.5 h).
  public var pushOffPowerSpacingSeconds: Double = 1800
  /// Silent-push launches per 24-hour period (a device-wide budget, of which this app
  /// is taken to get all; S2: "up to several" an hour, three).
  public var pushBudgetPerDay: Double = 72

  public init() {}

  public func evaluate(_ activity: Activity, _ c: PolicyContext) -> PolicyVerdict { answer(activity, c) }

  /// The rules, for a full verdict or for its outcome alone.
  public func answer<A: PolicyAnswer>(_ activity: Activity, _ c: PolicyContext) -> A {
    if activity.kind == .silentPush, !c.pushReachesAppOnScreen(activity),
      Double(c.silentPushesInPeriod) >= pushBudgetPerDay
    {
      return .veto(
        name, c, "push budget spent (\(c.silentPushesInPeriod) of \(Int(pushBudgetPerDay)) this period)")
    }
    guard let spacing = spacingSeconds(activity, c), let last = c.lastLaunch[activity.kind] else {
      return .skip(name)
    }
    let since = (c.now - last).seconds
    if since < spacing {
      return .veto(name, c, "last \(activity.kind.rawValue) launch \(Int(since)) s ago < \(Int(spacing)) s")
    }
    return .skip(name)
  }

  /// The least time between two launches of `activity`'s kind at `c` [s]; nil for work
  /// this policy does not space (transfers, a push to the app on screen, processing in
  /// eras that space it at submission).
  @inline(__always)
  func spacingSeconds(_ activity: Activity, _ c: PolicyContext) -> Double? {
    switch activity.kind {
    case .backgroundTransfer: return nil
    case .processing:
      // In later eras the spacing from the app's last launch is set at submission
      // (``SystemScheduler/startAfter(for:app:)``).
      if c.era.spacesProcessingFromLastLaunch { return nil }
      return processingSpacingSeconds * c.owner.processingSpacingFactor
    case .silentPush:
      if c.pushReachesAppOnScreen(activity) { return nil }
      return !c.isPluggedIn && c.era.throttlesPushesOffPower
        ? max(minimumSpacingSeconds, pushOffPowerSpacingSeconds) : minimumSpacingSeconds
    case .refresh, .legacyFetch: return refreshSpacingSeconds
    }
  }

  /// When the spacing that holds `activity` back at `c` ends; nil when none holds it.
  func spacingEnds(_ activity: Activity, _ c: PolicyContext) -> SimTime? {
    guard let spacing = spacingSeconds(activity, c), let last = c.lastLaunch[activity.kind] else {
      return nil
    }
    let end = last + .seconds(spacing)
    return end > c.now ? end : nil
  }
}

extension RateLimitPolicy: BuiltInPolicy {
  static var configKey: String? { "rate_limit" }
  static var configKeys: [String] {
    [
      "minimum_spacing", "refresh_spacing", "processing_spacing", "push_off_power_spacing",
      "push_budget_per_day",
    ]
  }
  var compiled: CompiledPolicy { .rateLimit(self) }

  mutating func configure(_ s: ConfigSection) throws(ConfigError) {
    minimumSpacingSeconds = try s.duration(
      "minimum_spacing", default: minimumSpacingSeconds, range: 0...86_400)
    refreshSpacingSeconds = try s.duration(
      "refresh_spacing", default: refreshSpacingSeconds, range: 0...86_400)
    processingSpacingSeconds = try s.duration(
      "processing_spacing", default: processingSpacingSeconds, range: 0...604_800)
    pushOffPowerSpacingSeconds = try s.duration(
      "push_off_power_spacing", default: pushOffPowerSpacingSeconds, range: 0...86_400)
    pushBudgetPerDay = try s.number("push_budget_per_day", default: pushBudgetPerDay, range: 0...1e6)
  }
}
