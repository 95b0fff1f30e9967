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
}

extension SchedulingModel {
  /// The index of the first policy that reads the usage predictions (the policy count
  /// when none does): the predictions are made, once per decision point, just before it.
  public var predictionsNeededAt: Int { min(compiled.predictionsNeededAt, compiled.policies.count) }

  /// Asks the policies in `range`, in order, about `activity` in `context`, adding their
  /// scores to `tally`. Returns the name of the policy that vetoed it, which ends the
  /// questioning, or nil. With `recording`, each full verdict (name, outcome, reason) is
  /// handed to `record`; without, the policies give their outcomes alone.
  ///
  /// ``SystemScheduler`` asks `0..<predictionsNeededAt`, makes the predictions if no
  /// policy vetoed, then asks the rest; `bgsim bench decisions` times the same code.
  @inline(__always)
  public func judge(
    _ activity: Activity, _ context: PolicyContext, policies range: Range<Int>, into tally: inout ScoreTally,
    recording: Bool, record: (PolicyVerdict) -> Void
  ) -> String? {
    judgeIndex(activity, context, policies: range, into: &tally, recording: recording, record: record).map {
      compiled.policies[$0].name(others: compiled.others)
    }
  }

  /// As ``judge(_:_:policies:into:recording:record:)``, with the index of the policy
  /// that vetoed instead of its name.
  @inline(__always)
  func judgeIndex(
    _ activity: Activity, _ context: PolicyContext, policies range: Range<Int>, into tally: inout ScoreTally,
    recording: Bool, record: (PolicyVerdict) -> Void
  ) -> Int? {
    let policies = compiled.policies
    for i in range {
      let outcome: PolicyVerdict.Outcome
      if recording {
        let v: PolicyVerdict = policies[i].answer(activity, context, others: compiled.others)
        record(v)
        outcome = v.outcome
      } else {
        outcome = policies[i].answer(activity, context, others: compiled.others)
      }
      switch outcome {
      case .veto: return i
      case .score(let s, let w):
        tally.weighted += s * w
        tally.weights += w
      case .notApplicable: break
      }
    }
    return nil
  }

  /// Every policy's answer for `activity` in a `context` whose predictions are filled in.
  public func judge(_ activity: Activity, _ context: PolicyContext) -> Judgement {
    var tally = ScoreTally()
    if let policy = judge(
      activity, context, policies: 0..<policies.count, into: &tally, recording: false, record: { _ in })
    {
      return .vetoed(by: policy)
    }
    return .scored(tally.mean)
  }
}
