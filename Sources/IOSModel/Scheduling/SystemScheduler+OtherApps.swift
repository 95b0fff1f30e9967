import DeviceModel
import SimKernel

extension SystemScheduler {
  /// The owner's other apps at a decision point: runs that ended draw the shared energy
  /// budget, pushes that arrived are held, then each app's due work is judged by the
  /// rule's ``judge(_:at:after:predicting:cutsOutOfReach:record:)`` with the device's state
  /// and budgets and the app's own open history, a refresh or processing request against
  /// its own optimum (``setRelativeThreshold(_:at:for:)``), and launched if it passes and
  /// its group has room. Apple's maintenance is judged with them, as a system activity
  /// (``AppleMaintenance``), against the model's processing threshold.
  ///
  /// Not yet the app under study's path in full: the loop is this one, not
  /// ``evaluate(app:device:trigger:loop:)``'s; it runs at the points
  /// ``judgesOtherApps(_:)`` names, and at each push's arrival, or a held push's spacing
  /// end, for that push alone (``OtherAppsScope/pushArrivals``); and an other app's work
  /// is one activity, so it has no companions, and its interval exceeds the submission
  /// hold. A legacy fetch that dasd's fetch timer re-creates within 450 s of the app's
  /// last launch is spaced from it, its window collapsed, as the app under study's is
  /// (``OtherAppsWork/recreateFetches(at:spacing:)``).
  /// Their work is judged before the app under study's (an assumption: dasd's order
  /// among apps is not known).
  ///
  /// `scope`: which of the due work the point judges (``OtherAppsScope``): all of it, the
  /// fetches dasd's fetch timer has just made due, or the pushes arriving now.
  mutating func judgeOtherApps(
    app: some LaunchableApp, device: some DeviceConditions, now: SimTime, loop: inout EventLoop,
    scope: OtherAppsScope = .all
  ) {
    finishOtherRuns(until: now)
    otherApps.deliverPushes(until: now)
    refillBudgets(to: now)
    // Fields read in place: a closure over the apps copied each one it was handed. An
    // app still vetoed as unused makes no point (debug builds judge it, to check).
    var due = false
    for i in otherApps.candidates(scope)
    where waitsToBeJudged(i, scope: scope, now: now) && (shortcuts.checks || !knownUnused(i)) {
      due = true
      break
    }
    guard due else { return }
    // One point for every other app, its fields set per app in place (a copy of the
    // policy context per app cost a memcpy each).
    let shared = otherAppsContext(app: app, device: device, now: now)
    var point = DecisionPoint(context: shared, trigger: .timer)
    var running = otherApps.running(at: now) + app.runningCount
    // The first policies read nothing that differs between the other apps: their
    // answer for one kind of work's activity holds for every app with it at this point,
    // asked in the context every app shares (`point`'s, a var, was copied for each ask).
    let sharedCount = shortcuts.sharedPolicies
    // Kept between points, so that no array is made at each.
    if shortcuts.sharedAnswers.count != otherApps.workKinds {
      shortcuts.sharedAnswers = Array(repeating: nil, count: otherApps.workKinds)
    } else {
      for k in shortcuts.sharedAnswers.indices { shortcuts.sharedAnswers[k] = nil }
    }
    // The app the owner has on screen, if one of them: in the foreground, as dasd sees it.
    let onScreen = usage.otherApps.appOnScreen
    for i in otherApps.candidates(scope) where waitsToBeJudged(i, scope: scope, now: now) {
      // An app vetoed as unused stays so until it is opened (debug builds judge it).
      let unused = isUnused(i)
      if unused, !shortcuts.checks { continue }
      var activity = otherApps.activity(of: i, now: now)
      let kind = otherApps.apps[i].workKind
      if shortcuts.sharedAnswers[kind] == nil {
        var tally = ScoreTally()
        let veto = model.judgeIndex(activity, shared, policies: 0..<sharedCount, into: &tally) != nil
        shortcuts.sharedAnswers[kind] = (veto, tally)
      }
      point.context.otherAppsRunning = UInt16(clamping: running)
      if shortcuts.checks, let answered = shortcuts.sharedAnswers[kind] {
        checkSharedAnswer(answered, for: i, activity, point.context, shared: sharedCount, now: now)
      }
      guard let answered = shortcuts.sharedAnswers[kind], !answered.veto else {
        if unused { checkUnusedApp(i, vetoed: true, at: now) }
        continue
      }
      setOtherApp(i, in: &point, now: now, onScreen: onScreen)
      // The rule, as for the app under study (its own open prediction, the same cut once
      // the score cannot reach the threshold), after the shared policies' answer.
      let verdict = judgeOtherApp(i, &activity, at: &point, after: answered.tally, shared: sharedCount)
      learnUnused(i, from: verdict, activity, at: point.context, checking: unused)
      let group = otherApps.apps[i].group
      guard case .scored(let mean) = verdict, model.launches(mean, activity),
        groupLoad(group, now: now) < parameters.groupCaps[group]
          || makeRoom(
            in: group, power: activity.requiresExternalPower, app: i, appUnderStudy: app, now: now,
            loop: &loop) != nil
      else {
        if activity.kind == .silentPush { timeHeldOtherPush(i, activity, at: point.context, loop: &loop) }
        continue
      }
      launchOther(
        i, onPower: point.context.isPluggedIn, network: device.network, now: now,
        toAppOnScreen: point.context.pushReachesAppOnScreen(activity))
      running += 1
    }
  }

