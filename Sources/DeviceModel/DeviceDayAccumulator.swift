import SimKernel

/// Turns one device's stream of changes into per-day statistics. Feed it changes in
/// time order with ``consume(_:)``, then call ``finish(at:level:)``.
public struct DeviceDayAccumulator {
  let calendar: SimCalendar
  public private(set) var days: [DeviceDayStats] = []
  var now: SimTime
  var screenOn = false
  var plugged = false
  var network: NetworkKind = .wifi
  var lowPower = false
  var lastLevel: (time: SimTime, level: Double)?

  public init(calendar: SimCalendar, start: SimTime = .zero) {
    self.calendar = calendar
    now = start
    days = [DeviceDayStats(day: calendar.day(of: start))]
  }

  mutating func day(_ index: Int) -> Int {
    while days.last!.day < index { days.append(DeviceDayStats(day: days.last!.day + 1)) }
    return days.count - 1 - (days.last!.day - index)
  }

  /// Accrues the time in the current states up to `time`, splitting at midnights.
  mutating func advance(to time: SimTime) {
    while now < time {
      let d = calendar.day(of: now)
      let end = min(time, calendar.startOfDay(d + 1))
      let seconds = (end - now).seconds
      let i = day(d)
      if screenOn { days[i].screenSeconds += seconds }
      if plugged { days[i].chargerSeconds += seconds }
      if network == .wifi { days[i].wifiSeconds += seconds }
      if network == .none { days[i].noServiceSeconds += seconds }
      if lowPower { days[i].lowPowerSeconds += seconds }
      now = end
      _ = day(calendar.day(of: now))
    }
  }

  mutating func observe(level: Double, at time: SimTime) {
    if let last = lastLevel, calendar.day(of: last.time) < calendar.day(of: time) {
      // Levels at the midnights in between, on the line between the two observations.
      var d = calendar.day(of: last.time) + 1
      while d <= calendar.day(of: time) {
        let midnight = calendar.startOfDay(d)
        let span = (time - last.time).seconds
        let f = span > 0 ? (midnight - last.time).seconds / span : 1
        let m = last.level + (level - last.level) * f
        let a = day(d - 1)
        days[a].minimumBattery = min(days[a].minimumBattery, m)
        let b = day(d)
        days[b].minimumBattery = min(days[b].minimumBattery, m)
        d += 1
      }
    }
    let i = day(calendar.day(of: time))
    days[i].minimumBattery = min(days[i].minimumBattery, level)
    lastLevel = (time, level)
  }

  /// Takes one change into account.
  public mutating func consume(_ change: DeviceChange) {
    advance(to: change.time)
    observe(level: change.batteryPercent, at: change.time)
    let i = day(calendar.day(of: change.time))
    switch change.kind {
    case .screenOn:
      screenOn = true
      days[i].unlocks += 1
    case .screenOff: screenOn = false
    case .plugged:
      plugged = true
      days[i].chargingSessions += 1
      days[i].plugInLevels.append(change.batteryPercent)
      if change.value == PlugSource.overnight.rawValue {
        days[i].overnightCharges += 1
        days[i].overnightPlugInLevels.append(change.batteryPercent)
      }
      if change.value == PlugSource.topup.rawValue {
        days[i].topups += 1
        days[i].topupPlugInLevels.append(change.batteryPercent)
      }
    case .unplugged: plugged = false
    case .network: network = NetworkKind(rawValue: change.value) ?? network
    case .lowPowerMode: lowPower = change.value == "on"
    case .appOpened: days[i].appOpens += 1
    case .forceQuit: days[i].forceQuits += 1
    case .shutdown: days[i].shutdowns += 1
    case .appClosed, .batteryLevel, .thermal, .boot, .firstUnlock, .location, .batterySet: break
    }
  }

  /// Closes the books at `end` (exclusive) and returns the days from the first to the
  /// one before `end`'s midnight.
  public mutating func finish(at end: SimTime, level: Double) -> [DeviceDayStats] {
    advance(to: end)
    observe(level: level, at: end)
    let lastDay = calendar.day(of: end - SimDuration(microseconds: 1))
    return days.filter { $0.day <= lastDay }
  }
}
