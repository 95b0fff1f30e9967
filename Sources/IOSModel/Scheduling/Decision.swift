import SimKernel

/// One decision about one activity at one decision point: what each policy said, the
/// total, and what happened. `bgsim explain` prints these.
public struct Decision: Sendable {
  public enum Outcome: Sendable, Hashable {
    case launched
    /// A policy said "must not proceed".
    case vetoed(policy: String)
    /// The weighted score fell short of the threshold.
    case belowThreshold
    /// The app side refused (force-quit flag, early).
    case refused(reason: String)
  }

  public let time: SimTime
  public let activity: Activity
  /// What prompted the evaluation (`timer`, `plugged`, `submit`, …).
  public let trigger: String
  public let verdicts: [PolicyVerdict]
  /// Weighted mean score; nil when a veto ended the evaluation.
  public let total: Double?
  public let threshold: Double
  public let outcome: Outcome
}
