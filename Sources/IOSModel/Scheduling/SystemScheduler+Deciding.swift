import DeviceModel
import SimKernel

extension SystemScheduler {
  /// What judging one activity came to.
  enum Verdict {
    /// The policy at this index vetoed it.
    case vetoed(Int)
    /// The weighted mean of the scores.
    case scored(Double)
    /// Below the threshold whatever the policies after the predictions answer
    /// (a shortcut's answer: ``OutOfReach``).
    case outOfReach
  }

  /// Whose app-open prediction an activity is judged with.
  enum Predicting {
    /// The app under study's (``appOpenProbability(_:at:jitter:asOf:)``).
    case appUnderStudy
    /// Other app `o`'s, from its own open history.
    case otherApp(Int)
  }

  /// **The rule**, for every app's activities: the policies in order, the first veto
  /// ends it; otherwise the weighted mean of the scores. The usage predictions are made
  /// once per point, just before the first policy that reads them (the app-open one for
  /// the app `predicting` names). With `record`, each policy's full verdict is handed to
  /// it.
  ///
  /// Two checked shortcuts: `prefix`, the answer of the first `count` policies when it
  /// is already known (the other apps' shared policies, ``judgeOtherApps``), and
  /// `cutsOutOfReach`, which stops once the predictions are made and the score can no
  /// longer reach the threshold (``ScoreBound``; debug builds check it against the rule).
  mutating func judge(
    _ judged: Activity, at point: inout DecisionPoint, after prefix: (count: Int, tally: ScoreTally)? = nil,
    predicting app: Predicting = .appUnderStudy, cutsOutOfReach: Bool = false,
    record: ((PolicyVerdict) -> Void)? = nil
  ) -> Verdict {
    var activity = judged
    var tally = prefix?.tally ?? ScoreTally()
    let split = model.predictionsNeededAt
    let count = model.compiled.policies.count
    if let i = model.judgeIndex(
      activity, point.context, policies: (prefix?.count ?? 0)..<split, into: &tally, record: record)
    {
      return .vetoed(i)
    }
    // The app's own request is judged against its optimum, predicted once it is not
    // vetoed by the policies before the predictions (the cut below reads it).
    if case .appUnderStudy = app { setRelativeThreshold(&activity, at: point) }
    guard split < count else { return .scored(tally.mean) }
    predictAppOpen(&point, for: app)
    if cutsOutOfReach, let bound = model.compiled.bounds[model.compiled.weightRow(activity)],
      bound.cannotReach(
        activity, point.context, from: tally, threshold: model.threshold(for: activity), model: model)
    {
      if Self.checksShortcuts { checkOutOfReach(activity, at: point) }
      return .outOfReach
    }
    predictDeviceUse(&point)
    if let i = model.judgeIndex(
      activity, point.context, policies: split..<count, into: &tally, record: record)
    {
      return .vetoed(i)
    }
    return .scored(tally.mean)
  }

  /// ``judge(_:at:after:predicting:cutsOutOfReach:record:)``, keeping each policy's verdict (for `bgsim explain`).
  mutating func judgeRecording(_ activity: Activity, at point: inout DecisionPoint) -> (
    Verdict, [PolicyVerdict]
  ) {
    var verdicts: [PolicyVerdict] = []
    verdicts.reserveCapacity(model.compiled.policies.count)
    let verdict = judge(activity, at: &point, record: { verdicts.append($0) })
    if !otherApps.isEmpty { nameOtherApps(in: &verdicts, now: point.context.now) }
    return (verdict, verdicts)
  }

  /// A decision point: judges every due activity and launches those that pass.
  public mutating func evaluate(
    app: some LaunchableApp, device: some DeviceConditions, trigger: DecisionTrigger,
    loop: inout EventLoop
  ) {
    let now = loop.now
    if let end = launchesUntil, now >= end { return }
    if !otherApps.isEmpty, Self.judgesOtherApps(trigger) {
      judgeOtherApps(app: app, device: device, now: now, loop: &loop)
    }
    refreshRequestCache(app)
    // Most points find nothing due: decided here, before a call that copies the scheduler
    // (about 1.9 kB) to lend it to a non-mutating method.
    guard requests.dueAt <= now.microseconds || (!launchPaths.idle && anythingDue(app, now: now)) else {
      return
    }
    refillBudgets(to: now)
    // The shortcuts know the app under study's state, not the other apps' runs.
    let shortcuts = !recordDecisions && otherApps.isEmpty && Self.usesShortcuts
    if shortcuts, standingVetoHolds(app: app, device: device, now: now, trigger: trigger) { return }
    var point = DecisionPoint(context: context(app: app, device: device, now: now), trigger: trigger)
    if shortcuts, outOfReachAgain(&point, app: app, device: device) { return }
    judgePoint(app: app, device: device, now: now, point: &point, loop: &loop)
  }

