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
  /// The intra-class correlation of launches per day: the share of their variance that
  /// lies between owners [0…1] (unit: owner-day; ``Statistics/intraClassCorrelation(_:level:)``).
  case iccLaunchesPerDay = "icc_launches_per_day"

  /// What one observation is.
  public var unit: String {
    switch self {
    case .delayAfterEarliest: "launch"
    case .stalenessAtOpen: "open"
    case .iccLaunchesPerDay: "owner-day"
    default: "owner"
    }
  }

  /// Whether hypotheses may name it (the intra-class correlation is reported only).
  public var isTestable: Bool { self != .iccLaunchesPerDay }
}
