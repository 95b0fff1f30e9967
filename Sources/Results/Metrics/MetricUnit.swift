/// What an owner figure is measured in (``OwnerMetric/unit``).
public enum MetricUnit: String, Sendable, Hashable {
  /// Events a day after the warm-up [1/day]: launches, opens, runs suspended. An owner's
  /// figure moves in steps of 1/days.
  case perDay = "1/day"
  /// Battery energy a day after the warm-up [mWh/day].
  case milliwattHoursPerDay = "mWh/day"
  /// A share [0…1]: of launches, of opens, of days, or an owner's 1 or 0.
  case share = "share"

  /// Whether an owner's figure is a count of days' events, which moves in whole steps
  /// of 1/days (not an amount, such as energy, or a share).
  public var isCounted: Bool { self == .perDay }

  /// The values a figure in this unit can take, which its intervals respect.
  public var range: MetricName.Range { self == .share ? .share : .nonNegative }
}
