import SimKernel

extension SimulatedDevice {
  /// At time 0 (midnight) the owner may still be on last night's charge.
  mutating func startAlreadyCharging(_ scheduler: inout Scheduler) {
    let c = persona.charging
    let today = calendar.day(of: scheduler.now)
    guard chargingStream.uniform() < c.overnightProbability else { return }
    let plugIn = c.overnightPlugIn.sample(chargingStream)
    guard plugIn < 86_400 else { return }  // last night's plug-in was after midnight
    let unplug = morningUnplug(day: today)
    plannedUnplug = unplug
    plug(.overnight, &scheduler)
    schedule(.overnightUnplug, at: unplug, &scheduler)
  }

  /// The unplug time on the morning of `day`: later at weekends.
  func morningUnplug(day: Int) -> SimTime {
    let c = persona.charging
    var seconds = c.overnightUnplug.sample(chargingStream)
    if calendar.isWeekend(calendar.startOfDay(day)) { seconds += c.weekendUnplugDelaySeconds }
    return calendar.startOfDay(day) + .seconds(seconds)
  }

  /// At each midnight: tonight's charge, today's top-ups, and where the owner will be.
  mutating func planDay(_ scheduler: inout Scheduler) {
    let day = calendar.day(of: scheduler.now)
    let midnight = calendar.startOfDay(day)
    schedule(.dayPlan, at: calendar.startOfDay(day + 1), &scheduler)
    if random(.charging) {
      let c = persona.charging
      if chargingStream.uniform() < c.overnightProbability {
        let plugIn = midnight + .seconds(c.overnightPlugIn.sample(chargingStream))
        var unplug = morningUnplug(day: day + 1)
        if unplug < plugIn + .minutes(30) { unplug = plugIn + .minutes(30) }
        schedule(.overnightPlug, at: plugIn, payload: unplug.microseconds, &scheduler)
        schedule(.overnightUnplug, at: unplug, &scheduler)
      }
      var t = midnight
      let end = calendar.startOfDay(day + 1)
      while let start = topupProfile.nextEvent(
        after: t, calendar: calendar, stream: chargingStream, limit: end)
      {
        let length = max(60, c.topupDuration.sample(chargingStream))
        schedule(.topupStart, at: start, &scheduler)
        schedule(.topupEnd, at: start + .seconds(length), &scheduler)
        t = start
      }
    }
    if random(.network) { planPlaces(day: day, &scheduler) }
  }

  /// Connects the charger. A charge already under way keeps going, now owned by the
  /// newer habit if that one lasts longer (an overnight charge outranks a top-up).
  mutating func plug(_ source: PlugSource, _ scheduler: inout Scheduler) {
    if isPluggedIn {
      if source == .overnight || source == .scripted || source == .trace {
        plugSource = source
        if source == .overnight, batteryLevel >= persona.charging.taperStartPercent {
          maybeHoldCharge(&scheduler)
        }
      }
      return
    }
    isPluggedIn = true
    plugSource = source
    holdingCharge = false
    publish(.plugged, .plugSource(source), at: scheduler.now)
    if source == .lowBattery {
      let length = max(60, persona.charging.lowBatteryChargeDuration.sample(decisionStream))
      schedule(.lowBatteryUnplug, at: scheduler.now + .seconds(length), &scheduler)
    }
    if !isPoweredOn { scheduleBoot(&scheduler) }
    if batteryLevel >= persona.charging.taperStartPercent { maybeHoldCharge(&scheduler) }
  }

  /// Disconnects the charger if the habit that connected it is the one ending.
  mutating func unplug(ifSource source: PlugSource?, _ scheduler: inout Scheduler) {
    guard isPluggedIn, source == nil || plugSource == source else { return }
    isPluggedIn = false
    plugSource = nil
    plannedUnplug = nil
    holdingCharge = false
    if let e = resumeEvent { scheduler.cancel(e) }
    resumeEvent = nil
    if let e = bootEvent, !isPoweredOn {
      scheduler.cancel(e)
      bootEvent = nil
    }
    publish(.unplugged, at: scheduler.now)
  }

  /// Optimized Battery Charging: on a long overnight charge, wait at the taper level
  /// and resume so as to be full a little before the expected unplug.
  mutating func maybeHoldCharge(_ scheduler: inout Scheduler) {
    let c = persona.charging
    guard c.optimized, plugSource == .overnight, let unplug = plannedUnplug, !holdingCharge else { return }
    let now = scheduler.now
    guard (unplug - now).seconds >= c.optimizedMinimumPlugSeconds * 0.5 else { return }
    let topUpHours = (100 - c.taperStartPercent) / c.trickleRatePerHour
    let resume = unplug - .seconds(c.optimizedFinishBeforeSeconds + topUpHours * 3600)
    guard resume > now else { return }
    holdingCharge = true
    resumeEvent = schedule(.resumeCharging, at: resume, &scheduler)
  }
}
