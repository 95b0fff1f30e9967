import SimKernel

extension SimulatedDevice {
  mutating func scheduleNextUnlock(_ loop: inout EventLoop) {
    let next = unlockDraws.nextTime(
      after: loop.now, of: unlockProfile, calendar, usageStream, keeping: keepsUsageDraws)
    if let t = next { schedule(.unlock, inSlot: slots.unlock, at: t, &loop) }
  }

  mutating func scheduleNextAppOpen(_ loop: inout EventLoop) {
    let next = openDraws.nextTime(
      after: loop.now, of: appProfile, calendar, appStream, keeping: keepsUsageDraws)
    if let t = next { schedule(.appOpen, at: t, &loop) }
  }

  /// A random unlock: a screen session unless the screen is already on.
  mutating func unlock(_ loop: inout EventLoop) {
    scheduleNextUnlock(&loop)
    let drawn = unlockDraws.nextLength(of: persona.usage.sessionLength, usageStream, keeping: keepsUsageDraws)
    let length = min(drawn, persona.usage.maxSessionSeconds)
    guard isPoweredOn, !isScreenOn else { return }
    screenOn(seconds: max(1, length), &loop)
  }

  /// Turns the screen on for `seconds` (infinite: until told otherwise).
  mutating func screenOn(seconds: Double, _ loop: inout EventLoop) {
    guard isPoweredOn else { return }
    let now = loop.now
    if isScreenOn {
      keepScreenOn(until: now + .seconds(seconds), &loop)
      return
    }
    isScreenOn = true
    screenOnSince = now
    publish(.screenOn, at: now)
    noteUnlock(&loop)
    if seconds.isFinite {
      screenOffAt = now + .seconds(seconds)
      screenOffEvent = schedule(.screenOff, inSlot: slots.screenOff, at: screenOffAt, &loop)
    } else {
      screenOffAt = .distantFuture
      screenOffEvent = nil
    }
    scheduleHeavyUse(&loop)
  }

  /// Wakes the device when the session turns into heavy use (warmth), if the screen is
  /// still on then: most sessions end sooner, and an event scheduled for each and then
  /// cancelled at screen-off cost a heap insertion and removal per unlock. A session
  /// that ends at that very moment turns off first, so it needs none either.
  mutating func scheduleHeavyUse(_ loop: inout EventLoop) {
    guard heavyUseEvent == nil else { return }
    let heavy = screenOnSince + heavyUseAfter
    // Not again once it passed (the device event under way updates the warmth then).
    guard screenOffAt > heavy, heavy > loop.now else { return }
    heavyUseEvent = schedule(.heavyUse, at: heavy, &loop)
  }

  /// Extends the current session so that the screen stays on at least until `time`.
  mutating func keepScreenOn(until time: SimTime, _ loop: inout EventLoop) {
    guard isScreenOn, time > screenOffAt else { return }
    if let e = screenOffEvent { loop.cancel(e, inSlot: slots.screenOff) }
    screenOffAt = time
    screenOffEvent = schedule(.screenOff, inSlot: slots.screenOff, at: time, &loop)
    scheduleHeavyUse(&loop)
    scheduleDeferredCrossing(before: time, &loop)
  }

  mutating func screenOff(_ loop: inout EventLoop) {
    guard isScreenOn else { return }
    if let e = screenOffEvent { loop.cancel(e, inSlot: slots.screenOff) }
    if let e = heavyUseEvent { loop.cancel(e) }
    screenOffEvent = nil
    heavyUseEvent = nil
    if isAppInForeground { appClose(forceQuit: false, &loop) }
    isScreenOn = false
    lastScreenOff = loop.now
    publish(.screenOff, at: loop.now)
  }

  /// A random open of the app under study.
  mutating func appOpenEvent(_ loop: inout EventLoop) {
    scheduleNextAppOpen(&loop)
    let seconds = max(
      1, openDraws.nextLength(of: persona.usage.appSessionLength, appStream, keeping: keepsUsageDraws))
    openApp(seconds: seconds, &loop)
  }

  /// Brings the app to the foreground for `seconds`, unlocking the phone if needed.
  mutating func openApp(seconds: Double, _ loop: inout EventLoop) {
    guard isPoweredOn else { return }
    let now = loop.now
    // The screen stays on a few seconds after the app is left.
    screenOn(seconds: seconds + 5, &loop)
    keepScreenOn(until: now + .seconds(seconds + 5), &loop)
    if let e = appCloseEvent { loop.cancel(e) }
    if !isAppInForeground {
      isAppInForeground = true
      publish(.appOpened, at: now)
    }
    appCloseEvent = schedule(.appClose, at: now + .seconds(seconds), &loop)
  }

  /// The app leaves the foreground; after a force quit it is also swiped away.
  mutating func appClose(forceQuit: Bool, _ loop: inout EventLoop) {
    if let e = appCloseEvent { loop.cancel(e) }
    appCloseEvent = nil
    guard isAppInForeground else { return }
    isAppInForeground = false
    publish(.appClosed, at: loop.now)
    if forceQuit { publish(.forceQuit, at: loop.now) }
  }

  /// Warmth from fast charging and long screen sessions.
  mutating func updateThermal() {
    var heat = 0
    if persona.thermal.fastChargingWarms, isPluggedIn, batteryLevel < persona.charging.taperStartPercent {
      heat += 1
    }
    if isScreenOn, (batteryMark - screenOnSince).seconds >= persona.thermal.heavyUseAfterSeconds { heat += 1 }
    let state: ThermalState = heat == 0 ? .nominal : heat == 1 ? .fair : .serious
    if state != thermalState {
      thermalState = state
      publish(.thermal, .thermal(state), at: batteryMark)
    }
  }
}
