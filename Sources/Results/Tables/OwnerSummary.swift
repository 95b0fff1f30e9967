import FileFormats
import SimKernel

/// What one owner's rows in one arm give the summary (``SummaryTables``), gathered as
/// the rows are written rather than read back from their text.
///
/// Each number is the one the summary reads from the row's text (``SummaryTables/read(days:launches:headers:arms:cells:sweptKeys:byReplication:launchedBy:warmupDays:spill:)``),
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

  /// A `launches.csv` row (one of a request never launched adds nothing).
  package mutating func add(
    launched: SimTime, earliest: SimTime, outcome: LaunchOutcome?, charging: Bool?,
    calendar: SimCalendar
  ) {
    counted = true
    counts.launched += 1
    if charging == true { counts.charging += 1 }
    if outcome == .completed {
      counts.completed += 1
      counts.success(atMilliseconds: (launched.microseconds + 500) / 1000)
    }
    if outcome == .expired { counts.expired += 1 }
    let delay = max(0, (launched - earliest).microseconds)
    delays.append((delay + 500) / 1000)
    let hour = Int(calendar.microsecondsIntoDay(of: launched) / SimCalendar.hourMicroseconds)
    hours[hour] += 1
    // The day as the file's whole milliseconds give it, the hour as its ISO text does.
    counts.launchHours.insert(Int((launched.microseconds + 500) / 1000 / 86_400_000) * 24 + hour)
  }

  /// A `days.csv` row.
  package mutating func add(
    energyMilliwattHours: Double, medianStaleness: Double?, launches: Int, opens: Int = 0, freshOpens: Int = 0
  ) {
    counted = true
    counts.opens += Double(opens)
    counts.freshOpens += Double(freshOpens)
    counts.days += 1
    counts.dayLaunches += Double(launches)
    counts.dayLaunchSquares += Double(launches) * Double(launches)
    counts.energy += Self.twoDecimals(energyMilliwattHours)
    if let s = medianStaleness, let ms = Self.wholeSecondsInMilliseconds(s) { staleness.append(ms) }
  }

  /// The value the text of `fixed(x, digits: 2)` reads as (0 for the empty field of a
  /// value that is not finite): the nearest double to the two-decimal number written,
  /// which is the quotient of the (exact) hundredths by 100.
  static func twoDecimals(_ x: Double) -> Double {
    guard x.isFinite else { return 0 }
    let hundredths = (x.magnitude * 100).rounded()
    guard hundredths < 9e18 else { return x }  // written as Swift prints it, which reads back
    return (x < 0 && hundredths != 0 ? -1 : 1) * (hundredths / 100)
  }

  /// The milliseconds the text of `fixed(x, digits: 0)` reads as (the whole seconds
  /// written, read digit by digit up to 15 digits, as a number beyond); nil for none.
  static func wholeSecondsInMilliseconds(_ x: Double) -> Int64? {
    guard x.isFinite else { return nil }
    let whole = x.magnitude.rounded()
    let sign: Int64 = x < 0 && whole != 0 ? -1 : 1
    if whole < 1e15 { return sign * Int64(whole) * 1000 }
    guard whole < 9e15 else { return nil }
    return Int64((Double(sign) * whole * 1000).rounded())
  }
}
