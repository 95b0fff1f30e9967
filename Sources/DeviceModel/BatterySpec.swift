import Randomness

/// The battery: capacity, drain by state, Low Power Mode. Levels are in percent.
public struct BatterySpec: Sendable, Hashable {
  /// Capacity [Wh]; converts a task's energy into percent.
  public var capacityWh: Double = 12.98
  /// Level at the start of the run [0…100 %].
  public var initialPercent: RandomDistribution = .truncatedNormal(
    TruncatedNormal(mean: 70, sd: 15, lower: 20, upper: 100))
  /// Extra drain while the screen is on [%/h].
  public var screenOnDrainPerHour: Double = 10
  /// Drain with the screen off and nothing running [%/h].
  public var idleDrainPerHour: Double = 0.7
  /// Extra drain while on cellular rather than Wi-Fi [%/h].
  public var cellularExtraPerHour: Double = 0.3
  /// Extra drain while background work runs [%/h].
  public var backgroundDrainPerHour: Double = 6
  /// Probability that the owner accepts Low Power Mode when offered at 20 % and 10 % [0…1].
  public var lowPowerAcceptProbability: Double = 0.5
  /// Factor on the drain while Low Power Mode is on [0…1].
  public var lowPowerDrainFactor: Double = 0.85
  /// Time on the charger before a flat phone switches on again [s].
  public var bootDelaySeconds: Double = 180

  public init() {}
}
