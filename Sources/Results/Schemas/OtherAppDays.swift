import FileFormats
import SimKernel

/// The `other_app_days.csv` rows of one owner and arm: each other app's day, the
/// difference of its running totals at the day's end and at its start.
package struct OtherAppDays {
  /// One app's running totals: opens, launches, suspended runs, energy used and drawn
  /// from the battery [mWh].
  package typealias Totals = (
    app: String, opens: Int, launches: Int, suspended: Int, energyMWh: Double, batteryEnergyMWh: Double
  )

  let start: CivilDate
  let warmupDays: Int
  let lastDay: Int
  var before: [Totals] = []

  /// For a run from `start` of `days` days, the first `warmupDays` of them warm-up.
  package init(start: CivilDate, days: Int, warmupDays: Int) {
    (self.start, self.warmupDays, lastDay) = (start, warmupDays, days - 1)
  }

  /// Writes day `day`'s rows (a day past the last is the last) from `totals`, the apps'
  /// totals at its end, after `prefix`.
  package mutating func close(_ day: Int, _ totals: [Totals], prefix: String, into out: inout CSVBuffer) {
    let day = min(day, lastDay)
    for (k, t) in totals.enumerated() {
      let b: Totals = k < before.count ? before[k] : (t.app, 0, 0, 0, 0, 0)
      var row = OtherAppDayRow(
        app: t.app, day: day, date: CivilDate(daysSinceEpoch: start.daysSinceEpoch + day),
        warmup: day < warmupDays)
      row.opens = t.opens - b.opens
      row.launches = t.launches - b.launches
      row.suspended = t.suspended - b.suspended
      row.energyMWh = t.energyMWh - b.energyMWh
      row.batteryEnergyMWh = t.batteryEnergyMWh - b.batteryEnergyMWh
      row.write(prefix: prefix, into: &out)
    }
    before = totals
  }
}
