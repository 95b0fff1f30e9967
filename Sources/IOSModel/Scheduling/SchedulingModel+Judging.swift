/// A model's answer for one activity at one decision point.
public enum Judgement: Sendable, Equatable {
  /// A policy said "must not proceed".
  case vetoed(by: String)
  /// The weighted mean of the policies' scores [0…1] (1 when none scored).
  case scored(Double)
}

/// The scores gathered so far while the policies judge one activity.
public struct ScoreTally: Sendable {
  public var weighted = 0.0
  public var weights = 0.0

  public init() {}

  /// The weighted mean of the scores, 1 when none scored.
  public var mean: Double { weights > 0 ? weighted / weights : 1 }

  /// Adds a policy's outcome; true when it is a veto.
  @inline(__always)
  mutating func add(_ outcome: PolicyVerdict.Outcome) -> Bool {
    switch outcome {
    case .veto: return true
    case .score(let s, let w):
      weighted += s * w
      weights += w
      return false
    case .notApplicable: return false
    }
  }
}

extension SchedulingModel {
  /// The index of the first policy that reads the usage predictions (the policy count
  /// when none does): the predictions are made, once per decision point, just before it.
  public var predictionsNeededAt: Int { compiled.predictionsNeededAt }

  /// Whether a weighted mean launches: it reaches the threshold (with a margin far
  /// below any score's precision, for sums that round differently).
  @inline(__always)
  func launches(_ mean: Double, _ activity: Activity) -> Bool { mean + 1e-12 >= threshold(for: activity) }

  /// **The rule.** Asks the policies in `range`, in order, about `activity` in
  /// `context`, adding their scores to `tally`. Returns the index of the policy that
  /// vetoed it, which ends the questioning, or nil. With `record`, each full verdict
  /// (name, outcome, reason) is handed to it; without, the policies give their outcomes
  /// alone, from the same rules.
  ///
  /// ``SystemScheduler`` asks `0..<predictionsNeededAt`, makes the predictions if no
  /// policy vetoed, then asks the rest (``judge(_:_:)`` in one call).
  @inline(__always)
  func judgeIndex(
    _ activity: Activity, _ context: PolicyContext, policies range: Range<Int>, into tally: inout ScoreTally,
    record: ((PolicyVerdict) -> Void)? = nil
  ) -> Int? {
    let policies = compiled.policies
    for i in range {
      let outcome: PolicyVerdict.Outcome
      if let record {
        let v: PolicyVerdict = policies[i].answer(activity, context, others: compiled.others)
        record(v)
        outcome = v.outcome
      } else {
        outcome = policies[i].answer(activity, context, others: compiled.others)
      }
      if tally.add(outcome) { return i }
    }
    return nil
  }

  /// Every policy's answer for `activity` in a `context` whose predictions are filled in.
  public func judge(_ activity: Activity, _ context: PolicyContext) -> Judgement {
    var tally = ScoreTally()
    if let i = judgeIndex(activity, context, policies: 0..<policies.count, into: &tally) {
      return .vetoed(by: compiled.names[i])
    }
    return .scored(tally.mean)
  }
}
