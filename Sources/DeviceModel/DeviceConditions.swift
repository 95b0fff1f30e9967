import SimKernel

/// What the iOS model may know about the phone: the small protocol through which it
/// sees the device. Values are read at a given instant because the battery level
/// changes continuously between events.
public protocol DeviceConditions {
  /// Battery level at `time` [0…100 %].
  func batteryPercent(at time: SimTime) -> Double
  /// Whether external power is connected.
  var isPluggedIn: Bool { get }
  /// Whether the screen is on.
  var isScreenOn: Bool { get }
  /// Whether the user is using the device (screen on and unlocked).
  var isInUse: Bool { get }
  /// Time the device has been idle (screen off) at `time` [s]; 0 while in use.
  func idleSeconds(at time: SimTime) -> Double
  /// The network now.
  var network: NetworkKind { get }
  /// Whether Low Power Mode is on.
  var isLowPowerMode: Bool { get }
  /// The thermal state now.
  var thermalState: ThermalState { get }
  /// Whether the phone is on (false after it ran flat until it boots again).
  var isPoweredOn: Bool { get }
  /// Whether the owner unlocked the phone since it last booted.
  var isUnlockedSinceBoot: Bool { get }
}

extension DeviceConditions {
  /// Whether apps can run: the phone is on and its owner unlocked it since it booted.
  public var appsCanRun: Bool { isPoweredOn && isUnlockedSinceBoot }
}