  /// Other app `i`'s push, judged at `c` and not launched: if its spacing holds it back,
  /// it is judged again when the spacing ends, as the app under study's is
  /// (``timeHeldPush(_:vetoedBy:at:loop:)``), and not only at the next timer point.
  mutating func timeHeldOtherPush(_ i: Int, _ activity: Activity, at c: PolicyContext, loop: inout EventLoop)
  {
    guard let clears = model.compiled.rateLimit?.spacingEnds(activity, c) else { return }
    otherApps.holdPush(i, until: clears)
    scheduleOtherAppPush(loop: &loop)
  }

  /// The event of the other apps' next push moment (``OtherAppsWork/nextPushMoment``): a
  /// push's arrival, or a held push's spacing end. A pending event that comes later is
  /// cancelled.
  mutating func scheduleOtherAppPush(loop: inout EventLoop) {
    guard let next = otherApps.nextPushMoment, next < .distantFuture else { return }
    if let pending = otherApps.pushEvent {
      if pending.at <= next { return }
      loop.cancel(pending.id)
    }
    let at = max(loop.now, next)
    otherApps.pushEvent = (loop.schedule(at: at, target: timer.target, kind: Tick.otherAppPush.rawValue), at)
  }

  /// Whether other app `i`'s work is due and judged at a point of `scope` at `now`: a
  /// fetch only while dasd keeps the app's fetch (``OtherAppKnowledge/keepsFetch(_:)``).
  @inline(__always)
  func waitsToBeJudged(_ i: Int, scope: OtherAppsScope, now: SimTime) -> Bool {
    guard otherApps.apps[i].isDue(at: now),
      scope.admits(otherApps.apps[i].work.kind)
    else { return false }
    return otherApps.apps[i].work.kind != .legacyFetch
      || usage.otherApps.keepsFetch(Int32(otherApps.apps[i].rank))
  }

  /// Sets other app `i`'s own fields in the shared point (the app on screen: `onScreen`),
  /// its app-open prediction not yet made.
  @inline(__always)
  mutating func setOtherApp(_ i: Int, in point: inout DecisionPoint, now: SimTime, onScreen: Int?) {
    let o = otherApps.apps[i].opensAt
    point.context.lastLaunch = otherApps.apps[i].lastLaunch
    point.context.appState = onScreen == otherApps.apps[i].rank ? .active : .notRunning
    point.context.daysSinceAppOpened = usage.otherApps.opens[o].daysSinceLast(now)
    point.context.isAmongRecentApps = usage.otherApps.isRecent(Int32(otherApps.apps[i].rank))
    point.context.dataBudget = budgets.data
    point.context.silentPushesInPeriod = pushesLaunched(inPeriodOf: now)
    point.context.appOpenProbability = nil
    point.appOpenPredicted = false
  }

