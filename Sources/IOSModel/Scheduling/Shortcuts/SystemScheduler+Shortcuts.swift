import DeviceModel
import SimKernel

extension SystemScheduler {
  /// The device-use prediction at `point`, copied into `context` (the rule's copy), made
  /// unless no policy reads it for `activity`'s kind (``CompiledPolicy/List/readsDeviceUse``:
  /// a push or a transfer in the built-in model), which the shortcuts know from the
  /// policies' declarations. Debug builds judge the rest of the policies after `tally`
  /// with the prediction too, and check that the answer is the same.
  @inline(__always)
  mutating func predictDeviceUse(
    _ point: inout DecisionPoint, into context: inout PolicyContext, for activity: Activity,
    after tally: ScoreTally
  ) {
    if shortcuts.uses, !point.deviceUsePredicted,
      !model.compiled.readsDeviceUse[model.compiled.weightRow(activity)]
    {
      if shortcuts.checks { checkDeviceUseUnread(activity, at: point, in: context, after: tally) }
      return
    }
    predictDeviceUse(&point)
    context.deviceUseProbability = point.context.deviceUseProbability
    context.processingIdleUseProbability = point.context.processingIdleUseProbability
  }

  /// Whether a standing veto answers this decision point: counted, nothing launches and
  /// nothing is drawn. Not used when decisions are recorded.
  mutating func standingVetoHolds(
    app: some LaunchableApp, device: some DeviceConditions, now: SimTime, trigger: DecisionTrigger
  ) -> Bool {
    guard let standing = shortcuts.standingVeto else { return false }
    guard launchPaths.idle, now.microseconds < standing.until, standing.inputs.hold(app: app, device: device)
    else {
      shortcuts.standingVeto = nil
      return false
    }
    if shortcuts.checks { checkStandingVeto(app: app, device: device, now: now, trigger: trigger) }
    log.count += standing.decisions
    shortcuts.standingVetoPoints += 1
    return true
  }

  /// Whether the out-of-reach memo answers this decision point: its only due activity
  /// is out of reach again once `point`'s app-open prediction is made (the point's
  /// draw, which is then kept for judging it in full). Not used when decisions are
  /// recorded.
  mutating func outOfReachAgain(
    _ point: inout DecisionPoint, app: some LaunchableApp, device: some DeviceConditions
  )
    -> Bool
  {
    guard let memo = shortcuts.outOfReach, launchPaths.idle else { return false }
    // One copy of the point's context for the policies asked again and the bound: read
    // from `point`, an `inout`, it was copied for each policy asked.
    var context = point.context
    guard memo.holds(app: app, device: device, context, model: model) else { return false }
    predictAppOpen(&point)
    context.appOpenProbability = point.context.appOpenProbability
    // The threshold relaxes as time passes: the memo's activity is judged against
    // today's, kept on the memo until its slot ends.
    var threshold = memo.threshold
    if point.context.now >= memo.thresholdUntil || !usesOptimum(point.context) {
      var activity = memo.activity
      setRelativeThreshold(&activity, at: &point)
      threshold = model.threshold(for: activity)
      let until =
        !judgesAgainstOptimum(activity)
        ? SimTime(microseconds: .max)
        : usesOptimum(point.context) ? (requests.optima[activity.name]?.validUntil ?? .zero) : .zero
      shortcuts.outOfReach?.threshold = threshold
      shortcuts.outOfReach?.thresholdUntil = until
    }
    guard
      memo.bound.cannotReach(
        memo.activity, context, from: memo.atBest, threshold: threshold, model: model)
    else {
      return false
    }
    if shortcuts.checks {
      var activity = memo.activity
      activity.relativeThreshold = threshold
      checkOutOfReach(activity, at: point)
    }
    log.count += 1
    shortcuts.outOfReachPoints += 1
    return true
  }

  /// ``judge(_:at:after:predicting:cutsOutOfReach:record:)`` with one cut: once the app-open prediction is made, an
  /// activity whose score cannot reach the threshold (``ScoreBound``) is not asked
  /// about further.
  mutating func judgeWithShortcuts(_ activity: inout Activity, at point: inout DecisionPoint) -> Verdict {
    let verdict = judge(&activity, at: &point, cutsOutOfReach: true)
    if case .outOfReach = verdict { shortcuts.outOfReachPoints += 1 }
    return verdict
  }

  /// After a point judged in full: keeps a standing veto when every due activity was
  /// vetoed on state alone before any prediction, or a memo when the only due
  /// activity was out of reach.
  mutating func learn(
    from point: DecisionShortcuts.PointSummary, app: some LaunchableApp, device: some DeviceConditions,
    now: SimTime
  ) {
    shortcuts.standingVeto = nil
    shortcuts.outOfReach = nil
    // With other apps the memos are not used (their runs change what the memos assume).
    guard !recordDecisions, otherApps.isEmpty, shortcuts.uses, point.requestsOnly, point.judged > 0
    else { return }
    if point.vetoedOnStateAlone == point.judged, !point.predicted {
      shortcuts.standingVeto = StandingVeto(
        inputs: StateInputs(app: app, device: device), decisions: point.judged, until: point.notYetDue)
    }
    guard requests.cache.count == 1, point.judged == 1, point.outOfReach == 1 else { return }
    shortcuts.outOfReach = OutOfReach(
      requests.cache[0], context(app: app, device: device, now: now), app: app, device: device, model: model)
  }
}