  /// Judges every due activity at `point`, the app's requests first, then the
  /// paths' work, and launches each that passes.
  mutating func judgePoint(
    app: some LaunchableApp, device: some DeviceConditions, now: SimTime, point: inout DecisionPoint,
    loop: inout EventLoop
  ) {
    // Usually no path holds work of its own: the list is not built then.
    let others: [Activity]? = launchPaths.idle ? nil : pathActivities(app)
    let requestCount = requests.cache.count
    var summary = DecisionShortcuts.PointSummary()
    // The app's requests that did not reach their threshold here, and the point as it
    // was before the app's first launch at it (``launchCompanions``).
    var waiting: [Activity] = []
    var beforeLaunch: DecisionPoint?
    for k in 0..<(requestCount + (others?.count ?? 0)) {
      var activity = k < requestCount ? requests.cache[k] : others.unsafelyUnwrapped[k - requestCount]
      if let earliest = activity.earliest, earliest > now {
        summary.notYetDue = min(summary.notYetDue, earliest.microseconds)
        continue
      }
      log.count += 1
      let verdict: Verdict
      var verdicts: [PolicyVerdict] = []
      if recordDecisions {
        (verdict, verdicts) = judgeRecording(activity, at: &point)
      } else if Self.usesShortcuts {
        verdict = judgeWithShortcuts(activity, at: &point)
      } else {
        verdict = judge(activity, at: &point)
      }
      // A score is compared with the request's own threshold (kept from the judging).
      if k < requestCount, case .scored = verdict { setRelativeThreshold(&activity, at: point) }
      summary.add(verdict, model: model)
      switch verdict {
      case .vetoed(let i):
        if recordDecisions {
          keep(activity, point, verdicts, nil, .vetoed(policy: model.compiled.names[i]))
        }
      case .scored(let mean) where model.launches(mean, activity):
        if beforeLaunch == nil { beforeLaunch = point }
        let outcome = launch(
          activity, at: &point, app: app, device: device, loop: &loop, score: mean, companion: false)
        if let note = log.madeRoom {
          verdicts.append(PolicyVerdict(policy: "fair_share", outcome: .notApplicable, reason: note))
          log.madeRoom = nil
        }
        if recordDecisions { keep(activity, point, verdicts, mean, outcome) }
      case .scored(let mean):
        if recordDecisions { keep(activity, point, verdicts, mean, .belowThreshold) }
        if Self.canJoinALaunch(activity, isRequest: k < requestCount) { waiting.append(activity) }
      case .outOfReach:
        if Self.canJoinALaunch(activity, isRequest: k < requestCount) { waiting.append(activity) }
      }
    }
    if let beforeLaunch, !waiting.isEmpty {
      launchCompanions(waiting, at: beforeLaunch, app: app, device: device, loop: &loop)
    }
    summary.requestsOnly = others == nil
    summary.predicted = point.appOpenPredicted
    learn(from: summary, app: app, device: device, now: now)
  }

  /// dasd runs, in a launch of the app, every other pending request of the app that is
  /// due and that no policy vetoes, whether or not it reaches its own threshold
  /// (dasd-decisions.md §3; field-observations-3.md V3: a refresh within 15 s of the
  /// night's first processing launch). Each activity in `waiting`
  /// (``canJoinALaunch(_:isRequest:)``, judged below the threshold at this point) is
  /// judged again, by the full rule, as the point stood before the app's first launch at
  /// it (a companion is not held back by the launch it joins), and launched unless a
  /// policy vetoes it.
  mutating func launchCompanions(
    _ waiting: [Activity], at before: DecisionPoint, app: some LaunchableApp, device: some DeviceConditions,
    loop: inout EventLoop
  ) {
    var point = before
    for waitingActivity in waiting {
      var activity = waitingActivity
      // Its threshold only for `explain`: a companion runs whatever its score.
      if recordDecisions { setRelativeThreshold(&activity, at: point) }
      var verdicts: [PolicyVerdict] = []
      let verdict: Verdict
      if recordDecisions {
        (verdict, verdicts) = judgeRecording(activity, at: &point)
      } else {
        verdict = judge(activity, at: &point)
      }
      guard case .scored(let mean) = verdict else { continue }
      var launchedAt = point
      let outcome = launch(
        activity, at: &launchedAt, app: app, device: device, loop: &loop, score: mean, companion: true)
      if recordDecisions {
        verdicts.append(
          PolicyVerdict(policy: "companion", outcome: .notApplicable, reason: "run in the app's launch"))
        keep(activity, launchedAt, verdicts, mean, outcome)
      }
    }
  }

