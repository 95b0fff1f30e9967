import FileFormats
import SimKernel

/// What one `days.csv` row gives the summary, as the row's text reads: the writer's
/// typed row (``init(_:)``) and the file's text (``init(reading:_:file:)``) give the same
/// figures, so that the summary gathered while the rows are written equals the summary
/// of the files (debug builds check it).
package struct DayFigures {
  /// The day since the start of the run, from 0.
  package var day: Int
  package var launches: Int
  /// [mWh], to the two decimals the file holds: used, and drawn from the battery.
  package var energyMilliwattHours: Double
  package var batteryEnergyMilliwattHours: Double
  package var appOpens: Int
  package var opensFresh1h: Int
  /// The day's median staleness at app open, in whole seconds [ms]; nil without opens.
  package var stalenessMedianMilliseconds: Int64?
  /// Whether the phone was off the whole day (its `off_s` a day, to the second).
  package var offAllDay: Bool

  /// The figures of a row about to be written.
  package init(_ row: DayRow) {
    day = row.day
    launches = row.launches
    energyMilliwattHours = OwnerSummary.twoDecimals(row.energyMilliwattHours)
    batteryEnergyMilliwattHours = OwnerSummary.twoDecimals(row.batteryEnergyMilliwattHours)
    appOpens = row.appOpens
    opensFresh1h = row.opensFresh1h
    stalenessMedianMilliseconds = row.stalenessMedianSeconds.flatMap(OwnerSummary.wholeSecondsInMilliseconds)
    offAllDay = row.offSeconds.rounded() >= 86_400
  }

  /// The figures of the current row of the `days.csv` file `file`; a value out of the
  /// range a run can write is refused in one line before it is counted.
  package init(reading row: CSVReader, _ columns: DayColumns, file: String) throws(UserError) {
    // A count left empty counts 0, as an empty energy does.
    func count(_ c: Int, _ name: String, in range: ClosedRange<Int>) throws(UserError) -> Int {
      row.isEmpty(c) ? 0 : try row.whole(c, name, in: range, file: file)
    }
    day = try row.whole(columns.day, "day", in: RunRanges.day, file: file)
    var launches = 0
    for c in columns.launches { launches += try count(c, "launches", in: RunRanges.count) }
    self.launches = launches
    energyMilliwattHours = try row.number(columns.energy, "energy_mwh", in: 0...1e9, file: file) ?? 0
    batteryEnergyMilliwattHours =
      try row.number(columns.batteryEnergy, "battery_energy_mwh", in: 0...1e9, file: file) ?? 0
    appOpens = try count(columns.opens, "app_opens", in: RunRanges.count)
    opensFresh1h = try count(columns.freshOpens, "opens_fresh_1h", in: 0...appOpens)
    _ = try row.number(columns.staleness, "staleness_median_s", in: RunRanges.seconds, file: file)
    stalenessMedianMilliseconds = row.milliseconds(columns.staleness)
    offAllDay = (try row.number(columns.off, "off_s", in: 0...86_400, file: file) ?? 0) >= 86_400
  }

  /// The positions of the columns read, in a file of this layout.
  package struct DayColumns {
    let energy: Int, batteryEnergy: Int, launches: [Int], opens: Int, freshOpens: Int, staleness: Int,
      off: Int
    package let warmup: Int
    /// The day since the start of the run.
    package let day: Int

    package init(_ layout: CSVSchema) {
      energy = layout.index("energy_mwh")
      batteryEnergy = layout.index("battery_energy_mwh")
      launches = ["launches_refresh", "launches_processing", "launches_other"].map(layout.index)
      opens = layout.index("app_opens")
      freshOpens = layout.index("opens_fresh_1h")
      staleness = layout.index("staleness_median_s")
      off = layout.index("off_s")
      warmup = layout.index("warmup")
      day = layout.index("day")
    }
  }
}

/// What one launched request's `launches.csv` row gives the summary, as the row's text
/// reads (a request never launched gives nothing).
package struct LaunchFigures {
  /// [ms since the start of the run], as the file's seconds with 3 decimals give it.
  package var launchedMilliseconds: Int64
  /// The delay after the earliest begin date [ms]; nil if the field is empty.
  package var delayMilliseconds: Int64?
  /// The hour of the launch as its local ISO time shows it; nil if unreadable.
  package var hour: Int?
  package var charging: Bool
  package var completed: Bool
  package var expired: Bool

  /// The figures of a row about to be written; nil if the request never launched.
  package init?(_ row: borrowing LaunchRow, calendar: SimCalendar) {
    guard let launched = row.launched else { return nil }
    launchedMilliseconds = (launched.microseconds + 500) / 1000
    delayMilliseconds = (max(0, (launched - row.earliest).microseconds) + 500) / 1000
    hour = Int(calendar.microsecondsIntoDay(of: launched) / SimCalendar.hourMicroseconds)
    charging = row.snapshot?.charging == true
    completed = row.outcome == .completed
    expired = row.outcome == .expired
  }

  /// The figures of the current row of the `launches.csv` file `file`; nil if it never
  /// launched. A time out of the range a run can write is refused in one line.
  package init?(reading row: CSVReader, _ columns: LaunchColumns, file: String) throws(UserError) {
    guard try row.number(columns.launchedAt, "launched_at_s", in: RunRanges.seconds, file: file) != nil,
      let at = row.milliseconds(columns.launchedAt)
    else { return nil }
    _ = try row.number(columns.delay, "delay_after_earliest_s", in: RunRanges.seconds, file: file)
    launchedMilliseconds = at
    delayMilliseconds = row.milliseconds(columns.delay)
    hour = row.isoHour(columns.launchedAtISO).flatMap { (0..<24).contains($0) ? $0 : nil }
    charging = row.equals(columns.charging, "1")
    completed = row.equals(columns.outcome, "completed")
    expired = row.equals(columns.outcome, "expired")
  }

  /// The positions of the columns read, in a file of this layout.
  package struct LaunchColumns {
    let launchedAt: Int, launchedAtISO: Int, charging: Int, outcome: Int, delay: Int

    package init(_ layout: CSVSchema) {
      launchedAt = layout.index("launched_at_s")
      launchedAtISO = layout.index("launched_at_iso")
      charging = layout.index("charging")
      outcome = layout.index("outcome")
      delay = layout.index("delay_after_earliest_s")
    }
  }
}

extension SummaryTables.Counts {
  /// A day after the warm-up.
  mutating func add(day: DayFigures) {
    days += 1
    let launched = Double(day.launches)
    dayLaunches += launched
    dayLaunchSquares += launched * launched
    energy += day.energyMilliwattHours
    batteryEnergy += day.batteryEnergyMilliwattHours
    opens += Double(day.appOpens)
    freshOpens += Double(day.opensFresh1h)
  }

  /// A launch after the warm-up.
  mutating func add(launch: LaunchFigures) {
    launched += 1
    if launch.charging { charging += 1 }
    if launch.completed {
      completed += 1
      success(atMilliseconds: launch.launchedMilliseconds)
    }
    if launch.expired { expired += 1 }
    // The day as the file's whole milliseconds give it, the hour as its ISO text does.
    if let h = launch.hour { launchHours.insert(day: Int(launch.launchedMilliseconds / 86_400_000), hour: h) }
  }
}
