/// Network requirement: a request that needs the network waits for one, and a
/// discretionary background transfer waits for Wi-Fi.
public struct NetworkRequirementPolicy: SchedulingPolicy {
  public var name: String { "network" }
  /// Discretionary transfers wait for Wi-Fi (Apple, `URLSessionConfiguration.isDiscretionary`:
  /// the system may delay large transfers until the device is on Wi-Fi and power).
  public var discretionaryTransfersNeedWiFi = true
  public var reads: PolicyInputs { [.network] }
  public func scoreWeight(for activity: Activity) -> Double? { nil }
  public init() {}

  public func evaluate(_ activity: Activity, _ c: PolicyContext) -> PolicyVerdict { answer(activity, c) }

  /// The rules, for a full verdict or for its outcome alone.
  public func answer<A: PolicyAnswer>(_ activity: Activity, _ c: PolicyContext) -> A {
    let needs =
      activity.requiresNetwork || activity.kind == .backgroundTransfer || activity.kind == .silentPush
    if needs, c.network == .none { return .veto(name, c, "no network") }
    if discretionaryTransfersNeedWiFi, activity.kind == .backgroundTransfer, activity.discretionary,
      c.network != .wifi
    {
      return .veto(name, c, "discretionary transfer waits for Wi-Fi")
    }
    return .skip(name)
  }
}

/// External power. On an iPhone the system runs processing only on power, whatever
/// `requiresExternalPower` says (dasd; developers report the same). With
/// `processingAlwaysNeedsPower` off, only the stated requirement counts.
public struct ExternalPowerPolicy: SchedulingPolicy {
  public var name: String { "external_power" }
  public var reads: PolicyInputs { [.pluggedIn] }
  public func scoreWeight(for activity: Activity) -> Double? { nil }
  public var processingAlwaysNeedsPower = true
  /// Discretionary background transfers wait for external power (Apple,
  /// `URLSessionConfiguration.isDiscretionary`).
  public var discretionaryTransfersNeedPower = true

  public init() {}

  public func evaluate(_ activity: Activity, _ c: PolicyContext) -> PolicyVerdict { answer(activity, c) }

  /// The rules, for a full verdict or for its outcome alone.
  public func answer<A: PolicyAnswer>(_ activity: Activity, _ c: PolicyContext) -> A {
    let needs =
      activity.requiresExternalPower || (processingAlwaysNeedsPower && activity.kind == .processing)
      || (discretionaryTransfersNeedPower && activity.kind == .backgroundTransfer && activity.discretionary)
    if needs, !c.isPluggedIn { return .veto(name, c, "not on external power") }
    return .skip(name)
  }
}

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

/// A phone that is off runs nothing.
public struct PowerStatePolicy: SchedulingPolicy {
  public var name: String { "power_state" }
  public var reads: PolicyInputs { [.powerState] }
  public func scoreWeight(for activity: Activity) -> Double? { nil }
  public init() {}

  public func evaluate(_ activity: Activity, _ c: PolicyContext) -> PolicyVerdict { answer(activity, c) }

  /// The rules, for a full verdict or for its outcome alone.
  public func answer<A: PolicyAnswer>(_ activity: Activity, _ c: PolicyContext) -> A {
    c.isPoweredOn ? .skip(name) : .veto(name, c, "phone is off")
  }
}

/// Apps that overrun their time are throttled (WWDC 2022, session 10142): each
/// overrun lowers the score.
public struct OverrunPolicy: SchedulingPolicy {
  public var name: String { "overruns" }
  public var reads: PolicyInputs { [.overruns] }
  public func scoreWeight(for activity: Activity) -> Double? { activity.isUrgentTransfer ? nil : weight }
  public var weight: Double = 5

  public init() {}

  public func evaluate(_ activity: Activity, _ c: PolicyContext) -> PolicyVerdict { answer(activity, c) }

  /// The rules, for a full verdict or for its outcome alone.
  public func answer<A: PolicyAnswer>(_ activity: Activity, _ c: PolicyContext) -> A {
    activity.isUrgentTransfer
      ? .skip(name) : .score(name, 1 / Double(1 + c.overruns), weight: weight, c, "\(c.overruns) overrun(s)")
  }
}
