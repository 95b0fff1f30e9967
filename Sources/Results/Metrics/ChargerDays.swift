import SimKernel

/// `days.csv`'s `first_on_charger_s`, kept as the charger comes and goes: for each day,
/// when the phone was first on its charger [s after midnight], 0 when a charge ran
/// through the day's midnight, nil when it was never on it.
package struct ChargerDays: Sendable {
  let calendar: SimCalendar
  /// Each day's first time on the charger so far [s after midnight].
  var first: [Double?]
  /// Since when the phone has been on its charger; nil while it is not.
  var pluggedSince: SimTime?

  package init(calendar: SimCalendar, days: Int) {
    self.calendar = calendar
    first = Array(repeating: nil, count: days)
  }

  package mutating func plugged(at t: SimTime) {
    guard pluggedSince == nil else { return }
    pluggedSince = t
    let d = calendar.day(of: t)
    guard first.indices.contains(d) else { return }
    let seconds = (t - calendar.startOfDay(d)).seconds
    first[d] = min(first[d] ?? seconds, seconds)
  }

  /// The days after the plug-in's up to this one found the phone on the charger at
  /// their midnight.
  package mutating func unplugged(at t: SimTime) {
    guard let since = pluggedSince else { return }
    pluggedSince = nil
    let (from, to) = (max(0, calendar.day(of: since) + 1), min(calendar.day(of: t), first.count - 1))
    guard from <= to else { return }
    for d in from...to { first[d] = 0 }
  }

  /// Day `d`'s figure once the day is over (the phone still on the charger plugged in
  /// before it had it at its midnight).
  package func firstOnCharger(day d: Int) -> Double? {
    if let since = pluggedSince, calendar.day(of: since) < d { return 0 }
    return first.indices.contains(d) ? first[d] : nil
  }
}
