import DeviceModel
import SimKernel

/// **The rule**, in the order a request meets it, for every client: the app under
/// study's requests and paths (``LaunchPath``) here, the other apps and Apple's
/// maintenance by the same ``judge(_:at:after:predicting:cutsOutOfReach:record:)`` from
/// their own loop (`+OtherApps`). 1 submit (the start, after the hold and the app's
/// spacing), 2 due (the timer, or the next wake of a phone asleep on battery), 3 the
/// decision point, 4 judge (every policy once, the predictions made just before the
/// first that reads them), 5 the threshold (the request's optimum × its slot's
/// relaxation, `+Optimum`; a push's bypass bar; else the model's), 6 launch, with why
/// (``LaunchCause``), 7 companions.
///
/// Following one request takes this file, `SystemScheduler+Optimum.swift` and
/// `SchedulingModel+Judging.swift` (step 4's loop), besides the policies. What the rule
/// reads and writes sits beside them (`+RequestCache`, `+Predictions`, `+FairShare`,
/// `+Launched`); shortcuts live in `Shortcuts/`, and `.ci/shortcuts-test` checks that
/// they change no launch.
extension SystemScheduler {
  /// 1. **Submit.** `request`'s start as dasd sets it, and its timer, due
  /// ``DasdTimer/dueLatency(_:)`` after that start (the naive model: at the date itself).
  mutating func submitted(
    _ request: BGTaskScheduler.PendingRequest, app: some LaunchableApp, loop: inout EventLoop
  ) {
    let start = startAfter(for: request, app: app)
    guard start > loop.now else { return }
    let latency = model.decidesAtEarliestBegin ? .zero : timer.dueLatency(parameters)
    loop.schedule(at: start + latency, target: timer.target, kind: Tick.due.rawValue)
  }

  /// A request's start: its earliest begin date, no sooner than the hold after submission
  /// (dasd-decisions.md §1), spaced from the app's last launch, which collapses the window
  /// (``spacedFromLastLaunch(_:processing:era:)``); kept in ``PendingRequests/starts``.
  mutating func startAfter(for request: BGTaskScheduler.PendingRequest, app: some LaunchableApp) -> SimTime {
    let earliest = request.earliestBeginDate ?? request.submittedAt
    guard !model.decidesAtEarliestBegin, request.kind != .continuedProcessing else {
      requests.starts[request.name] = nil
      return earliest
    }
    var start = max(earliest, request.submittedAt + .seconds(parameters.submissionHoldSeconds))
    var collapsed = false
    if let spaced = spacedFromLastLaunch(
      start, processing: request.kind == .processing, era: app.configuration.era)
    {
      (start, collapsed) = (spaced, true)
    }
    requests.starts[request.name] = (request.submittedAt, start, collapsed)
    return start
  }

  /// 2. **Due.** A request's or a path's timer fired. On a phone asleep on battery it
  /// waits for the next wake, a change of state or dasd's own timer (dasd-decisions.md §4).
  mutating func requestDue(app: some LaunchableApp, device: some DeviceConditions, loop: inout EventLoop) {
    if !model.decidesAtEarliestBegin, !device.isInUse, !device.isPluggedIn {
      timer.missedWhileAsleep = true
      return
    }
    evaluate(app: app, device: device, trigger: .earliestBeginDate, loop: &loop)
  }

  /// The screen came on at `time`: a request whose start passed, or a timer that came due
  /// while the phone slept (a held push's, a spaced fetch's), is judged now.
  mutating func phoneWoke(
    at time: SimTime, kind: DeviceChange.Kind, app: some LaunchableApp, device: some DeviceConditions,
    loop: inout EventLoop
  ) {
    if requests.dueAt <= time.microseconds || timer.missedWhileAsleep {
      evaluate(app: app, device: device, trigger: .device(kind), loop: &loop)
    }
  }

