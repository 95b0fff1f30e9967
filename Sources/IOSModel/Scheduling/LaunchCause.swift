import SimKernel

/// Why the scheduler launched an activity, kept by the rule at the decision
/// (``SystemScheduler/launchCause(_:)``): the typed account `launches.csv`'s
/// `launch_trigger`, `launch_reason`, `launch_score` and `launch_threshold` columns
/// write, so that "why did it run at 03:12?" is answered from the row.
public struct LaunchCause: Sendable, Hashable {
  /// Which part of the rule let it run.
  public enum Reason: UInt8, Sendable, Hashable, CaseIterable {
    /// Its score reached the model's threshold for its kind (``SchedulingModel``), or for
    /// a silent push dasd's bar for work that bypasses its predictions
    /// (``SchedulingModel/bypassThreshold``).
    case threshold
    /// Its score reached its own threshold before its predicted best moment: the
    /// optimum × the relaxation's first factor (``RelativeThreshold``, slot 0).
    case optimum
    /// Its score reached its own threshold after its predicted best moment, the bar
    /// relaxed through the request's window (slots 1–10).
    case relaxed
    /// It ran in a launch of the app for another of its requests, below its own bar
    /// (dasd-decisions.md §3).
    case companion
    /// A push delivered to the app on screen: no launch for dasd's budgets.
    case onScreen

    /// As the `launch_reason` column spells it.
    public var text: String {
      switch self {
      case .threshold: "threshold"
      case .optimum: "optimum"
      case .relaxed: "relaxed"
      case .companion: "companion"
      case .onScreen: "on_screen"
      }
    }
  }

  public var reason: Reason
  /// What prompted the decision point.
  public var trigger: DecisionTrigger
  /// The weighted mean of the policies' scores [0…1].
  public var score: Double
  /// The bar it was compared with [0…1].
  public var threshold: Double
  /// When the work it ran for arrived: the request's submission, the newest held
  /// push's arrival (the one it delivers), the start of a legacy fetch's window.
  public var submittedAt: SimTime

  public init(
    reason: Reason, trigger: DecisionTrigger, score: Double, threshold: Double, submittedAt: SimTime
  ) {
    self.reason = reason
    self.trigger = trigger
    self.score = score
    self.threshold = threshold
    self.submittedAt = submittedAt
  }
}
