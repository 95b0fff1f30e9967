import DeviceModel
import IOSModel

/// Which of a phone's device changes and app events its logs keep. The layer that reads
/// the logs declares what it reads (the run's rows read a few kinds; a timeline or
/// `explain` reads everything), and the phone keeps only that.
///
/// A set of kinds kept as one bit each, so that the test per change or event is a shift
/// and a mask (it runs for every event of every simulated day).
public struct PhoneLogFilter: Sendable, Equatable {
  var appEventBits: UInt64
  var deviceChangeBits: UInt64

  public init(appEvents: Set<AppEvent.Kind>, deviceChanges: Set<DeviceChange.Kind>) {
    appEventBits = appEvents.reduce(0) { $0 | 1 << Self.ordinal($1) }
    deviceChangeBits = deviceChanges.reduce(0) { $0 | 1 << Self.ordinal($1) }
  }

  /// Every change and event.
  public static let everything = PhoneLogFilter(
    appEvents: Set(AppEvent.Kind.allCases), deviceChanges: Set(DeviceChange.Kind.allCases))

  @inline(__always)
  public func keeps(_ kind: AppEvent.Kind) -> Bool { appEventBits & (1 << Self.ordinal(kind)) != 0 }

  @inline(__always)
  public func keeps(_ kind: DeviceChange.Kind) -> Bool { deviceChangeBits & (1 << Self.ordinal(kind)) != 0 }

  /// A kind's position in its declaration: a case of an enum without payloads is stored
  /// as that position in one byte (both kinds have fewer than 64 cases; a test checks
  /// the positions against `allCases`).
  @inline(__always)
  static func ordinal(_ kind: AppEvent.Kind) -> UInt64 { UInt64(unsafeBitCast(kind, to: UInt8.self)) }

  @inline(__always)
  static func ordinal(_ kind: DeviceChange.Kind) -> UInt64 { UInt64(unsafeBitCast(kind, to: UInt8.self)) }
}
