/// The application policy (dasd, weight 50 for work that launches the app; not applied
/// to processing): score = √p, p the predicted probability that the owner opens the
/// app in the look-ahead window (`defaultProbability` with no prediction); a score
/// above `saturation` counts as 1. Refresh is vetoed while the app is on screen.
public struct ApplicationPolicy: SchedulingPolicy {
  public var name: String { "application" }
  public var reads: PolicyInputs { [.appOpenPrediction, .appState] }
  public var vetoReads: PolicyInputs { [.appState] }
  public func scoreWeight(for activity: Activity) -> Double? { activity.launchesApp ? weight : nil }
  public var weight: Double = 50
  /// Probability used when there is no prediction.
  public var defaultProbability: Double = 0.0025
  /// Scores above this count as 1.
  public var saturation: Double = 0.25

  public init() {}

  public func evaluate(_ activity: Activity, _ c: PolicyContext) -> PolicyVerdict { answer(activity, c) }

  /// The rules, for a full verdict or for its outcome alone.
  public func answer<A: PolicyAnswer>(_ activity: Activity, _ c: PolicyContext) -> A {
    guard activity.launchesApp else { return .skip(name) }
    if c.appState.isForeground { return .veto(name, c, "app is in the foreground") }
    let p = c.appOpenProbability ?? defaultProbability
    var score = p.squareRoot()
    if score > saturation { score = 1 }
    return .score(
      name, score, weight: weight, c,
      c.appOpenProbability == nil ? "no prediction (p=\(format(p)))" : "open predicted p=\(format(p))")
  }
}
