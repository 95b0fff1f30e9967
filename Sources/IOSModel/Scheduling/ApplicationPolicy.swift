import FileFormats
import SimKernel

/// The application policy (dasd, weight 50 for work that launches the app; not applied
/// to processing): score = √p, p the predicted probability that the owner opens the
/// app in the look-ahead window (`defaultProbability` with no prediction); a score
/// above `saturation` counts as 1, and a score above 0 gains `extraRequestBonus` for each
/// other pending launch request of the app (``PolicyContext/pendingLaunchRequests``;
/// multi-app.md §1.0), at most 1 in all. Refresh is vetoed while the app is on screen.
///
/// dasd's "date before now" adjustment: a live score (not a step of the optimum's
/// scan, ``PolicyContext/isPrediction``) of work `overdueAfter` (times the owner's
/// factor) or more past its earliest begin date is × `overdueScale`, plus `recentBonus`
/// when the app is among the recently used ones: opened within `recentAppWindow` and,
/// when the phone models the owner's other apps, still in dasd's set of the 25 most
/// recent apps (``RecentApps``); a result above `overdueSaturation` counts as 1. dasd
/// scores a live decision at a date taken a moment before its own clock, so the branch
/// fires at every live evaluation (legacy-fetch.md §3, M): `overdueAfter` is 0. So a
/// recently used app scores at least `recentBonus` whatever its prediction, and an app
/// not opened for days scores 1 only at the times of day its past opens predict (each
/// open counts for 14 days).
public struct ApplicationPolicy: SchedulingPolicy {
  public var name: String { "application" }
  public var reads: PolicyInputs { [.appOpenPrediction, .appState, .time, .daysSinceAppOpened] }
  public var vetoReads: PolicyInputs { [.appState] }
  public func scoreWeight(for activity: Activity) -> Double? { activity.launchesApp ? weight : nil }
  public var weight: Double = 50
  /// Probability used when there is no prediction.
  public var defaultProbability: Double = 0.0025
  /// Scores above this count as 1.
  public var saturation: Double = 0.25
  /// Added to a score above 0 for each pending launch request of the app beyond the
  /// first (dasd: 0.1; multi-app.md §1.0).
  public var extraRequestBonus: Double = 0.1
  /// Time past the earliest begin date after which a live score is adjusted, for an
  /// owner factor of 1 [s]: 0, every live score (dasd); a positive value is bgsim's
  /// model before issue 65's seventh session (fitted at 5,640 s), kept for sweeps.
  public var overdueAfterSeconds: Double = 0
  /// An overdue activity's score is multiplied by this (dasd: 0.65).
  public var overdueScale: Double = 0.65
  /// And raised by this when the app is recently used (dasd: 0.35, for the 25 most
  /// recent apps).
  public var recentBonus: Double = 0.35
  /// After that adjustment, a score above this counts as 1 (dasd: 0.5; legacy-fetch.md
  /// §3, multi-app.md §1.0), so an app not among the recent ones whose open is
  /// predicted still scores 1, not 0.65.
  public var overdueSaturation: Double = 0.5
  /// An app opened within this time counts as recently used [s].
  public var recentAppWindowSeconds: Double = 86_400

  public init() {}

  public func evaluate(_ activity: Activity, _ c: PolicyContext) -> PolicyVerdict { answer(activity, c) }

  /// The rules, for a full verdict or for its outcome alone.
  public func answer<A: PolicyAnswer>(_ activity: Activity, _ c: PolicyContext) -> A {
    guard activity.launchesApp else { return .skip(name) }
    if c.appState.isForeground { return .veto(name, c, "app is in the foreground") }
    let p = c.appOpenProbability ?? defaultProbability
    var score = p.squareRoot()
    if score > saturation { score = 1 }
    if score > 0, c.pendingLaunchRequests > 1 {
      score += extraRequestBonus * Double(c.pendingLaunchRequests - 1)
    }
    let due = activity.earliest ?? activity.submittedAt
    if !c.isPrediction, (c.now - due).seconds >= overdueAfterSeconds * c.owner.overdueFactor {
      // The set's timer refresh is taken to drop apps not opened within the window.
      let recent =
        (c.daysSinceAppOpened ?? .infinity) * 86_400 <= recentAppWindowSeconds
        && (c.isAmongRecentApps ?? true)
      score = score * overdueScale + (recent ? recentBonus : 0)
      if score > overdueSaturation { score = 1 }
      return .score(
        name, score, weight: weight, c,
        "\(overdueAfterSeconds > 0 ? "overdue" : "live"), \(Self.recency(recent, inSet: c.isAmongRecentApps)), "
          + "open predicted p=\(format(p))")
    }
    return .score(
      name, min(score, 1), weight: weight, c,
      c.appOpenProbability == nil ? "no prediction (p=\(format(p)))" : "open predicted p=\(format(p))")
  }

  /// The most ``answer(_:_:)`` scores an app the owner has never opened (no open
  /// history: the default probability; never recent), with `pendingLaunchRequests`
  /// pending, at any time: the larger of its two branches.
  func bestScoreWithoutOpens(pendingLaunchRequests: UInt8) -> Double {
    var score = defaultProbability.squareRoot()
    if score > saturation { score = 1 }
    if score > 0, pendingLaunchRequests > 1 {
      score += extraRequestBonus * Double(pendingLaunchRequests - 1)
    }
    var overdue = score * overdueScale
    if overdue > overdueSaturation { overdue = 1 }
    return max(min(score, 1), overdue)
  }

  /// How `explain` says whether the app counts as recently used, and, when the set is
  /// kept (`inSet` not nil), which of its two conditions failed.
  static func recency(_ recent: Bool, inSet: Bool?) -> String {
    switch (recent, inSet) {
    case (true, nil): "recently used"
    case (false, nil): "not used recently"
    case (true, _): "among the recent apps"
    case (false, true): "among the recent apps but not opened within the window"
    case (false, _): "not among the recent apps"
    }
  }
}

extension ApplicationPolicy: BuiltInPolicy {
  static var configKey: String? { "application" }
  static var configKeys: [String] {
    [
      "weight", "default_probability", "saturation", "extra_request_bonus", "overdue_after", "overdue_scale",
      "recent_bonus", "overdue_saturation", "recent_app_window",
    ]
  }
  var compiled: CompiledPolicy { .application(self) }

  mutating func configure(_ s: ConfigSection) throws(ConfigError) {
    weight = try s.weight(default: weight)
    defaultProbability = try s.probability("default_probability", default: defaultProbability)
    saturation = try s.number("saturation", default: saturation, range: 0...1)
    extraRequestBonus = try s.number("extra_request_bonus", default: extraRequestBonus, range: 0...1)
    overdueAfterSeconds = try s.duration(
      "overdue_after", default: overdueAfterSeconds, range: 0...604_800)
    overdueScale = try s.probability("overdue_scale", default: overdueScale)
    recentBonus = try s.probability("recent_bonus", default: recentBonus)
    overdueSaturation = try s.number("overdue_saturation", default: overdueSaturation, range: 0...1)
    recentAppWindowSeconds = try s.duration(
      "recent_app_window", default: recentAppWindowSeconds, range: 0...2_592_000)
  }
}
