import FileFormats
import SimKernel

/// One `other_app_days.csv` row after the owner's fields: what one of the owner's other
/// apps did on one day (``CSVSchema/otherAppDays``). Its launches count on the day they
/// began, its energy and suspensions on the day the run ended (the last day also takes
/// the 15 minutes after it), as in `days.csv`.
package struct OtherAppDayRow: Sendable, Equatable {
  package var app: String
  /// The day since the start of the run, from 0.
  package var day: Int
  package var date: CivilDate
  /// Whether the day is one of the experiment's warm-up days.
  package var warmup: Bool
  package var opens = 0
  package var launches = 0
  /// Runs suspended to make room in a full group (dasd's fair share).
  package var suspended = 0
  /// Energy its runs used, on the charger or not [mWh].
  package var energyMWh = 0.0
  /// The part of it drawn from the battery: runs that started off external power [mWh].
  package var batteryEnergyMWh = 0.0

  package init(app: String, day: Int, date: CivilDate, warmup: Bool) {
    (self.app, self.day, self.date, self.warmup) = (app, day, date, warmup)
  }

  /// Writes the row after `prefix` (the owner's fields, each followed by a comma).
  package func write(prefix: String, into out: inout CSVBuffer) {
    let start = out.count
    out.text(prefix)
    out.field(app)
    out.comma()
    out.integer(Int64(day))
    out.comma()
    out.date(date)
    for n in [warmup ? 1 : 0, opens, launches, suspended] {
      out.comma()
      out.integer(Int64(n))
    }
    for mWh in [energyMWh, batteryEnergyMWh] {
      out.comma()
      out.fixed(mWh, digits: 3)
    }
    out.newline()
    CSVSchema.otherAppDays.checkRow(out, since: start, prefix: prefix)
  }
}
