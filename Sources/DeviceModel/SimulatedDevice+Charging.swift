import SimKernel

extension SimulatedDevice {
  /// At time 0 (midnight) the owner may still be on last night's charge.
  mutating func startAlreadyCharging(_ loop: inout EventLoop) {
    let c = persona.charging
    let today = calendar.day(of: loop.now)
    guard chargingStream.uniform() < c.overnightProbability else { return }
    let plugIn = c.overnightPlugIn.sample(chargingStream)
    guard plugIn < 86_400 else { return }  // last night's plug-in was after midnight
    let unplug = morningUnplug(day: today)
    plannedUnplug = unplug
    plug(.overnight, &loop)
    schedule(.overnightUnplug, at: unplug, &loop)
  }

  /// The unplug time on the morning of `day`: later at weekends.
  func morningUnplug(day: Int) -> SimTime {
    let c = persona.charging
    var seconds = c.overnightUnplug.sample(chargingStream)
    if calendar.isWeekend(calendar.startOfDay(day)) { seconds += c.weekendUnplugDelaySeconds }
    return calendar.startOfDay(day) + .seconds(seconds)
  }

  /// At each midnight: tonight's charge, today's top-ups, and where the owner will be.
  mutating func planDay(_ loop: inout EventLoop) {
    let day = calendar.day(of: loop.now)
    let midnight = calendar.startOfDay(day)
    schedule(.dayPlan, at: calendar.startOfDay(day + 1), &loop)
    if random(.charging) {
      let c = persona.charging
      if chargingStream.uniform() < c.overnightProbability {
        let plugIn = midnight + .seconds(c.overnightPlugIn.sample(chargingStream))
        var unplug = morningUnplug(day: day + 1)
        if unplug < plugIn + .minutes(30) { unplug = plugIn + .minutes(30) }
        schedule(.overnightPlug, at: plugIn, payload: unplug.microseconds, &loop)
        schedule(.overnightUnplug, at: unplug, &loop)
      }
      var t = midnight
      let end = calendar.startOfDay(day + 1)
      while let start = topupProfile.nextEvent(
        after: t, calendar: calendar, stream: chargingStream, limit: end)
      {
        let length = max(ChargingSpec.shortestTopupSeconds, c.topupDuration.sample(chargingStream))
        schedule(.topupStart, at: start, &loop)
        schedule(.topupEnd, at: start + .seconds(length), &loop)
        t = start
      }
    }
    if random(.network) { planPlaces(day: day, &loop) }
  }

  /// Connects the charger. A charge already under way keeps going, now owned by the
  /// newer habit if that one lasts longer (an overnight charge outranks a top-up).
  mutating func plug(_ source: PlugSource, _ loop: inout EventLoop) {
    if isPluggedIn {
      if source == .overnight || source == .scripted || source == .trace {
        plugSource = source
        if source == .overnight, batteryLevel >= persona.charging.taperStartPercent {
          maybeHoldCharge(&loop)
        }
      }
      return
    }
    isPluggedIn = true
    plugSource = source
    holdingCharge = false
    publish(.plugged, .plugSource(source), at: loop.now)
    if source == .lowBattery {
      let length = max(60, persona.charging.lowBatteryChargeDuration.sample(decisionStream))
      schedule(.lowBatteryUnplug, at: loop.now + .seconds(length), &loop)
    }
    if !isPoweredOn, !restartState.restarting { scheduleBoot(&loop) }
    if batteryLevel >= persona.charging.taperStartPercent { maybeHoldCharge(&loop) }
  }

  /// Disconnects the charger if the habit that connected it is the one ending.
  mutating func unplug(ifSource source: PlugSource?, _ loop: inout EventLoop) {
    guard isPluggedIn, source == nil || plugSource == source else { return }
    isPluggedIn = false
    plugSource = nil
    plannedUnplug = nil
    holdingCharge = false
    if let e = resumeEvent { loop.cancel(e) }
    resumeEvent = nil
    if let e = bootEvent, !isPoweredOn {
      loop.cancel(e)
      bootEvent = nil
    }
    publish(.unplugged, at: loop.now)
  }

  /// Optimized Battery Charging: on a long overnight charge, wait at the taper level
  /// and resume so as to be full a little before the expected unplug.
  mutating func maybeHoldCharge(_ loop: inout EventLoop) {
    let c = persona.charging
    guard c.optimized, plugSource == .overnight, let unplug = plannedUnplug, !holdingCharge else { return }
    let now = loop.now
    guard (unplug - now).seconds >= c.optimizedMinimumPlugSeconds * 0.5 else { return }
    let topUpHours = (100 - c.taperStartPercent) / c.trickleRatePerHour
    let resume = unplug - .seconds(c.optimizedFinishBeforeSeconds + topUpHours * 3600)
    guard resume > now else { return }
    holdingCharge = true
    resumeEvent = schedule(.resumeCharging, at: resume, &loop)
  }
}
