import SimKernel

/// The device's conditions at one moment, as plain values: what the iOS model is handed
/// at each call instead of the whole ``SimulatedDevice`` (whose streams, profiles and
/// logs would be retained and released at every call). Valid until the device next
/// changes state; the battery level is still read at a given instant.
public struct DeviceSnapshot: DeviceConditions, Sendable, Hashable {
  /// Battery level at `batteryMark` [0…100 %].
  public var batteryLevel: Double
  public var batteryMark: SimTime
  /// Rate of change of the level since `batteryMark` [%/h].
  public var batteryRate: Double
  public var isPluggedIn: Bool
  public var isScreenOn: Bool
  /// When the screen last went off.
  public var lastScreenOff: SimTime
  public var network: NetworkKind
  public var isLowPowerMode: Bool
  public var thermalState: ThermalState
  public var isPoweredOn: Bool
  /// Whether the owner unlocked the phone since it last booted (before that, no app
  /// runs: its data are still encrypted).
  public var isUnlockedSinceBoot = true

  public func batteryPercent(at time: SimTime) -> Double {
    Self.batteryPercent(level: batteryLevel, mark: batteryMark, rate: batteryRate, at: time)
  }

  public var isInUse: Bool { isScreenOn }

  public func idleSeconds(at time: SimTime) -> Double {
    Self.idleSeconds(screenOn: isScreenOn, lastScreenOff: lastScreenOff, at: time)
  }

  /// The level at `time` of a battery at `level` [%] at `mark`, changing at `rate`
  /// [%/h], within [0, 100]. The device and its snapshots share this one formula.
  @inline(__always)
  static func batteryPercent(level: Double, mark: SimTime, rate: Double, at time: SimTime) -> Double {
    min(100, max(0, level + rate * (time - mark).seconds / 3600))
  }

  /// Time with the screen off at `time` [s]; 0 while it is on.
  @inline(__always)
  static func idleSeconds(screenOn: Bool, lastScreenOff: SimTime, at time: SimTime) -> Double {
    screenOn ? 0 : max(0, (time - lastScreenOff).seconds)
  }
}
