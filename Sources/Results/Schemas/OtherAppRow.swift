import FileFormats
import SimKernel

/// One `other_apps.csv` row after the owner's fields: what one of the owner's other apps
/// did on the days after the warm-up (``CSVSchema/otherApps``).
package struct OtherAppRow {
  package var app: String
  /// Its kinds of work, joined by `+`.
  package var work: String
  package var rank: Int
  /// The days counted: those after the warm-up [days].
  package var days: Int
  package var opens: Int
  package var launches: Int
  /// Runs suspended to make room in a full group (dasd's fair share).
  package var suspended: Int
  /// Energy its runs used, on the charger or not [mWh].
  package var energyMWh: Double
  /// The part of it drawn from the battery: runs that started off external power [mWh].
  package var batteryEnergyMWh: Double

  package init(
    app: String, work: String, rank: Int, days: Int, opens: Int, launches: Int, suspended: Int,
    energyMWh: Double, batteryEnergyMWh: Double
  ) {
    (self.app, self.work, self.rank, self.days) = (app, work, rank, days)
    (self.opens, self.launches, self.suspended, self.energyMWh) = (opens, launches, suspended, energyMWh)
    self.batteryEnergyMWh = batteryEnergyMWh
  }

  /// Writes the row after `prefix` (the owner's fields, each followed by a comma).
  package func write(prefix: String, into out: inout CSVBuffer) {
    let start = out.count
    out.text(prefix)
    out.field(app)
    out.comma()
    out.field(work)
    for n in [rank, days, opens, launches, suspended] {
      out.comma()
      out.integer(Int64(n))
    }
    for mWh in [energyMWh, batteryEnergyMWh] {
      out.comma()
      out.fixed(mWh, digits: 3)
    }
    out.newline()
    CSVSchema.otherApps.checkRow(out, since: start, prefix: prefix)
  }
}

extension TimelineRow {
  /// The launches and run ends of other apps' `runs` (bundle, kind of work, start, end)
  /// from `start` to `end`, in time order; at equal times in the order the runs started.
  package static func otherApps(
    _ runs: [(bundle: String, kind: String, start: SimTime, end: SimTime)], from start: SimTime,
    to end: SimTime
  ) -> [TimelineRow] {
    var rows: [TimelineRow] = []
    for r in runs {
      for (event, time) in [("launch", r.start), ("end", r.end)] where time >= start && time < end {
        rows.append(
          TimelineRow(
            app: r.bundle, day: 0, time: time, source: .otherApp, event: event, taskID: r.kind, value: ""))
      }
    }
    return rows.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(
      \.element)
  }
}
