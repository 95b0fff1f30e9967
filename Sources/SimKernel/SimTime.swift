/// An instant of simulated time: whole microseconds since the start of the run.
///
/// Time is an integer so that event order never depends on floating-point rounding.
/// `SimTime.zero` is midnight of the run's start date (see ``SimCalendar``).
///
/// ```swift
/// let t = SimTime.zero + .hours(7) + .minutes(30)
/// t.seconds  // 27000.0
/// ```
public struct SimTime: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
  /// Microseconds since the start of the run [µs].
  public var microseconds: Int64

  /// Creates an instant from microseconds since the start [µs].
  @inlinable
  public init(microseconds: Int64) { self.microseconds = microseconds }

  /// The start of the run.
  public static let zero = SimTime(microseconds: 0)
  /// A time later than any event a run can schedule.
  public static let distantFuture = SimTime(microseconds: Int64.max / 2)

  /// Creates an instant `seconds` after the start, rounded to the nearest microsecond [s].
  @inlinable @inline(__always)
  public init(seconds: Double) { self.microseconds = Rounding.toNearest(Rounding.saturated(seconds * 1e6)) }

  /// Seconds since the start [s].
  @inlinable
  public var seconds: Double { Double(microseconds) / 1e6 }

  @inlinable
  public static func < (lhs: SimTime, rhs: SimTime) -> Bool { lhs.microseconds < rhs.microseconds }

  @inlinable
  public static func + (lhs: SimTime, rhs: SimDuration) -> SimTime {
    SimTime(microseconds: lhs.microseconds &+ rhs.microseconds)
  }

  @inlinable
  public static func - (lhs: SimTime, rhs: SimDuration) -> SimTime {
    SimTime(microseconds: lhs.microseconds &- rhs.microseconds)
  }

  @inlinable
  public static func - (lhs: SimTime, rhs: SimTime) -> SimDuration {
    SimDuration(microseconds: lhs.microseconds &- rhs.microseconds)
  }

  @inlinable
  public static func += (lhs: inout SimTime, rhs: SimDuration) { lhs = lhs + rhs }

  public var description: String { "t+\(seconds)s" }
}
