/// A span of simulated time in whole microseconds.
///
/// ```swift
/// let d: SimDuration = .minutes(15)
/// d.seconds  // 900.0
/// ```
public struct SimDuration: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
  /// Length [µs]. May be negative when it is the difference of two instants.
  public var microseconds: Int64

  @inlinable
  public init(microseconds: Int64) { self.microseconds = microseconds }

  /// Creates a span of `seconds`, rounded to the nearest microsecond [s].
  @inlinable @inline(__always)
  public init(seconds: Double) { self.microseconds = Rounding.toNearest(Rounding.saturated(seconds * 1e6)) }

  public static let zero = SimDuration(microseconds: 0)

  /// Length [s].
  @inlinable
  public var seconds: Double { Double(microseconds) / 1e6 }

  @inlinable public static func seconds(_ s: Double) -> SimDuration { SimDuration(seconds: s) }
  @inlinable public static func minutes(_ m: Double) -> SimDuration { SimDuration(seconds: m * 60) }
  @inlinable public static func hours(_ h: Double) -> SimDuration { SimDuration(seconds: h * 3600) }
  @inlinable public static func days(_ d: Double) -> SimDuration { SimDuration(seconds: d * 86_400) }

  @inlinable
  public static func < (lhs: SimDuration, rhs: SimDuration) -> Bool {
    lhs.microseconds < rhs.microseconds
  }

  @inlinable
  public static func + (lhs: SimDuration, rhs: SimDuration) -> SimDuration {
    SimDuration(microseconds: lhs.microseconds &+ rhs.microseconds)
  }

  @inlinable
  public static func - (lhs: SimDuration, rhs: SimDuration) -> SimDuration {
    SimDuration(microseconds: lhs.microseconds &- rhs.microseconds)
  }

  @inlinable
  public static func * (lhs: SimDuration, rhs: Int64) -> SimDuration {
    SimDuration(microseconds: lhs.microseconds &* rhs)
  }

  public var description: String { "\(seconds)s" }
}
