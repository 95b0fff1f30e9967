import DeviceModel
import SimKernel

extension SystemScheduler {
  /// Whose app-open prediction an activity is judged with.
  enum Predicting: Equatable {
    /// The app under study's (``appOpenProbability(_:at:jitter:asOf:)``).
    case appUnderStudy
    /// Other app `i`'s (of ``otherApps``), from its own open history.
    case otherApp(Int)
  }

  /// What the policies see at `now`: the device, the app, the budgets. The predictions
  /// are left out: each is made just before the first policy that reads it.
  @inline(__always)
  func context(app: some LaunchableApp, device: some DeviceConditions, now: SimTime) -> PolicyContext {
    var c = PolicyContext(
      now: now, batteryPercent: device.batteryPercent(at: now), isPluggedIn: device.isPluggedIn,
      isInUse: device.isInUse, idleSeconds: device.idleSeconds(at: now), network: device.network,
      isLowPowerMode: device.isLowPowerMode, thermal: device.thermalState,
      isPoweredOn: device.appsCanRun,
      appState: app.state, backgroundAppRefresh: app.configuration.backgroundAppRefresh,
      isForceQuitFlagged: app.isForceQuitFlagged, appOpenProbability: nil, deviceUseProbability: 0,
      daysSinceAppOpened: usage.appOpens.daysSinceLast(now), energyBudget: budgets.energy,
      energyCapacity: parameters.energyCapacity, dataBudget: budgets.data, lastLaunch: launches.last,
      runningTasks: app.runningCount, overruns: app.overruns)
    c.era = app.configuration.era
    c.secondsSinceInstall = (now - (usage.appOpens.first ?? .zero)).seconds
    c.dataCapacity = Float(parameters.dataCapacity)
    c.owner = owner
    c.silentPushesInPeriod = pushesLaunched(inPeriodOf: now)
    c.herdTrigger = herd.reason
    c.herdTriggerSeconds = herd.seconds(at: now)
    c.explain = recordDecisions
    // The paths' launch requests are added by `judgePoint` when a path holds work.
    c.pendingLaunchRequests = UInt8(clamping: requests.cache.count)
    if !otherApps.isEmpty {
      c.otherAppsRunning = UInt16(clamping: otherApps.running(at: now))
      c.isAmongRecentApps = usage.otherApps.isRecent(RecentApps.appUnderStudy)
    }
    return c
  }

  /// **The one app-open predictor**, for the app under study or other app `o`: the
  /// probability that the owner opens it in the prediction window that starts
  /// ``SchedulerParameters/appLookAheadSeconds`` plus `jitter` × ``SchedulerParameters/appJitterSeconds``
  /// after `t`, from its open history as it stands at `asOf`; nil without any open. A
  /// decision point passes the shared jitter (``UsageKnowledge/jitter(at:redrawSeconds:)``); the
  /// optimum's scan its mean, ½.
  mutating func appOpenProbability(_ app: Predicting, at t: SimTime, jitter: Double, asOf: SimTime)
    -> Double?
  {
    let lookAhead = parameters.appLookAheadSeconds + jitter * parameters.appJitterSeconds
    let window = usage.windowDuration(seconds: parameters.predictionWindowSeconds)
    let start = t + usage.lookAheadDuration(seconds: lookAhead, atMean: jitter == 0.5)
    switch app {
    case .appUnderStudy:
      if let fetch = usage.fetchOpens {
        return fetch.history.dayShare(at: start - fetch.phase, asOf: asOf - fetch.phase, calendar: calendar)
      }
      return UsageKnowledge.appOpenProbability(
        &usage.appOpens, from: start, window: window, asOf: asOf, calendar: calendar)
    case .otherApp(let i):
      return UsageKnowledge.appOpenProbability(
        &usage.otherApps.opens[otherApps.apps[i].opensAt], from: start, window: window, asOf: asOf,
        calendar: calendar)
    }
  }

  /// The app-open prediction at `point`, made once, with the jitter every app shares.
  mutating func predictAppOpen(_ point: inout DecisionPoint, for app: Predicting = .appUnderStudy) {
    guard !point.appOpenPredicted else { return }
    point.appOpenPredicted = true
    let now = point.context.now
    let jitter = usage.jitter(at: now, redrawSeconds: parameters.appJitterRedrawSeconds)
    point.context.appOpenProbability = appOpenProbability(app, at: now, jitter: jitter, asOf: now)
  }

  /// The device-use predictions at `point` (no random draw), made once.
  mutating func predictDeviceUse(_ point: inout DecisionPoint) {
    guard !point.deviceUsePredicted else { return }
    point.deviceUsePredicted = true
    predictDeviceUse(at: point.context.now, in: &point.context, processing: nil)
  }

  /// **The one device-use predictor**: at `t`, the use within the prediction window
  /// (what refresh and the other kinds read) and within
  /// ``SchedulerParameters/processingIdleWindowSeconds`` (processing's idle prediction);
  /// `processing` asks for one of them only (nil: both).
  mutating func predictDeviceUse(at t: SimTime, in c: inout PolicyContext, processing: Bool?) {
    if processing != true {
      c.deviceUseProbability = usage.deviceUseProbability(
        at: t, length: usage.windowDuration(seconds: parameters.predictionWindowSeconds), calendar: calendar)
    }
    if processing != false {
      c.processingIdleUseProbability = usage.deviceUseProbability(
        at: t, length: SimDuration(seconds: parameters.processingIdleWindowSeconds), calendar: calendar)
    }
  }
}

extension SystemScheduler {
  /// The owner's use before the run (an app installed before day 0): the app's opens and
  /// the screen's wakes fill the histories the predictions read, as if observed, and the
  /// app counts as installed at its first open.
  public mutating func rememberPastUse(appOpens opens: [SimTime], screenOns: [SimTime]) {
    for t in opens { usage.appOpens.record(t, calendar: calendar) }
    usage.pastAppOpens = opens
    for t in screenOns { usage.deviceUse.record(t, calendar: calendar) }
  }
}
