import SimKernel

extension SystemScheduler {
  /// Whether `client`'s `activity` is judged against its own optimum (``RelativeThreshold``):
  /// every app's refresh and processing requests (dasd-decisions.md §2) and legacy fetch
  /// (legacy-fetch.md §3: the app under study's by ``LegacyFetchPath``, an other app's
  /// re-created at each firing of dasd's 3-hourly fetch timer as that path's is,
  /// ``OtherAppsWork/recreateFetches(at:spacing:)``), unless the model decides at the earliest
  /// begin date (`naive`) or the relative threshold is switched off. Apple's maintenance,
  /// at dasd's Maintenance priority, whose relaxation factors the decompilation does not
  /// give, keeps the model's processing threshold.
  @inline(__always)
  func judgesAgainstOptimum(_ activity: Activity, for client: Predicting = .appUnderStudy) -> Bool {
    (activity.kind == .refresh || activity.kind == .processing || activity.kind == .legacyFetch)
      && parameters.relativeThreshold.enabled
      && !model.decidesAtEarliestBegin && !activity.isSystem
  }

  /// Whether the app was opened recently enough for its requests to be judged against
  /// their optimum (``RelativeThreshold/Settings/usedWithinSeconds``) in `context`.
  @inline(__always)
  func usesOptimum(_ context: PolicyContext) -> Bool {
    (context.daysSinceAppOpened ?? .infinity) * 86_400 <= parameters.relativeThreshold.usedWithinSeconds
  }

  /// Sets `activity`'s threshold at `point`: its optimum × the relaxation of the slot
  /// `point` falls in, moved by the owner's leniency as the model's thresholds are. The
  /// optimum is predicted the first time it is asked for after the request's submission
  /// (``judge(_:at:after:predicting:cutsOutOfReach:record:)`` asks once the policies
  /// before the predictions have not vetoed it), and again once it is
  /// ``RelativeThreshold/Settings/recomputeSeconds`` old; the threshold is kept until its
  /// slot ends. An app not opened within ``RelativeThreshold/Settings/usedWithinSeconds``
  /// keeps the model's threshold.
  /// (`point` is `inout`, though only read: passed by value, it was copied at each call.)
  mutating func setRelativeThreshold(
    _ activity: inout Activity, at point: inout DecisionPoint, for client: Predicting = .appUnderStudy
  ) {
    guard judgesAgainstOptimum(activity, for: client) else { return }
    let now = point.context.now
    let settings = parameters.relativeThreshold
    guard usesOptimum(point.context) else { return }
    let kept = requests.kept(client, activity.name)
    if let kept, kept.submitted == activity.submittedAt, now < kept.validUntil {
      activity.relativeThreshold = kept.threshold
      return
    }
    let optimum: RelativeThreshold
    if let kept, kept.submitted == activity.submittedAt,
      (now - kept.optimum.computedAt).seconds < settings.recomputeSeconds
    {
      optimum = kept.optimum
    } else {
      let start = activity.earliest ?? activity.submittedAt
      // A request's window collapsed at submission, or a fetch's by its spacing from
      // the app's last launch.
      let collapsed = (client == .appUnderStudy && requests.collapsed(activity)) || activity.windowCollapsed
      let windowSeconds =
        collapsed
        ? 0 : activity.kind == .processing ? settings.processingWindowSeconds : settings.refreshWindowSeconds
      optimum = predictOptimum(
        activity, start: start, windowEnd: start + .seconds(windowSeconds), base: point.context, for: client)
    }
    let threshold = SchedulingModel.moved(optimum.threshold(at: now, settings), by: owner)
    // The threshold holds until its slot ends or the optimum is predicted again.
    let recompute = optimum.computedAt + .seconds(settings.recomputeSeconds)
    let validUntil = min(optimum.slotEnd(after: now) ?? recompute, recompute)
    requests.keep(
      KeptOptimum(
        submitted: activity.submittedAt, optimum: optimum, threshold: threshold, validUntil: validUntil),
      for: client, activity.name)
    activity.relativeThreshold = threshold
  }

  /// dasd's optimum for a request whose window runs from `start` to `windowEnd`
  /// (dasd-decisions.md §2): the policies' scores predicted from max(start, now) to
  /// min(window end, now + horizon), step by step; the first step above
  /// ``RelativeThreshold/Settings/goodEnough`` is the optimum, else the best. Each step
  /// is judged by the whole rule in the phone's best state (``idealContext(_:)``) with
  /// the usage predictions for that moment: only what dasd predicts varies, and the
  /// other policies stand at their best. No random draw is made.
  mutating func predictOptimum(
    _ activity: Activity, start: SimTime, windowEnd: SimTime, base: PolicyContext,
    for client: Predicting = .appUnderStudy
  ) -> RelativeThreshold {
    let s = parameters.relativeThreshold
    let now = base.now
    let from = max(start, now)
    if (from - now).seconds > s.farSeconds {
      return RelativeThreshold(score: s.farScore, optimalStart: from, windowEnd: windowEnd, computedAt: now)
    }
    let to = min(windowEnd, now + .seconds(s.horizonSeconds))
    let step = SimDuration(
      seconds: s.stepSeconds(windowSeconds: (windowEnd - start).seconds, launchesApp: activity.launchesApp))
    var ideal = idealContext(base)
    // The policies that read neither the predictions nor the time answer once.
    var constant = ScoreTally()
    for i in model.compiled.constantAcrossScan {
      let outcome: PolicyVerdict.Outcome = model.compiled.policies[i].answer(
        activity, ideal, others: model.compiled.others)
      if constant.add(outcome) {
        return RelativeThreshold(score: 0, optimalStart: from, windowEnd: windowEnd, computedAt: now)
      }
    }
    var best = (score: 0.0, at: from)
    var t = from
    // The activity as each step judges it: just due at the step, no threshold of its own
    // (copied once per scan, not per step).
    var stepActivity = activity
    stepActivity.relativeThreshold = .nan
    var scan = ScanStep(
      constant: constant,
      deferredWeight: model.compiled.bounds[model.compiled.weightRow(activity)]?.bestAfterPredictions)
    repeat {
      stepActivity.earliest = t
      scan.toBeat = best.score
      let score = predictedScore(stepActivity, at: t, from: base, in: &ideal, scan: &scan, for: client)
      if score > s.goodEnough {
        best = (score, t)
        break
      }
      if score > best.score { best = (score, t) }
      t = t + step
    } while t <= to
    return RelativeThreshold(score: best.score, optimalStart: best.at, windowEnd: windowEnd, computedAt: now)
  }

