/// What a built-in policy's rules produce: a full ``PolicyVerdict`` (with its policy's
/// name and, for `bgsim explain`, its reason), or just the verdict's outcome, which is
/// all the scheduler needs when it keeps no decisions. Each built-in policy writes its
/// rules once, as `answer`, for both.
public protocol PolicyAnswer {
  static func veto(_ policy: String, _ context: PolicyContext, _ reason: @autoclosure () -> String) -> Self
  /// A score; `value` is computed only by answers that keep it.
  static func score(
    _ policy: String, _ value: @autoclosure () -> Double, weight: Double, _ context: PolicyContext,
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
    _ policy: String, _ value: @autoclosure () -> Double, weight: Double, _ context: PolicyContext,
    _ reason: @autoclosure () -> String
  ) -> Self { .score(min(1, max(0, value())), weight: weight) }

  @inline(__always)
  public static func skip(_ policy: String) -> Self { .notApplicable }
}

/// Whether a policy vetoes, and nothing more: its score is not computed (the
/// shortcuts ask policies again only for their vetoes).
struct PolicyVeto: PolicyAnswer {
  var isVeto: Bool

  init(_ verdict: PolicyVerdict) { isVeto = verdict.isVeto }
  init(isVeto: Bool) { self.isVeto = isVeto }

  @inline(__always)
  static func veto(_ policy: String, _ context: PolicyContext, _ reason: @autoclosure () -> String) -> Self {
    PolicyVeto(isVeto: true)
  }

  @inline(__always)
  static func score(
    _ policy: String, _ value: @autoclosure () -> Double, weight: Double, _ context: PolicyContext,
    _ reason: @autoclosure () -> String
  ) -> Self { PolicyVeto(isVeto: false) }

  @inline(__always)
  static func skip(_ policy: String) -> Self { PolicyVeto(isVeto: false) }
}