  /// Whether a due activity that did not reach its threshold can run in a launch of the
  /// app at the same point: the app's requests, and its legacy fetch and pushes, which
  /// dasd also holds as launch requests of the app (dasd-decisions.md §3); not a
  /// background transfer, whose own daemon runs it.
  static func canJoinALaunch(_ activity: Activity, isRequest: Bool) -> Bool {
    isRequest || activity.kind == .legacyFetch || activity.kind == .silentPush
  }

  /// Launches `activity`, which scored `score` (and passed its bar, or joins the app's
  /// launch as a `companion`), and records why (``LaunchCause``).
  mutating func launch(
    _ activity: Activity, at point: inout DecisionPoint, app: some LaunchableApp,
    device: some DeviceConditions, loop: inout EventLoop, score: Double, companion: Bool
  ) -> Decision.Outcome {
    let now = point.context.now
    let p = Int(activity.path)
    let group = ActivityGroup(activity)
    if !otherApps.isEmpty, let full = groupFullReason(group, now: now) {
      guard
        let note = makeRoom(
          in: group, power: activity.requiresExternalPower, app: otherApps.count, appUnderStudy: app,
          now: now,
          loop: &loop)
      else { return .refused(reason: full) }
      if recordDecisions { log.madeRoom = note }
    }
    let conditions = LaunchConditions(
      onCellular: device.network == .cellular,
      transferBytesPerSecond: transferBytesPerSecond(on: device.network))
    switch launchPaths.all[p].launch(activity, app: app, conditions: conditions, loop: &loop) {
    case .launched:
      if launchPaths.holdsOwnWork[p] {
        drawData(
          launchPaths.all[p].launched(activity, at: now, app: app, onCellular: device.network == .cellular))
        notePathsChanged()
      }
      launches.causes[activity.name] = cause(of: activity, score: score, companion: companion, at: point)
      // A push delivered to the app on screen is no launch for dasd
      // (``PolicyContext/pushReachesAppOnScreen(_:)``).
      if !point.context.pushReachesAppOnScreen(activity) {
        launches.last[activity.kind] = now
        if activity.kind == .silentPush {
          countPushLaunch(at: now)
          point.context.silentPushesInPeriod = budgets.pushesInPeriod
        }
      }
      launches.running[activity.name] = (
        now, point.context.isPluggedIn, group, activity.requiresExternalPower
      )
      point.context.runningTasks = app.runningCount
      point.context.lastLaunch = launches.last
      return .launched
    case .refused(let reason): return .refused(reason: reason)
    case .notPending: return .refused(reason: "not_pending")
    }
  }

  /// Why `activity`, scoring `score`, launches at `point`: on screen for a push that
  /// reaches the app in use, as a companion of the app's launch, or by the bar it
  /// reached (the model's, or its own before or after its best moment). A companion's
  /// bar is its own as last set, read without predicting it again.
  func cause(of activity: Activity, score: Double, companion: Bool, at point: DecisionPoint) -> LaunchCause {
    var threshold = model.threshold(for: activity)
    let reason: LaunchCause.Reason
    if point.context.pushReachesAppOnScreen(activity) {
      reason = .onScreen
    } else if companion {
      reason = .companion
      if activity.relativeThreshold.isNaN, let kept = requests.optima[activity.name],
        kept.submitted == activity.submittedAt
      {
        threshold = kept.threshold
      }
    } else if activity.relativeThreshold.isNaN {
      reason = .threshold
    } else {
      let slot = requests.optima[activity.name]?.optimum.slot(at: point.context.now) ?? 0
      reason = slot == 0 ? .optimum : .relaxed
    }
    return LaunchCause(
      reason: reason, trigger: point.trigger, score: score, threshold: threshold,
      submittedAt: activity.submittedAt)
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