  /// The phone at its best for background work, from `c`: on, plugged in, idle, on
  /// Wi-Fi, cool, full budgets, no launch or run in the way, the app in the background.
  /// What the app and its owner are (settings, history, era) is kept.
  func idealContext(_ c: PolicyContext) -> PolicyContext {
    var i = c
    i.batteryPercent = 100
    i.isPluggedIn = true
    i.isInUse = false
    i.idleSeconds = 86_400
    i.network = .wifi
    i.isLowPowerMode = false
    i.thermal = .nominal
    i.isPoweredOn = true
    i.appState = .suspended
    i.energyBudget = c.energyCapacity
    i.dataBudget = Double(c.dataCapacity)
    i.lastLaunch = LaunchTimes()
    i.runningTasks = 0
    i.otherAppsRunning = 0
    i.herdTrigger = .none
    i.herdTriggerSeconds = .infinity
    i.silentPushesInPeriod = 0
    i.explain = false
    i.isPrediction = true
    return i
  }

  /// The score the rule predicts for `activity` at `t`, in the best state `c` moved to
  /// `t`: the app-open prediction at the look-ahead plus half the jitter (its mean), the
  /// device-use predictions as at a decision point; `activity` comes as just due at `t`
  /// (not overdue) with no threshold of its own. `scan` holds the answers of the
  /// policies that do not change across the scan; the others are asked here. A veto
  /// scores 0. Only the predictions the activity's kind is judged on are made: processing
  /// reads the idle-use one, the rest the app-open and device-use ones.
  ///
  /// The device-use prediction is made last, and only when the step could beat
  /// `scan.toBeat` (the best so far): the other answers with the device-use policies at
  /// their best (``ScoreBound/bestAfterPredictions``) bound the score from above, and a
  /// step that cannot beat the best changes nothing in the scan (0 is returned). The
  /// policies that read the device-use prediction are added last, so a sum may differ
  /// from the rule's order in its last bit (the scorecard and the default experiment are
  /// byte-identical either way).
  mutating func predictedScore(
    _ activity: Activity, at t: SimTime, from base: PolicyContext, in c: inout PolicyContext,
    scan: inout ScanStep, for client: Predicting = .appUnderStudy
  ) -> Double {
    let ahead = (t - base.now).seconds
    c.now = t
    c.secondsSinceInstall = base.secondsSinceInstall + ahead
    c.daysSinceAppOpened = base.daysSinceAppOpened.map { $0 + ahead / 86_400 }
    let processing = activity.kind == .processing
    if !processing { c.appOpenProbability = appOpenProbability(client, at: t, jitter: 0.5, asOf: t) }
    // The device-use prediction is added to `c` only when needed: until then `c` holds an
    // earlier step's, which the policies asked before it do not read.
    var tally = scan.constant
    for i in model.compiled.scanWithoutDeviceUse {
      let outcome: PolicyVerdict.Outcome = model.compiled.policies[i].answer(
        activity, c, others: model.compiled.others)
      if tally.add(outcome) { return 0 }
    }
    if shortcuts.uses, let deferred = scan.deferredWeight {
      let without = tally.weights > 0 ? tally.weighted / tally.weights : 1
      let with = (tally.weighted + deferred) / (tally.weights + deferred)
      // A margin far above the rounding of these few sums.
      if max(without, with) + 1e-9 < scan.toBeat {
        shortcuts.scanStepsPassedOver += 1
        if shortcuts.checks {
          checkScanBound(activity, at: t, in: c, toBeat: scan.toBeat, constant: scan.constant)
        }
        return 0
      }
    }
    predictDeviceUse(at: t, in: &c, processing: processing)
    for i in model.compiled.scanReadingDeviceUse {
      let outcome: PolicyVerdict.Outcome = model.compiled.policies[i].answer(
        activity, c, others: model.compiled.others)
      if tally.add(outcome) { return 0 }
    }
    return tally.mean
  }

  /// Checks a step the scan passed over: scored in full, it cannot beat the best.
  mutating func checkScanBound(
    _ activity: Activity, at t: SimTime, in c: PolicyContext, toBeat: Double, constant: ScoreTally
  ) {
    shortcuts.scanStepsChecked += 1
    var full = c
    predictDeviceUse(at: t, in: &full, processing: activity.kind == .processing)
    var tally = constant
    for i in model.compiled.variesAcrossScan {
      let outcome: PolicyVerdict.Outcome = model.compiled.policies[i].answer(
        activity, full, others: model.compiled.others)
      if tally.add(outcome) { return }
    }
    if tally.mean > toBeat {
      shortcutMismatch(
        "the optimum's scan passed over \(activity.name.text) at \(t), which scores \(tally.mean) > \(toBeat)"
      )
    }
  }
}
