import SimKernel

/// The device's budgets as dasd keeps them: energy and cellular data, which refill
/// through the day and are drawn down by every app's runs, and the silent-push budget of
/// each 24-hour period.
struct DeviceBudgets {
  /// Energy budget left [mWh].
  var energy: Double
  /// Cellular data budget left [bytes].
  var data: Double
  /// When the data budget was last refilled.
  var refilledAt: SimTime = .zero
  /// When the next energy refill is due: every 1,800 s from the last, at a phase of the
  /// phone's own (drawn when the scheduler starts), not on the clock's half hours.
  var energySlotAt: SimTime = .zero
  /// The day's 48 half-hourly shares of the energy refill, and the day they are for.
  var energyShares: [Double] = []
  var energySharesDay = Int.min
  /// The silent-push budget's current 24-hour period and the pushes launched in it. The
  /// budget resets every 24 h (S2, an Apple engineer); the periods are counted from the
  /// owner's first open of the app (its install), not from a time of day.
  var pushPeriod = 0
  var pushesInPeriod = 0

  static let halfHour = SimDuration.minutes(30)

  init(_ parameters: SchedulerParameters) {
    energy = parameters.energyCapacity
    data = min(parameters.dataCapacity, parameters.dataCeiling)
  }

  /// The cellular data budget refills through the day at `perDay` bytes, up to
  /// `ceiling` (``SchedulerParameters/dataRefillPerDay``, ``SchedulerParameters/dataCeiling``).
  /// The energy's refill is ``refillEnergy(to:_:deviceUse:calendar:)``, due once a half
  /// hour (``SystemScheduler/refillBudgets(to:)`` calls both).
  mutating func refillData(to now: SimTime, ceiling: Double, perDay: Double) {
    // This runs at every decision point: a full budget stays full without the division.
    if data >= ceiling {
      refilledAt = now
      return
    }
    let days = (now - refilledAt).seconds / 86_400
    guard days > 0 else { return }
    data = min(ceiling, data + days * perDay)
    refilledAt = now
  }

  /// Bytes moved on cellular draw the data budget, down to its floor.
  mutating func drawData(_ bytes: Double, _ parameters: SchedulerParameters) {
    data = max(parameters.dataFloor, data - bytes)
  }

  /// What the energy refill reads of ``SchedulerParameters``: three scalars, where the
  /// whole parameters (about 600 bytes) were copied at each of the 48 refills a day.
  struct EnergyRefill {
    /// ``SchedulerParameters/energyCeiling`` [mWh].
    var ceiling: Double
    /// ``SchedulerParameters/energyRefillPerDay`` [mWh/day].
    var perDay: Double
    /// ``SchedulerParameters/energyRefillFollowsUse``.
    var followsUse: Bool

    init(_ parameters: SchedulerParameters) {
      (ceiling, perDay, followsUse) = (
        parameters.energyCeiling, parameters.energyRefillPerDay, parameters.energyRefillFollowsUse
      )
    }
  }

  /// Adds the energy refills of the half hours begun by `now`, each its share of the
  /// day's at its start (dasd), up to the budget's ceiling.
  @inline(never)
  mutating func refillEnergy(
    to now: SimTime, _ refill: EnergyRefill, deviceUse: UsageHistory, calendar: SimCalendar
  ) {
    while energySlotAt <= now {
      if energy >= refill.ceiling {
        // The refills of a full budget are lost; the next keeps the phone's phase.
        let step = Self.halfHour.microseconds
        energySlotAt =
          energySlotAt + SimDuration(microseconds: ((now - energySlotAt).microseconds / step + 1) * step)
        return
      }
      let share = energyShare(at: energySlotAt, refill, deviceUse: deviceUse, calendar: calendar)
      energy = min(refill.ceiling, energy + refill.perDay * share)
      energySlotAt = energySlotAt + Self.halfHour
    }
  }

  /// The share of a day's energy refill that comes at `slot` (a refill, in the half hour
  /// of the day that holds it): the device use predicted for that half hour over the
  /// day's, from the owner's history as it stands (dasd's budget modulator); 1/48
  /// without a prediction, or with ``SchedulerParameters/energyRefillFollowsUse`` off.
  mutating func energyShare(
    at slot: SimTime, _ refill: EnergyRefill, deviceUse: UsageHistory, calendar: SimCalendar
  ) -> Double {
    let even = 1.0 / 48
    guard refill.followsUse else { return even }
    let day = calendar.day(of: slot)
    if day != energySharesDay {
      energySharesDay = day
      let expected = deviceUse.halfHourlyWeightedEvents(now: slot, calendar: calendar)
      let total = expected.reduce(0, +)
      energyShares = total > 0 ? expected.map { $0 / total } : Array(repeating: even, count: 48)
    }
    let k = Int((slot - calendar.startOfDay(day)).microseconds / Self.halfHour.microseconds)
    return energyShares.indices.contains(k) ? energyShares[k] : even
  }

  /// Silent pushes launched in the 24-hour budget period that holds `now`, periods
  /// counted from `anchor` (the app's install).
  func pushesLaunched(inPeriodOf now: SimTime, anchor: SimTime?) -> Int {
    Self.pushPeriod(of: now, anchor: anchor) == pushPeriod ? pushesInPeriod : 0
  }

  /// A silent push launched at `now`: one more in the budget's period.
  mutating func countPushLaunch(at now: SimTime, anchor: SimTime?) {
    pushesInPeriod = pushesLaunched(inPeriodOf: now, anchor: anchor) + 1
    pushPeriod = Self.pushPeriod(of: now, anchor: anchor)
  }

  /// The 24-hour budget period that holds `now`, counted from `anchor` (from the start
  /// of the run before it).
  static func pushPeriod(of now: SimTime, anchor: SimTime?) -> Int {
    let since = now.microseconds - (anchor?.microseconds ?? 0)
    return since >= 0 ? Int(since / SimCalendar.dayMicroseconds) : -1
  }
}
