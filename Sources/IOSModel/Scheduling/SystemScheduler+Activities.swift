import SimKernel

extension SystemScheduler {
  /// What the paths read when they list their own work.
  func pathContext(_ app: some LaunchableApp) -> LaunchPathContext {
    LaunchPathContext(app: app, keepsLegacyFetch: usage.appOpens.total > 0 && usage.otherApps.keepsFetch(0))
  }

  /// Passes `input` to every path, and notes whether they hold work of their own.
  mutating func observe(_ input: LaunchPathInput, app: some LaunchableApp) {
    for p in launchPaths.all.indices where launchPaths.holdsOwnWork[p] {
      launchPaths.all[p].observe(input, app: app)
    }
    notePathsChanged()
  }

  /// dasd's one spacing rule for a new launch activity of the app that would start at
  /// `start` (`advanceAppLaunchDateIfNecessaryForActivity:`, dasd-decisions.md §4): a
  /// start less than its kind's spacing after the app's last launch of any kind moves to
  /// that launch plus the spacing, its window collapsed; nil when it stays. A processing
  /// request is spaced always, by ``SchedulerParameters/processingLaunchSpacingSeconds``,
  /// in the eras that do it (``IOSEra/spacesProcessingFromLastLaunch``); other work past
  /// ``SchedulerParameters/launchesBeforeSpacing`` launches of the app, by
  /// ``SchedulerParameters/launchSpacingSeconds``. A refresh request's submission hold
  /// keeps its start past that spacing already, so besides processing it moves a legacy
  /// fetch that dasd's fetch timer makes due at once (legacy-fetch.md §5, item 5).
  /// (Inlined: called from mutating code, an outlined call copied the scheduler, 2.2 kB.)
  @inline(__always)
  func spacedFromLastLaunch(_ start: SimTime, processing: Bool = false, era: IOSEra) -> SimTime? {
    guard !model.decidesAtEarliestBegin, let last = launches.last.latest else { return nil }
    guard processing else { return parameters.spacedLaunch(start, last: last, launches: launches.count) }
    guard era.spacesProcessingFromLastLaunch else { return nil }
    return SchedulerParameters.moved(start, after: last, by: parameters.processingLaunchSpacingSeconds)
  }

  /// Sets a timer at each path's new work start still to come, as at a request's start:
  /// it brings a decision point ``DasdTimer/dueLatency(_:)`` after it, if the phone is
  /// awake then (``requestDue(app:device:loop:)``).
  mutating func armPathTimers(loop: inout EventLoop) {
    guard !launchPaths.idle else { return }
    for p in launchPaths.all.indices where launchPaths.holdsOwnWork[p] {
      guard let start = launchPaths.all[p].startsAt, start > loop.now else { continue }
      armTimer(forPath: p, at: start, loop: &loop)
    }
  }

  /// dasd's timer for path `p`'s work at `start`, set once per start: it brings a
  /// decision point ``DasdTimer/dueLatency(_:)`` after it.
  mutating func armTimer(forPath p: Int, at start: SimTime, loop: inout EventLoop) {
    guard launchPaths.timedStarts[p] != start else { return }
    launchPaths.timedStarts[p] = start
    let latency = model.decidesAtEarliestBegin ? .zero : timer.dueLatency(parameters)
    loop.schedule(at: start + latency, target: timer.target, kind: Tick.due.rawValue)
  }

  /// A silent push held back by its spacing from the app's last push launch is timed for
  /// the moment the spacing ends: dasd moves the start of work it rate-limits to when the
  /// limit clears (`_DASActivityRateLimitManager`, "Adjusting original start date"), and
  /// WWDC 2020's held pushes launched 15 minutes apart (multi-app.md §1.6), not at
  /// whatever decision point came next. The timer fires as a request's does
  /// (``requestDue(app:device:loop:)``: on a phone asleep on battery the push waits for
  /// a wake). `i` is the policy that vetoed it.
  mutating func timeHeldPush(
    _ activity: Activity, vetoedBy i: Int, at point: DecisionPoint, loop: inout EventLoop
  ) {
    guard activity.kind == .silentPush, !model.decidesAtEarliestBegin,
      case .rateLimit(let rate) = model.compiled.policies[i],
      let clears = rate.spacingEnds(activity, point.context)
    else { return }
    let p = Int(activity.path)
    guard launchPaths.timedStarts.indices.contains(p) else { return }
    armTimer(forPath: p, at: clears, loop: &loop)
  }

  /// Notes whether any path holds work of its own (``LaunchPathSet/idle``); called after every
  /// call that may change a path.
  mutating func notePathsChanged() {
    launchPaths.idle = true
    for p in launchPaths.all.indices where launchPaths.holdsOwnWork[p] && !launchPaths.all[p].isIdle {
      launchPaths.idle = false
    }
  }

  /// Whether any activity could run now, checked without building the activity list
  /// (most decision points find nothing due). Call after ``refreshRequestCache(_:)``.
  func anythingDue(_ app: some LaunchableApp, now: SimTime) -> Bool {
    if requests.dueAt <= now.microseconds { return true }
    if launchPaths.idle { return false }
    let context = pathContext(app)
    for p in launchPaths.all.indices where launchPaths.all[p].hasDueWork(at: now, context) { return true }
    return false
  }

  /// The paths' own work (legacy fetch, silent pushes, background transfers) as
  /// activities, to be judged after the app's requests (``PendingRequests/cache``).
  func pathActivities(_ app: some LaunchableApp) -> [Activity] {
    var list: [Activity] = []
    let context = pathContext(app)
    for p in launchPaths.all.indices {
      let start = list.count
      launchPaths.all[p].appendActivities(to: &list, context)
      for k in start..<list.count { list[k].path = UInt8(p) }
    }
    return list
  }
}
