/// One policy's answer for one activity at one decision point.
public struct PolicyVerdict: Sendable, Hashable {
  public enum Outcome: Sendable, Hashable {
    /// "Must not proceed".
    case veto
    /// A score in [0, 1] with a weight.
    case score(Double, weight: Double)
    /// The policy does not apply to this activity now.
    case notApplicable
  }

  public let policy: String
  public let outcome: Outcome
  /// Why, in a few words, for `bgsim explain`.
  public let reason: String

  public init(policy: String, outcome: Outcome, reason: String) {
    self.policy = policy
    self.outcome = outcome
    self.reason = reason
  }

  /// A veto; the reason is only built when the context asks for explanations.
  public static func veto(_ policy: String, _ context: PolicyContext, _ reason: @autoclosure () -> String)
    -> PolicyVerdict
  {
    PolicyVerdict(policy: policy, outcome: .veto, reason: context.explain ? reason() : "")
  }

  /// A score clamped to [0, 1]; the reason is only built when explanations are on.
  public static func score(
    _ policy: String, _ value: @autoclosure () -> Double, weight: Double, _ context: PolicyContext,
    _ reason: @autoclosure () -> String
  ) -> PolicyVerdict {
    PolicyVerdict(
      policy: policy, outcome: .score(min(1, max(0, value())), weight: weight),
      reason: context.explain ? reason() : "")
  }

  public static func skip(_ policy: String) -> PolicyVerdict {
    PolicyVerdict(policy: policy, outcome: .notApplicable, reason: "")
  }

  public var isVeto: Bool { outcome == .veto }
}
