/// What one of the owner's other apps did so far, its kinds of work together: the figures
/// a phone reports for `other_apps.csv` and `other_app_days.csv`.
public struct OtherAppTotal: Sendable {
  public var bundle: String
  /// Its kinds of work, joined by `+` (`apple_maintenance` for Apple's own).
  public var work: String
  /// Its rank in the owner's use (1: the most opened; 0: never opened).
  public var rank: Int
  /// Times the owner opened it.
  public var opens: Int
  public var launches: Int
  /// Runs suspended to make room in a full group.
  public var suspended: Int
  /// Energy its runs used, on the charger or not [mWh].
  public var energyMWh: Double
  /// The part of it drawn from the battery: runs that started off external power [mWh].
  public var batteryEnergyMWh: Double
}
