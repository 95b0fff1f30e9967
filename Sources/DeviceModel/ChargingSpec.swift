import Randomness

/// The charge curve and the owner's charging habits. Times of day are seconds since
/// midnight; values past 24 h mean after midnight.
public struct ChargingSpec: Sendable, Hashable {
  /// Charge rate below `taperStartPercent` [%/h].
  public var fastRatePerHour: Double = 100
  /// Level where charging slows to a trickle [%].
  public var taperStartPercent: Double = 80
  /// Charge rate above `taperStartPercent` [%/h].
  public var trickleRatePerHour: Double = 20
  /// Optimized Battery Charging: hold at `taperStartPercent` on long overnight charges.
  public var optimized: Bool = true
  /// Shortest expected overnight charge that triggers the hold [s].
  public var optimizedMinimumPlugSeconds: Double = 5 * 3600
  /// How early, before the expected unplug, charging is to reach 100 % [s].
  public var optimizedFinishBeforeSeconds: Double = 1800
  /// Probability of charging on a given night [0…1].
  public var overnightProbability: Double = 0.9
  /// Time of day of the overnight plug-in [s since midnight].
  public var overnightPlugIn: RandomDistribution = .normal(Normal(mean: 23 * 3600, sd: 75 * 60))
  /// Time of day of the morning unplug [s since midnight].
  public var overnightUnplug: RandomDistribution = .normal(Normal(mean: 7 * 3600, sd: 45 * 60))
  /// How much later the unplug is on Saturdays and Sundays [s].
  public var weekendUnplugDelaySeconds: Double = 5400
  /// Mean daytime top-ups per day [1/day].
  public var topupsPerDay: Double = 0.6
  /// Relative hourly shape of top-up start times.
  public var topupProfile: TimeOfDayProfile = ChargingSpec.daytime
  /// Length of one top-up [s]; a draw shorter than ``shortestTopupSeconds`` lasts that long.
  public var topupDuration: RandomDistribution = .logNormal(LogNormal(median: 35 * 60, sigma: 0.7))
  /// Level at which a discharging owner may look for a charger [%].
  public var lowBatteryPlugPercent: Double = 15
  /// Probability of plugging in at that level [0…1].
  public var lowBatteryPlugProbability: Double = 0.5
  /// Length of such a charge [s].
  public var lowBatteryChargeDuration: RandomDistribution = .logNormal(LogNormal(median: 3600, sigma: 0.5))

  /// The shortest top-up [s]: a cable's brief contact is no habit of the owner's.
  public static let shortestTopupSeconds = 60.0

  public init() {}

  /// Equal weight on each hour from 09:00 to 20:00, none at night.
  public static let daytime = TimeOfDayProfile(hourly: (0..<24).map { (9..<20).contains($0) ? 1 : 0 })
}