  /// What every other app sees alike at a decision point, made once per point: the
  /// device's state and budgets, with none of the app under study's own.
  @inline(__always)  // Called, the scheduler (2.4 kB) was copied for it at each point.
  func otherAppsContext(
    app: some LaunchableApp, device: some DeviceConditions, now: SimTime
  ) -> PolicyContext {
    var c = context(app: app, device: device, now: now)
    c.appState = .notRunning
    c.backgroundAppRefresh = true
    c.isForceQuitFlagged = false
    c.runningTasks = 0
    c.overruns = 0
    c.pendingLaunchRequests = 1
    c.explain = false
    // Installed long before the run: no install warm-up.
    c.owner.installWarmupFactor = 0
    return c
  }

  /// Debug builds: the shared policies' answer for a kind of work, reused for app `i`, is
  /// the one they give app `i` itself.
  func checkSharedAnswer(
    _ answered: (veto: Bool, tally: ScoreTally), for i: Int, _ activity: Activity, _ c: PolicyContext,
    shared: Int, now: SimTime
  ) {
    var own = ScoreTally()
    let ownVeto = model.judgeIndex(activity, c, policies: 0..<shared, into: &own) != nil
    if ownVeto != answered.veto || own.weighted != answered.tally.weighted
      || own.weights != answered.tally.weights
    {
      shortcutMismatch("\(otherApps.apps[i].bundle) at \(now): the shared policies answer it differently")
    }
  }

  /// Whether the other apps' work is judged at a point of this trigger: at the timer, at
  /// dasd's fetch timer (which re-creates their fetches) and when the charger, the
  /// network or the power changes, not at the app under study's
  /// own points (its submissions, due dates, pushes) nor at every screen-off or battery
  /// band: judging them at every point made a phone of 40 apps cost 12 of one. Their own
  /// requests make no points either (each is due an interval after its last run); a push
  /// makes one of its own, for itself (``OtherAppsScope/pushArrivals``).
  static func judgesOtherApps(_ trigger: DecisionTrigger) -> Bool {
    switch trigger {
    case .timer, .fetchTimer: true
    case .device(let kind): kind == .plugged || kind == .unplugged || kind == .network || kind == .boot
    case .push, .otherAppPush, .earliestBeginDate, .submit: false
    }
  }

  /// What a policy may read that differs between the other apps at one decision point.
  static let perOtherApp: PolicyInputs = [
    .time, .appOpenPrediction, .daysSinceAppOpened, .lastLaunch, .runningTasks, .dataBudget, .overruns,
    .appState,
  ]

  /// Starts app `i`'s run at `now`. A push to the app on screen (`toAppOnScreen`) neither
  /// spends the push budget nor restarts the app's spacing, as the app under study's does.
  mutating func launchOther(_ i: Int, onPower: Bool, network: NetworkKind, now: SimTime, toAppOnScreen: Bool)
  {
    let work = otherApps.apps[i].work
    var seconds = work.runSeconds
    if let run = work.run, let stream = otherApps.workStream { seconds = run.sample(stream) }
    seconds = min(seconds, work.timeLimitSeconds)
    if work.kind == .backgroundTransfer {
      let rate = transferBytesPerSecond(on: network)
      seconds = rate > 0 ? work.bytes / rate : work.runSeconds
    }
    if network == .cellular { drawData(work.bytes) }
    if work.kind == .silentPush, !toAppOnScreen { countPushLaunch(at: now) }
    otherApps.startRun(i, end: now + .seconds(max(1, seconds)), start: now, onPower: onPower)
    if otherApps.recordsRuns {
      otherApps.record(
        OtherAppRun(
          bundle: otherApps.apps[i].bundle, kind: work.kind, start: now, end: now + .seconds(max(1, seconds)))
      )
    }
    otherApps.apps[i].dueAt = nil
    if !toAppOnScreen { otherApps.apps[i].lastLaunch[work.kind] = now }
    otherApps.apps[i].launches += 1
  }

