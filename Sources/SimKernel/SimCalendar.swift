/// Maps simulated time onto a wall clock: day number, hour of day, weekday, ISO text.
///
/// ``SimTime/zero`` is local midnight at the start of `startDate`. The clock has no
/// time zone and no daylight-saving jumps: every simulated day is 86,400 s.
///
/// ```swift
/// let calendar = SimCalendar(startDate: CivilDate(iso: "2026-01-05")!)  // a Monday
/// calendar.weekday(of: SimTime(seconds: 6 * 86_400))  // 7 (Sunday)
/// ```
public struct SimCalendar: Hashable, Sendable, Codable {
  /// Microseconds in one simulated day [µs].
  public static let dayMicroseconds: Int64 = 86_400_000_000
  /// Microseconds in one hour [µs].
  public static let hourMicroseconds: Int64 = 3_600_000_000

  /// The date of day 0.
  public let startDate: CivilDate
  @usableFromInline let startWeekdayIndex: Int

  public init(startDate: CivilDate) {
    self.startDate = startDate
    startWeekdayIndex = startDate.weekday - 1
  }

  /// Day number since the start, counting from 0.
  @inlinable
  public func day(of time: SimTime) -> Int {
    Int(floorDiv(time.microseconds, Self.dayMicroseconds))
  }

  /// Time since local midnight [µs].
  @inlinable
  public func microsecondsIntoDay(of time: SimTime) -> Int64 {
    time.microseconds - floorDiv(time.microseconds, Self.dayMicroseconds) * Self.dayMicroseconds
  }

  /// Hour of the day [0…23].
  @inlinable
  public func hour(of time: SimTime) -> Int {
    Int(microsecondsIntoDay(of: time) / Self.hourMicroseconds)
  }

  /// Hour of the day as a fraction [0…24).
  @inlinable
  public func fractionalHour(of time: SimTime) -> Double {
    Double(microsecondsIntoDay(of: time)) / Double(Self.hourMicroseconds)
  }

  /// ISO weekday: 1 = Monday … 7 = Sunday.
  @inlinable
  public func weekday(of time: SimTime) -> Int {
    (startWeekdayIndex + ((day(of: time) % 7) + 7)) % 7 + 1
  }

  /// Weekday index for tables: 0 = Monday … 6 = Sunday.
  @inlinable
  public func weekdayIndex(of time: SimTime) -> Int { weekday(of: time) - 1 }

  /// Whether the day is a Saturday or a Sunday.
  @inlinable
  public func isWeekend(_ time: SimTime) -> Bool { weekday(of: time) >= 6 }

  /// Midnight at the start of day `day`.
  @inlinable
  public func startOfDay(_ day: Int) -> SimTime {
    SimTime(microseconds: Int64(day) * Self.dayMicroseconds)
  }

  /// The calendar date of a simulated time.
  public func date(of time: SimTime) -> CivilDate {
    CivilDate(daysSinceEpoch: startDate.daysSinceEpoch + day(of: time))
  }

  /// Local time as `YYYY-MM-DDThh:mm:ss`, truncated to the second.
  public func isoString(_ time: SimTime) -> String {
    let seconds = microsecondsIntoDay(of: time) / 1_000_000
    func two(_ v: Int64) -> String { v < 10 ? "0\(v)" : "\(v)" }
    return
      "\(date(of: time))T\(two(seconds / 3600)):\(two(seconds / 60 % 60)):\(two(seconds % 60))"
  }
}

/// Division rounding toward negative infinity.
@inlinable
func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
  let q = a / b
  return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
}