  /// 3. **Decision point**: judges every due activity and launches those that pass.
  public mutating func evaluate(
    app: some LaunchableApp, device: some DeviceConditions, trigger: DecisionTrigger,
    loop: inout EventLoop
  ) {
    let now = loop.now
    // Every due activity is judged here: a timer missed while asleep is served.
    timer.missedWhileAsleep = false
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
    let usesShortcuts = !recordDecisions && otherApps.isEmpty && shortcuts.uses
    if usesShortcuts, standingVetoHolds(app: app, device: device, now: now, trigger: trigger) { return }
    var point = DecisionPoint(context: context(app: app, device: device, now: now), trigger: trigger)
    if usesShortcuts, outOfReachAgain(&point, app: app, device: device) { return }
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
    // dasd's count of the app's pending launch requests (``PolicyContext/pendingLaunchRequests``):
    // its task requests and the paths' work, but a transfer, which nsurlsessiond runs.
    if let others {
      point.context.pendingLaunchRequests = UInt8(
        clamping: requestCount + others.count { $0.kind != .backgroundTransfer })
    }
    var summary = DecisionShortcuts.PointSummary()
    // The app's requests that did not reach their threshold here, and what a launch
    // changes in the point as it was before the app's first launch at it (a copy of the
    // whole point, kept here before, cost three copies at every point).
    var waiting: [Activity] = []
    var beforeLaunch: DecisionPoint.LaunchChanged?
    for k in 0..<(requestCount + (others?.count ?? 0)) {
      var activity = k < requestCount ? requests.cache[k] : others.unsafelyUnwrapped[k - requestCount]
      if let earliest = activity.earliest, earliest > now {
        summary.notYetDue = min(summary.notYetDue, earliest.microseconds)
        continue
      }
      log.count += 1
      let verdict: Verdict
      var verdicts: [PolicyVerdict] = []
      var judged = activity
      if recordDecisions {
        (verdict, verdicts) = judgeRecording(&judged, at: &point)
      } else if shortcuts.uses {
        verdict = judgeWithShortcuts(&judged, at: &point)
      } else {
        verdict = judge(&judged, at: &point)
      }
      // A score is compared with the request's own threshold, as judging set it.
      if case .scored = verdict { activity = judged }
      summary.add(verdict, model: model)
      switch verdict {
      case .vetoed(let i):
        if recordDecisions {
          keep(activity, point, verdicts, nil, .vetoed(policy: model.compiled.names[i]))
        }
        timeHeldPush(activity, vetoedBy: i, at: point, loop: &loop)
      case .scored(let mean) where model.launches(mean, activity):
        if beforeLaunch == nil { beforeLaunch = point.launchChanged }
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
    if !waiting.isEmpty, let beforeLaunch {
      var before = point
      before.launchChanged = beforeLaunch
      launchCompanions(waiting, at: before, app: app, device: device, loop: &loop)
    }
    summary.requestsOnly = others == nil
    summary.predicted = point.appOpenPredicted
    learn(from: summary, app: app, device: device, now: now)
  }

  /// 4. **Judge**, for every client: the policies in order, a veto ends it, else the
  /// weighted mean; the predictions are made just before the first policy that reads
  /// them. Checked shortcuts: `prefix`, the first policies' answer when known (the other
  /// apps' shared ones), and `cutsOutOfReach`, a stop once the score cannot reach the
  /// threshold (``ScoreBound``). With `record`, each full verdict is handed to it.
  mutating func judge(
    _ activity: inout Activity, at point: inout DecisionPoint,
    after prefix: (count: Int, tally: ScoreTally)? = nil, predicting app: Predicting = .appUnderStudy,
    cutsOutOfReach: Bool = false, record: ((PolicyVerdict) -> Void)? = nil
  ) -> Verdict {
    var tally = prefix?.tally ?? ScoreTally()
    let split = model.predictionsNeededAt
    let count = model.compiled.policies.count
    // The policies read one copy of the point's context, its predictions copied in as
    // they are made (read from `point` itself, it was copied at each call).
    var context = point.context
    if let i = model.judgeIndex(
      activity, context, policies: (prefix?.count ?? 0)..<split, into: &tally, record: record)
    {
      return .vetoed(i)
    }
    // 5. **Threshold**: a request's, against its optimum (the cut below reads it).
    setRelativeThreshold(&activity, at: &point, for: app)
    guard split < count else { return .scored(tally.mean) }
    predictAppOpen(&point, for: app)
    context.appOpenProbability = point.context.appOpenProbability
    if cutsOutOfReach, let bound = model.compiled.bounds[model.compiled.weightRow(activity)],
      bound.cannotReach(
        activity, context, from: tally, threshold: model.threshold(for: activity), model: model,
        namesVetoes: app == .appUnderStudy)
    {
      if shortcuts.checks { checkOutOfReach(activity, at: point) }
      return .outOfReach
    }
    predictDeviceUse(&point, into: &context, for: activity, after: tally)
    if let i = model.judgeIndex(activity, context, policies: split..<count, into: &tally, record: record) {
      return .vetoed(i)
    }
    return .scored(tally.mean)
  }

  /// 6. **Launch** for `activity` (scored `score`; a `companion` joins a launch) if its
  /// group has room or can make it; ``noteLaunch(_:group:at:app:device:loop:score:companion:)``
  /// notes what it changes and why it happened (``LaunchCause``).
  mutating func launch(
    _ activity: Activity, at point: inout DecisionPoint, app: some LaunchableApp,
    device: some DeviceConditions, loop: inout EventLoop, score: Double, companion: Bool
  ) -> Decision.Outcome {
    let group = ActivityGroup(activity)
    if let refused = makeRoomIfFull(group, for: activity, app: app, now: point.context.now, loop: &loop) {
      return refused
    }
    let conditions = LaunchConditions(
      onCellular: device.network == .cellular,
      transferBytesPerSecond: transferBytesPerSecond(on: device.network))
    switch launchPaths.all[Int(activity.path)].launch(activity, app: app, conditions: conditions, loop: &loop)
    {
    case .launched:
      noteLaunch(
        activity, group: group, at: &point, app: app, device: device, loop: &loop, score: score,
        companion: companion)
      return .launched
    case .refused(let reason): return .refused(reason: reason)
    case .notPending: return .refused(reason: "not_pending")
    }
  }

  /// 7. **Companions.** A launch of the app also runs each of its other due requests that
  /// no policy vetoes, whatever its score (dasd-decisions.md §3; V3: a refresh within 15 s
  /// of the night's first processing launch): each in `waiting`, judged by the rule as
  /// the point stood before the app's first launch at it.
  mutating func launchCompanions(
    _ waiting: [Activity], at before: DecisionPoint, app: some LaunchableApp, device: some DeviceConditions,
    loop: inout EventLoop
  ) {
    var point = before
    for waitingActivity in waiting {
      // Judging sets its threshold (for `launches.csv` and `explain`): a companion runs
      // whatever its score.
      var activity = waitingActivity
      var verdicts: [PolicyVerdict] = []
      let verdict: Verdict
      if recordDecisions {
        (verdict, verdicts) = judgeRecording(&activity, at: &point)
      } else {
        verdict = judge(&activity, at: &point)
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
}
