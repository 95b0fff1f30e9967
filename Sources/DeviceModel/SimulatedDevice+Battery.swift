import SimKernel

extension SimulatedDevice {
  /// Brings the stored level up to `time` under the current rate.
  mutating func settleBattery(at time: SimTime) {
    batteryLevel = batteryPercent(at: time)
    batteryMark = time
  }

  /// The rate the battery changes at in the current state [%/h]: positive on the
  /// charger, negative when draining, 0 when full, held, or switched off.
  func currentBatteryRate() -> Double {
    if let replayRate { return replayRate }
    let c = persona.charging
    if isPluggedIn {
      if batteryLevel >= 100 { return 0 }
      if batteryLevel < c.taperStartPercent { return c.fastRatePerHour }
      return holdingCharge ? 0 : c.trickleRatePerHour
    }
    guard isPoweredOn else { return 0 }
    let b = persona.battery
    var drain = b.idleDrainPerHour
    if isScreenOn { drain += b.screenOnDrainPerHour }
    if backgroundWork > 0 { drain += b.backgroundDrainPerHour }
    if network == .cellular { drain += b.cellularExtraPerHour }
    if isLowPowerMode { drain *= b.lowPowerDrainFactor }
    return -drain
  }

  /// After a change of state: sets the new rate and schedules the next crossing of a
  /// multiple of 5 %. Call after ``settleBattery(at:)``.
  @inline(__always)
  mutating func updateBattery(_ loop: inout EventLoop) {
    let rate = currentBatteryRate()
    // Most events leave the rate as it was: answered here, without a call.
    if rate == batteryRate, thresholdPending { return }
    if rate == 0, batteryRate == 0, !thresholdPending { return }
    changeBatteryRate(to: rate, &loop)
  }

  /// ``updateBattery(_:)`` when the rate changed: the next crossing anew.
  @inline(never)
  mutating func changeBatteryRate(to rate: Double, _ loop: inout EventLoop) {
    batteryRate = rate
    cancelThreshold(&loop)
    guard rate != 0 else { return }
    let band = Rounding.down(batteryLevel / 5) * 5
    let next: Double
    if rate > 0 {
      next = min(100, band + 5)
    } else {
      next = band < batteryLevel - 1e-9 ? band : band - 5
    }
    guard next >= 0, next <= 100, next != batteryLevel else { return }
    let hours = (next - batteryLevel) / rate
    let micros = Rounding.upToInt64(hours * 3_600_000_000)
    let at = batteryMark + SimDuration(microseconds: max(1, micros))
    // Draining during a screen session that ends first: the end removes the screen's
    // drain and computes the crossing anew, so an event now would only be cancelled then
    // (a removal from the queue for most unlocks). The same crossings, at the same times.
    if rate < 0, isScreenOn, replayRate == nil, persona.battery.screenOnDrainPerHour > 0,
      screenOffEvent != nil, at >= screenOffAt
    {
      deferredCrossing = at
      return
    }
    thresholdEvent = schedule(.batteryThreshold, inSlot: slots.crossing, at: at, &loop)
  }

  /// A session extended past a deferred crossing: the crossing goes into the queue.
  mutating func scheduleDeferredCrossing(before end: SimTime, _ loop: inout EventLoop) {
    guard let at = deferredCrossing, at < end else { return }
    deferredCrossing = nil
    thresholdEvent = schedule(.batteryThreshold, inSlot: slots.crossing, at: at, &loop)
  }

  /// Cancels the pending crossing event: the level or the rate changed.
  mutating func cancelThreshold(_ loop: inout EventLoop) {
    deferredCrossing = nil
    guard let e = thresholdEvent else { return }
    loop.cancel(e, inSlot: slots.crossing)
    thresholdEvent = nil
  }

  /// The battery reached a multiple of 5 %.
  mutating func crossThreshold(_ loop: inout EventLoop) {
    thresholdEvent = nil
    let level = (batteryLevel / 5).rounded() * 5
    let charging = batteryRate > 0
    batteryLevel = level
    batteryRate = 0  // forces updateBattery to schedule the next crossing
    publish(.batteryLevel, .percent(level), at: loop.now)
    if charging {
      if isLowPowerMode, level >= 80 {
        isLowPowerMode = false
        publish(.lowPowerMode, .on(false), at: loop.now)
      }
      if level == persona.charging.taperStartPercent { maybeHoldCharge(&loop) }
      return
    }
    if level == 20 || level == 10, !isLowPowerMode, isPoweredOn,
      decisionStream.uniform() < persona.battery.lowPowerAcceptProbability
    {
      isLowPowerMode = true
      publish(.lowPowerMode, .on(true), at: loop.now)
    }
    if level == persona.charging.lowBatteryPlugPercent, random(.charging), !lowBatteryPending, isPoweredOn,
      decisionStream.uniform() < persona.charging.lowBatteryPlugProbability
    {
      // Time to find a charger: a few minutes to half an hour.
      lowBatteryPending = true
      let delay = decisionStream.exponential(mean: 15 * 60)
      schedule(.lowBatteryPlug, at: loop.now + .seconds(delay), &loop)
    }
    if level <= 0 { shutdown(&loop) }
  }

  /// The phone ran flat: screen off, app gone, phone off until it is charged (a
  /// restart, `ranFlat` false, boots on its own time).
  mutating func shutdown(ranFlat: Bool = true, _ loop: inout EventLoop) {
    if isAppInForeground { appClose(forceQuit: false, &loop) }
    if isScreenOn { screenOff(&loop) }
    isPoweredOn = false
    isUnlockedSinceBoot = false
    publish(.shutdown, at: loop.now)
    if ranFlat, isPluggedIn { scheduleBoot(&loop) }
  }

  mutating func scheduleBoot(_ loop: inout EventLoop) {
    guard !isPoweredOn, bootEvent == nil else { return }
    bootEvent = schedule(.boot, at: loop.now + .seconds(persona.battery.bootDelaySeconds), &loop)
  }

  mutating func boot() {
    bootEvent = nil
    guard !isPoweredOn, isPluggedIn else { return }
    isPoweredOn = true
    lastScreenOff = batteryMark
    publish(.boot, at: batteryMark)
  }

  /// Sets the level directly (scripts and traces); the next crossing is scheduled anew.
  mutating func setBattery(_ level: Double, _ loop: inout EventLoop) {
    batteryLevel = min(100, max(0, level))
    batteryMark = loop.now
    cancelThreshold(&loop)
    publish(.batterySet, .percent(batteryLevel), at: loop.now)
    if batteryLevel <= 0, isPoweredOn, !isPluggedIn { shutdown(&loop) }
  }
}