  /// Ends the other apps' runs due to end by `now`: each draws the energy budget as the
  /// app under study's runs do (off the charger only, by default), and the app's next
  /// request comes one interval later (pushes: when the next one arrives).
  mutating func finishOtherRuns(until now: SimTime) {
    guard otherApps.earliestRunEnd <= now else { return }
    defer { otherApps.noteRunsEnded() }
    for i in otherApps.allApps where otherApps.runEnds[i] != .zero && otherApps.runEnds[i] <= now {
      guard let run = otherApps.endRun(i) else { continue }
      usage.otherApps.fairShare.ran(otherApps.fairShareKey(i), from: run.start, to: run.end)
      refillBudgets(to: run.end)
      drawEnergy(from: run.start, to: run.end, onPower: run.onPower, by: i, at: run.end)
      let work = otherApps.apps[i].work
      if work.kind != .silentPush, work.resubmits {
        otherApps.apps[i].dueAt = run.end + .seconds(work.intervalSeconds)
        otherApps.apps[i].fetchCollapsed = false
      }
    }
  }

  /// The load of `group` at `now`, the app under study's runs and the other apps' with
  /// each runner's weight decayed by its age, rounded up (dasd).
  @inline(__always)  // Called, the scheduler (2.4 kB) was copied for it at each launch.
  func groupLoad(_ group: ActivityGroup, now: SimTime, without weight: Double = 0) -> Int {
    var sum = -weight
    var count = 0
    let halfLife = parameters.groupCaps.loadHalfLifeSeconds
    for i in otherApps.apps.indices where otherApps.apps[i].group == group {
      guard let run = otherApps.apps[i].run, run.end > now else { continue }
      sum += ActivityGroup.weight(age: now - run.start, halfLifeSeconds: halfLife)
      count += 1
    }
    for run in launches.running.allValues where run.group == group {
      sum += ActivityGroup.weight(age: now - run.start, halfLifeSeconds: halfLife)
      count += 1
    }
    return min(count - (weight > 0 ? 1 : 0), Int((sum - 1e-9).rounded(.up)))
  }

  /// For `bgsim explain`: the energy budget's and the CPU's verdicts name the other
  /// apps behind them (the one that drew the most energy today; those running).
  func nameOtherApps(in verdicts: inout [PolicyVerdict], now: SimTime) {
    for k in verdicts.indices {
      var note = ""
      switch verdicts[k].policy {
      case "energy_budget":
        if let user = usage.otherApps.largestEnergyUser(of: otherApps, at: now) {
          note = "\(user.bundle) drew \(Int((user.share * 100).rounded())) % of today's energy"
        }
      case "cpu":
        let names = otherApps.runningBundles(at: now)
        if !names.isEmpty { note = "running: " + names.prefix(3).joined(separator: ", ") }
      default: break
      }
      guard !note.isEmpty else { continue }
      verdicts[k] = PolicyVerdict(
        policy: verdicts[k].policy, outcome: verdicts[k].outcome, reason: verdicts[k].reason + "; " + note)
    }
  }

  /// The refusal reason of a launch whose group is full.
  public static let groupFullReason = "group_full"

  /// The group of an app under study's activity is full: the other apps' runners in it.
  func groupFullReason(_ group: ActivityGroup, now: SimTime) -> String? {
    guard groupLoad(group, now: now) >= parameters.groupCaps[group] else { return nil }
    let names = otherApps.runningBundles(at: now, in: group)
    return "\(Self.groupFullReason): the \(group.name) group is at its cap of \(parameters.groupCaps[group])"
      + (names.isEmpty ? "" : " (running: \(names.prefix(3).joined(separator: ", ")))")
  }
}
