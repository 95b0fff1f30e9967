/// The metrics of `summary.csv` and of hypotheses.
public enum MetricName: String, Sendable, CaseIterable {
  /// Launches per device-day (unit: owner).
  case launchesPerDeviceDay = "launches_per_device_day"
  /// Share of launches that happened on the charger (unit: owner).
  case shareWhileCharging = "share_while_charging"
  /// Delay from `earliestBeginDate` to launch [s] (unit: launch).
  case delayAfterEarliest = "delay_after_earliest_s"
  /// Share of launches that completed successfully (unit: owner).
  case completionRate = "completion_rate"
  /// Share of launches that expired (unit: owner).
  case expiryRate = "expiry_rate"
  /// Background energy per day [mWh] (unit: owner).
  case energyPerDay = "energy_per_day_mwh"
  /// Time since the last successful run when the owner opens the app [s] (unit: open).
  case stalenessAtOpen = "staleness_at_open_s"

  /// What one observation is.
  public var unit: String {
    switch self {
    case .delayAfterEarliest: "launch"
    case .stalenessAtOpen: "open"
    default: "owner"
    }
  }
}
