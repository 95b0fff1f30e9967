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
  mutating func updateBattery(_ scheduler: inout Scheduler) {
    let rate = currentBatteryRate()
    // Most events leave the rate as it was: answered here, without a call.
    if rate == batteryRate, thresholdPending { return }
    if rate == 0, batteryRate == 0, !thresholdPending { return }
    changeBatteryRate(to: rate, &scheduler)
  }

  /// ``updateBattery(_:)`` when the rate changed: the next crossing anew.
  @inline(never)
  mutating func changeBatteryRate(to rate: Double, _ scheduler: inout Scheduler) {
    batteryRate = rate
    cancelThreshold(&scheduler)
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
    thresholdEvent = schedule(.batteryThreshold, inSlot: slots.crossing, at: at, &scheduler)
  }

  /// A session extended past a deferred crossing: the crossing goes into the queue.
  mutating func scheduleDeferredCrossing(before end: SimTime, _ scheduler: inout Scheduler) {
    guard let at = deferredCrossing, at < end else { return }
    deferredCrossing = nil
    thresholdEvent = schedule(.batteryThreshold, inSlot: slots.crossing, at: at, &scheduler)
  }

  /// Cancels the pending crossing event: the level or the rate changed.
  mutating func cancelThreshold(_ scheduler: inout Scheduler) {
    deferredCrossing = nil
    guard let e = thresholdEvent else { return }
    scheduler.cancel(e, inSlot: slots.crossing)
    thresholdEvent = nil
  }

  /// The battery reached a multiple of 5 %.
  mutating func crossThreshold(_ scheduler: inout Scheduler) {
    thresholdEvent = nil
    let level = (batteryLevel / 5).rounded() * 5
    let charging = batteryRate > 0
    batteryLevel = level
    batteryRate = 0  // forces updateBattery to schedule the next crossing
    publish(.batteryLevel, .percent(level), at: scheduler.now)
    if charging {
      if isLowPowerMode, level >= 80 {
        isLowPowerMode = false
        publish(.lowPowerMode, .on(false), at: scheduler.now)
      }
      if level == persona.charging.taperStartPercent { maybeHoldCharge(&scheduler) }
      return
    }
    if level == 20 || level == 10, !isLowPowerMode, isPoweredOn,
      decisionStream.uniform() < persona.battery.lowPowerAcceptProbability
    {
      isLowPowerMode = true
      publish(.lowPowerMode, .on(true), at: scheduler.now)
    }
    if level == persona.charging.lowBatteryPlugPercent, random(.charging), !lowBatteryPending, isPoweredOn,
      decisionStream.uniform() < persona.charging.lowBatteryPlugProbability
    {
      // Time to find a charger: a few minutes to half an hour.
      lowBatteryPending = true
      let delay = decisionStream.exponential(mean: 15 * 60)
      schedule(.lowBatteryPlug, at: scheduler.now + .seconds(delay), &scheduler)
    }
    if level <= 0 { shutdown(&scheduler) }
  }

  /// The phone ran flat: screen off, app gone, phone off until it is charged.
  mutating func shutdown(_ scheduler: inout Scheduler) {
    if isAppInForeground { appClose(forceQuit: false, &scheduler) }
    if isScreenOn { screenOff(&scheduler) }
    isPoweredOn = false
    publish(.shutdown, at: scheduler.now)
    if isPluggedIn { scheduleBoot(&scheduler) }
  }

  mutating func scheduleBoot(_ scheduler: inout Scheduler) {
    guard !isPoweredOn, bootEvent == nil else { return }
    bootEvent = schedule(.boot, at: scheduler.now + .seconds(persona.battery.bootDelaySeconds), &scheduler)
  }

  mutating func boot() {
    bootEvent = nil
    guard !isPoweredOn, isPluggedIn else { return }
    isPoweredOn = true
    lastScreenOff = batteryMark
    publish(.boot, at: batteryMark)
  }

  /// Sets the level directly (scripts and traces); the next crossing is scheduled anew.
  mutating func setBattery(_ level: Double, _ scheduler: inout Scheduler) {
    batteryLevel = min(100, max(0, level))
    batteryMark = scheduler.now
    cancelThreshold(&scheduler)
    publish(.batterySet, .percent(batteryLevel), at: scheduler.now)
    if batteryLevel <= 0, isPoweredOn, !isPluggedIn { shutdown(&scheduler) }
  }
}
