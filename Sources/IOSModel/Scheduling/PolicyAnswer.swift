/// What a built-in policy's rules produce: a full ``PolicyVerdict`` (with its policy's
/// name and, for `bgsim explain`, its reason), or just the verdict's outcome, which is
/// all the scheduler needs when it keeps no decisions. Each built-in policy writes its
/// rules once, as `answer`, for both.
public protocol PolicyAnswer {
  static func veto(_ policy: String, _ context: PolicyContext, _ reason: @autoclosure () -> String) -> Self
  static func score(
    _ policy: String, _ value: Double, weight: Double, _ context: PolicyContext,
    _ reason: @autoclosure () -> String
  ) -> Self
  static func skip(_ policy: String) -> Self
  /// The answer of a policy that only gives full verdicts (a researcher's own).
  init(_ verdict: PolicyVerdict)
}

extension PolicyVerdict: PolicyAnswer {
  public init(_ verdict: PolicyVerdict) { self = verdict }
}

extension PolicyVerdict.Outcome: PolicyAnswer {
  public init(_ verdict: PolicyVerdict) { self = verdict.outcome }

  @inline(__always)
  public static func veto(_ policy: String, _ context: PolicyContext, _ reason: @autoclosure () -> String)
    -> Self
  { .veto }

  /// The score clamped to [0, 1], as in ``PolicyVerdict/score(_:_:weight:_:_:)``.
  @inline(__always)
  public static func score(
    _ policy: String, _ value: Double, weight: Double, _ context: PolicyContext,
    _ reason: @autoclosure () -> String
  ) -> Self { .score(min(1, max(0, value)), weight: weight) }

  @inline(__always)
  public static func skip(_ policy: String) -> Self { .notApplicable }
}
