import FileFormats
import SimKernel

/// One `days.csv` row after the owner's fields (cell, swept values, arm, replication,
/// device): what the rows writer writes, field by field in the schema's order
/// (``CSVSchema/days``), and what the summary counts (``SummaryTables/Counts/add(day:)``).
package struct DayRow: Sendable, Equatable {
  /// The day since the start of the run, from 0.
  package var day: Int
  package var date: CivilDate
  /// Whether the day is one of the experiment's warm-up days (left out of every figure).
  package var warmup: Bool
  package var launchesRefresh = 0
  package var launchesProcessing = 0
  package var launchesOther = 0
  package var completed = 0
  package var expired = 0
  package var kills = 0
  /// Energy of the app's background runs that ended that day, on the charger or not [mWh].
  package var energyMilliwattHours = 0.0
  /// The part of it drawn from the battery: runs that started off external power [mWh].
  package var batteryEnergyMilliwattHours = 0.0
  /// Bytes the app's code moved on cellular [B].
  package var cellularBytes = 0.0
  package var appOpens = 0
  /// The median and the longest time since the last successful run at the day's app
  /// opens [s]; nil on a day without opens.
  package var stalenessMedianSeconds: Double?
  package var stalenessWorstSeconds: Double?
  /// App opens with a successful run less than an hour before.
  package var opensFresh1h = 0
  /// When the phone was first on its charger that day [s after midnight]: 0 when the
  /// night's charge ran through midnight; nil when it was never on it that day.
  package var firstOnChargerSeconds: Double?
  /// Time the phone was off that day: flat, or restarting [s].
  package var offSeconds = 0.0

  package init(day: Int, date: CivilDate, warmup: Bool) {
    self.day = day
    self.date = date
    self.warmup = warmup
  }

  /// Every launch of the day, whatever its kind.
  package var launches: Int { launchesRefresh + launchesProcessing + launchesOther }

  /// Writes the row: `prefix` (the owner's fields, each followed by a comma), then the
  /// day's fields in ``CSVSchema/days``' order, and a newline.
  package func write(prefix: String, into rows: inout CSVBuffer) {
    let start = rows.count
    rows.text(prefix)
    rows.integer(Int64(day))
    rows.comma()
    rows.date(date)
    rows.comma()
    rows.integer(warmup ? 1 : 0)
    for v in [launchesRefresh, launchesProcessing, launchesOther, launches, completed, expired, kills] {
      rows.comma()
      rows.integer(Int64(v))
    }
    for mWh in [energyMilliwattHours, batteryEnergyMilliwattHours] {
      rows.comma()
      rows.fixed(mWh, digits: 2)
    }
    rows.comma()
    rows.fixed(cellularBytes, digits: 0)
    rows.comma()
    rows.integer(Int64(appOpens))
    rows.comma()
    if let stalenessMedianSeconds { rows.fixed(stalenessMedianSeconds, digits: 0) }
    rows.comma()
    if let stalenessWorstSeconds { rows.fixed(stalenessWorstSeconds, digits: 0) }
    rows.comma()
    rows.integer(Int64(opensFresh1h))
    rows.comma()
    if let firstOnChargerSeconds { rows.fixed(firstOnChargerSeconds, digits: 0) }
    rows.comma()
    rows.fixed(offSeconds, digits: 0)
    rows.newline()
    CSVSchema.days.checkRow(rows, since: start, prefix: prefix)
  }
}
