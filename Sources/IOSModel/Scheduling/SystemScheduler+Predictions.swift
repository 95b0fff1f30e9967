import DeviceModel
import SimKernel

extension SystemScheduler {
  /// What the policies see at `now`: the device, the app, the budgets. The predictions
  /// are left out: each is made just before the first policy that reads it.
  @inline(__always)
  func context(app: some LaunchableApp, device: some DeviceConditions, now: SimTime) -> PolicyContext {
    var c = PolicyContext(
      now: now, batteryPercent: device.batteryPercent(at: now), isPluggedIn: device.isPluggedIn,
      isInUse: device.isInUse, idleSeconds: device.idleSeconds(at: now), network: device.network,
      isLowPowerMode: device.isLowPowerMode, thermal: device.thermalState, isPoweredOn: device.isPoweredOn,
      appState: app.state, backgroundAppRefresh: app.configuration.backgroundAppRefresh,
      isForceQuitFlagged: app.isForceQuitFlagged, appOpenProbability: nil, deviceUseProbability: 0,
      daysSinceAppOpened: appOpens.daysSinceLast(now), energyBudget: energy,
      energyCapacity: parameters.energyCapacity, dataBudget: data, lastLaunch: lastLaunch,
      runningTasks: app.runningCount, overruns: app.overruns)
    c.era = app.configuration.era
    c.secondsSinceInstall = (now - (appOpens.first ?? .zero)).seconds
    c.dataCapacity = Float(parameters.dataCapacity)
    c.owner = owner
    c.silentPushesInPeriod = pushesLaunched(inPeriodOf: now)
    c.herdTrigger = herd.reason
    c.herdTriggerSeconds = herd.seconds(at: now)
    c.explain = recordDecisions
    if !otherApps.isEmpty {
      c.otherAppsRunning = UInt16(clamping: otherApps.running(at: now))
      c.isAmongRecentApps = known.isRecent(RecentApps.appUnderStudy)
    }
    return c
  }

  /// The app-open prediction's jitter [0…1): dasd keeps one value for every app and
  /// draws it again only when at least ``SchedulerParameters/appJitterRedrawSeconds``
  /// have passed since it was last asked for (multi-app facts, the application policy's
  /// cross-app details), so apps judged close together share it.
  mutating func predictionJitter(at now: SimTime) -> Double {
    if let asked = jitterAskedAt, (now - asked).seconds < parameters.appJitterRedrawSeconds {
      jitterAskedAt = now
      return jitterValue
    }
    jitterAskedAt = now
    jitterValue = jitter.uniform()
    return jitterValue
  }

  /// The app-open prediction: the probability that the owner opens the app in a window
  /// ~7.5 min ahead, shifted by a random jitter (``predictionJitter(at:)``); nil without
  /// any open in the history.
  mutating func predictAppOpen(_ point: inout DecisionPoint) {
    guard !point.appOpenPredicted else { return }
    point.appOpenPredicted = true
    let now = point.context.now
    let lookAhead = parameters.appLookAheadSeconds + predictionJitter(at: now) * parameters.appJitterSeconds
    let window = predictionWindowDuration()
    point.context.appOpenProbability =
      appOpens.total > 0
      ? appOpens.probability(from: now + .seconds(lookAhead), length: window, now: now, calendar: calendar)
      : nil
  }

  /// The device-use prediction for the next window (no random draw).
  mutating func predictDeviceUse(_ point: inout DecisionPoint) {
    guard !point.deviceUsePredicted else { return }
    point.deviceUsePredicted = true
    let now = point.context.now
    point.context.deviceUseProbability = deviceUse.probability(
      from: now, length: predictionWindowDuration(), now: now, calendar: calendar)
    point.context.processingIdleUseProbability = deviceUse.probability(
      from: now, length: SimDuration(seconds: parameters.processingIdleWindowSeconds), now: now,
      calendar: calendar)
  }

  /// The prediction window as a duration, converted once per value of the parameter.
  mutating func predictionWindowDuration() -> SimDuration {
    if predictionWindow.seconds != parameters.predictionWindowSeconds {
      predictionWindow = (
        parameters.predictionWindowSeconds, SimDuration(seconds: parameters.predictionWindowSeconds)
      )
    }
    return predictionWindow.duration
  }

  /// Silent pushes launched in the 24-hour budget period that holds `now`.
  func pushesLaunched(inPeriodOf now: SimTime) -> Int {
    pushPeriod(of: now) == pushPeriod ? pushesInPeriod : 0
  }

  /// The 24-hour budget period that holds `now`, counted from the owner's first open of
  /// the app (from the start of the run before it).
  func pushPeriod(of now: SimTime) -> Int {
    let anchor = appOpens.first?.microseconds ?? 0
    let since = now.microseconds - anchor
    return since >= 0 ? Int(since / SimCalendar.dayMicroseconds) : -1
  }
}

extension SystemScheduler {
  /// The owner's use before the run (an app installed before day 0): the app's opens and
  /// the screen's wakes fill the histories the predictions read, as if observed, and the
  /// app counts as installed at its first open.
  public mutating func rememberPastUse(appOpens opens: [SimTime], screenOns: [SimTime]) {
    for t in opens { appOpens.record(t, calendar: calendar) }
    for t in screenOns { deviceUse.record(t, calendar: calendar) }
  }
}
