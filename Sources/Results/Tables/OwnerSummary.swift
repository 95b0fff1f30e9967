import FileFormats
import SimKernel

/// What one owner's rows in one arm give the summary (``SummaryTables``), gathered as
/// the rows are written rather than read back from their text.
///
/// Each number is the one the summary reads from the row's text (``SummaryTables/read(days:launches:headers:arms:cells:sweptKeys:byReplication:families:warmupDays:regrouping:spill:)``),
/// worked out from the same integers the text is written from: a delay in whole
/// milliseconds as ``CSVRowWriter/seconds(_:)`` rounds it, the median staleness as the
/// whole seconds ``CSVRowWriter/fixed(_:digits:)`` writes, the energy as its two-decimal
/// text reads, the launch hour as the ISO time shows it. A test checks the tables from
/// these against the tables read from the files, byte for byte.
package struct OwnerSummary {
  package init() {}

  var counts = SummaryTables.Counts()
  /// Whether any row counts (rows of the warm-up days do not).
  var counted = false
  /// Delays after `earliestBeginDate` of the launched requests [ms].
  var delays: [Int64] = []
  /// Each day's median staleness at app open, on days with an open [ms].
  var staleness: [Int64] = []
  /// Launches by hour of the day.
  var hours = [Int](repeating: 0, count: 24)

  /// A `launches.csv` row: one of a request never launched, or launched in the first
  /// `warmupDays` days (judged by the time as the row writes it), adds nothing.
  package mutating func add(launch row: LaunchRow, calendar: SimCalendar, warmupDays: Int) {
    guard let launch = LaunchFigures(row, calendar: calendar),
      !SummaryTables.inWarmup(milliseconds: launch.launchedMilliseconds, warmupDays)
    else { return }
    counted = true
    counts.add(launch: launch)
    if let d = launch.delayMilliseconds { delays.append(d) }
    if let h = launch.hour { hours[h] += 1 }
  }

  /// The launches of each day, warm-up included, by day since the start.
  var dayLaunches: [Int] = []

  /// A `days.csv` row of any day, warm-up included: its launches, for the start-up
  /// transient (``StartupTransient``).
  package mutating func note(day row: DayRow) {
    guard row.day >= 0 else { return }
    if dayLaunches.count <= row.day {
      dayLaunches += Array(repeating: 0, count: row.day + 1 - dayLaunches.count)
    }
    dayLaunches[row.day] += row.launches
    if row.offSeconds.rounded() >= 86_400 { daysOff.append(row.day) }
  }

  /// The days the phone was off from midnight to midnight.
  var daysOff: [Int] = []

  /// A `days.csv` row after the warm-up.
  package mutating func add(day row: DayRow) {
    counted = true
    let day = DayFigures(row)
    counts.add(day: day)
    if let s = day.stalenessMedianMilliseconds { staleness.append(s) }
  }

  /// The value the text of `fixed(x, digits: 2)` reads as (0 for the empty field of a
  /// value that is not finite): the nearest double to the two-decimal number written,
  /// which is the quotient of the (exact) hundredths by 100.
  package static func twoDecimals(_ x: Double) -> Double {
    guard x.isFinite else { return 0 }
    let hundredths = (x.magnitude * 100).rounded()
    guard hundredths < 9e18 else { return x }  // written as Swift prints it, which reads back
    return (x < 0 && hundredths != 0 ? -1 : 1) * (hundredths / 100)
  }

  /// The milliseconds the text of `fixed(x, digits: 0)` reads as (the whole seconds
  /// written, read digit by digit up to 15 digits, as a number beyond); nil for none.
  package static func wholeSecondsInMilliseconds(_ x: Double) -> Int64? {
    guard x.isFinite else { return nil }
    let whole = x.magnitude.rounded()
    let sign: Int64 = x < 0 && whole != 0 ? -1 : 1
    if whole < 1e15 { return sign * Int64(whole) * 1000 }
    guard whole < 9e15 else { return nil }
    return Int64((Double(sign) * whole * 1000).rounded())
  }
}
