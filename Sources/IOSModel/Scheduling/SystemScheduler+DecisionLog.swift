extension SystemScheduler {
  /// ``judge(_:at:after:predicting:cutsOutOfReach:record:)``, keeping each policy's verdict (for `bgsim explain`).
  mutating func judgeRecording(_ activity: inout Activity, at point: inout DecisionPoint) -> (
    Verdict, [PolicyVerdict]
  ) {
    var verdicts: [PolicyVerdict] = []
    verdicts.reserveCapacity(model.compiled.policies.count)
    let verdict = judge(&activity, at: &point, record: { verdicts.append($0) })
    if !otherApps.isEmpty { nameOtherApps(in: &verdicts, now: point.context.now) }
    return (verdict, verdicts)
  }

  /// Keeps a decision for `bgsim explain`.
  mutating func keep(
    _ activity: Activity, _ point: DecisionPoint, _ verdicts: [PolicyVerdict], _ total: Double?,
    _ outcome: Decision.Outcome
  ) {
    log.decisions.append(
      Decision(
        time: point.context.now, activity: activity, trigger: point.trigger.text, verdicts: verdicts,
        total: total, threshold: model.threshold(for: activity), outcome: outcome))
  }
}
