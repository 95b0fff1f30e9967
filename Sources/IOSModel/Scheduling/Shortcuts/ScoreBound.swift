/// The most the weighted mean of one kind of activity can reach while the state a
/// memo keeps holds (``PolicyInputs/standingState`` and the app's state), derived from
/// what the policies declare (``SchedulingPolicy/reads``,
/// ``SchedulingPolicy/scoreWeight(for:)``). A score is in [0, 1], so a policy whose
/// answer is not known scores at best 1 with its weight, or does not score at all (a
/// skip or a veto); and adding a score of 1 can only raise a mean of scores in [0, 1].
struct ScoreBound: Sendable {
  /// What a memo keeps: the answers of policies that read no more stay the same.
  static let kept: PolicyInputs = PolicyInputs.standingState.union(.appState)

  /// Policies before the predictions that read more than ``kept``: asked again at
  /// each memo point for their vetoes, their scores taken at best.
  var askedAgain = PolicySet()
  /// Policies before the predictions that read no more than ``kept``: their answers,
  /// taken when the memo is made, hold while it does.
  var answeredOnce = PolicySet()
  /// Policies after the predictions that do not read the device-use prediction (the
  /// one input a memo point does not compute): answered at each point in its own
  /// context, once the app-open prediction is made.
  var answeredAfterPrediction = PolicySet()
  /// The weights of ``answeredAfterPrediction``'s policies that score: their sum, and the
  /// heaviest one, by index (scalars, so that a bound copies without retaining anything).
  var bestOfAnsweredAfter = 0.0
  var heaviestAnsweredAfter = (index: -1, weight: 0.0)
  /// The weights of the other policies after the predictions, each scoring at best 1.
  var bestAfterPredictions = 0.0
  /// The weights of ``askedAgain``'s policies that score, each at best 1.
  var bestOfAskedAgain = 0.0

  /// The bound for an activity of one kind, or nil when a policy it needs declares no
  /// weight (``SchedulingPolicy/scoreWeight(for:)`` undeclared).
  init?(reads: [PolicyInputs], weights: [Double?], predictionsNeededAt split: Int) {
    guard reads.count <= PolicySet.capacity else { return nil }
    for i in reads.indices {
      let known = Self.kept.isSuperset(of: reads[i])
      if i < split {
        if known {
          answeredOnce.insert(i)
        } else {
          askedAgain.insert(i)
          if let w = weights[i] { bestOfAskedAgain += w }
        }
      } else if !reads[i].contains(.deviceUsePrediction) {
        answeredAfterPrediction.insert(i)
        if let w = weights[i], w > heaviestAnsweredAfter.weight { heaviestAnsweredAfter = (i, w) }
        bestOfAnsweredAfter += weights[i] ?? 0
      } else if let w = weights[i] {
        bestAfterPredictions += w
      }
      if let w = weights[i], !w.isFinite { return nil }
    }
  }

  /// The tally of the policies before the predictions at its best while the kept
  /// state holds: the answers of ``answeredOnce`` in `context`, and a score of 1 for
  /// each of ``askedAgain`` that scores. Nil when one answered once vetoes.
  func tallyAtBest(_ a: Activity, _ context: PolicyContext, model: SchedulingModel) -> ScoreTally? {
    var t = ScoreTally()
    for i in answeredOnce {
      if t.add(model.compiled.policies[i].answer(a, context, others: model.compiled.others)) { return nil }
    }
    t.weighted += bestOfAskedAgain
    t.weights += bestOfAskedAgain
    return t
  }

  /// Whether the weighted mean cannot reach the threshold whatever the policies after
  /// the predictions answer, given `tally` of those before them (exact, or at best),
  /// in a context whose app-open prediction is made, against `threshold` (the
  /// activity's, ``SchedulingModel/threshold(for:)``). False where a policy answered
  /// here vetoes: the activity is then judged in full, so that its veto is named; a caller
  /// that names no veto (`namesVetoes` false: the other apps' loop) gets the faster
  /// ``cannotReachWhateverVetoes(_:_:from:threshold:model:)``. Two functions, each small
  /// enough that the compiler inlines the policies' answers into its loop: one body with
  /// both loops called `CompiledPolicy.answer` out of line (1.5 M calls in 10,000
  /// device-days, 2 % of `bench devices`' instructions).
  @inline(__always)
  func cannotReach(
    _ a: Activity, _ c: PolicyContext, from tally: ScoreTally, threshold: Double, model: SchedulingModel,
    namesVetoes: Bool = true
  ) -> Bool {
    namesVetoes
      ? cannotReachNamingVetoes(a, c, from: tally, threshold: threshold, model: model)
      : cannotReachWhateverVetoes(a, c, from: tally, threshold: threshold, model: model)
  }

  /// ``cannotReach(_:_:from:threshold:model:namesVetoes:)`` for a caller that names a
  /// veto (the app under study's rule and its memo): false once a policy vetoes.
  func cannotReachNamingVetoes(
    _ a: Activity, _ c: PolicyContext, from tally: ScoreTally, threshold: Double, model: SchedulingModel
  ) -> Bool {
    var t = tally
    for i in answeredAfterPrediction {
      if t.add(model.compiled.policies[i].answer(a, c, others: model.compiled.others)) { return false }
    }
    return Self.below(t, bestAfterPredictions, threshold)
  }

  /// ``cannotReach(_:_:from:threshold:model:namesVetoes:)`` for a caller that treats a veto and a score
  /// short of the threshold alike (the other apps' loop, which names neither): the
  /// answers stop once the policies not yet asked, each at its best, cannot lift the
  /// mean to the threshold (looked at before any is asked and once the heaviest has
  /// answered, the application policy in the built-in model), so a veto after that goes
  /// unnamed.
  @inline(__always)
  func cannotReachWhateverVetoes(
    _ a: Activity, _ c: PolicyContext, from tally: ScoreTally, threshold: Double, model: SchedulingModel
  ) -> Bool {
    var t = tally
    if Self.below(t, bestOfAnsweredAfter + bestAfterPredictions, threshold) { return true }
    var rest = bestOfAnsweredAfter
    for i in answeredAfterPrediction {
      if t.add(model.compiled.policies[i].answer(a, c, others: model.compiled.others)) { return false }
      if i == heaviestAnsweredAfter.index {
        rest -= heaviestAnsweredAfter.weight
        if Self.below(t, rest + bestAfterPredictions, threshold) { return true }
      }
    }
    return Self.below(t, bestAfterPredictions, threshold)
  }

  /// Whether `t` with policies of weight `rest` added at their best stays below `threshold`
  /// (by a margin far above the rounding of these few sums).
  @inline(__always)
  static func below(_ t: ScoreTally, _ rest: Double, _ threshold: Double) -> Bool {
    let weights = t.weights + rest
    return weights > 0 && (t.weighted + rest) / weights + 1e-9 < threshold
  }
}
