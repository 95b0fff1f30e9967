/// A metric of `other_app_summary.csv`, per day after the warm-up: the owner's opens of
/// the app, its launches, its runs suspended by fair share, and the energy its runs drew.
public enum OtherAppMetric: String, CaseIterable, Sendable, Hashable {
  case opensPerDay = "opens_per_day"
  case launchesPerDay = "launches_per_day"
  case suspendedPerDay = "suspended_per_day"
  case energyPerDay = "energy_per_day_mwh"

  /// Whether an owner's figure is a count per day (it moves in steps of 1/days), not an
  /// amount.
  public var isCounted: Bool { self != .energyPerDay }
}
