import SimKernel

extension UsageHistory {
  /// dasd's prediction for an app's legacy fetch (legacy-fetch.md §3, grade H, its
  /// divisor M): the share of days, of those since the first event within the history as
  /// seen at `asOf`, on which an event fell in the 15-minute slot of the day that holds
  /// `at`; shares under 0.02 read 0 and over 0.98 read 1. Nil while no event lies in the
  /// history (dasd then has no timeline). dasd anchors its slots when it builds the
  /// timeline, not at the clock's quarter hours: the caller records and asks in times
  /// shifted by that anchor (``UsageKnowledge/fetchOpens``).
  func dayShare(at: SimTime, asOf: SimTime, calendar: SimCalendar) -> Double? {
    let today = calendar.day(of: asOf)
    let oldest = today - days + 1
    let slot = Self.slot(at, calendar)
    var firstDay = Int.max
    var daysWithEvent = 0
    for row in 0..<days where dayOfRow[row] >= oldest && dayOfRow[row] <= today {
      let base = row * Self.slotsPerDay
      if counts[base + slot] > 0 { daysWithEvent += 1 }
      // A row takes a day only when an event of that day is recorded in it, so every
      // remembered row holds one (its 96 slots were read here to find out: 5.8 % of a
      // legacy-fetch run's instructions).
      firstDay = min(firstDay, dayOfRow[row])
    }
    guard firstDay != .max else { return nil }
    let p = Double(daysWithEvent) / Double(today - firstDay + 1)
    return p < 0.02 ? 0 : p > 0.98 ? 1 : p
  }
}
