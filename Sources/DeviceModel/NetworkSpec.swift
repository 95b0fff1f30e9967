import Randomness

/// Where the owner is and what network that gives. At home the phone is on home Wi-Fi
/// most of the time (when `homeWifi`); away it alternates between Wi-Fi, cellular and no service in
/// periods of heavy-tailed length.
public struct NetworkSpec: Sendable, Hashable {
  /// Whether there is Wi-Fi at home.
  public var homeWifi: Bool = true
  /// Share of time at home spent on Wi-Fi rather than cellular [0…1].
  public var homeWifiShare: Double = 0.9
  /// Time of day the owner leaves home on weekdays [s since midnight].
  public var leaveHome: RandomDistribution = .normal(Normal(mean: 8.25 * 3600, sd: 45 * 60))
  /// When the owner comes back on weekdays [s since the midnight before leaving]: after
  /// `leaveHome`, past 24 h for a night away (31 h: 07:00 the next morning).
  public var returnHome: RandomDistribution = .normal(Normal(mean: 19 * 3600, sd: 75 * 60))
  /// Probability of going out on a Saturday or Sunday [0…1].
  public var weekendOutingProbability: Double = 0.8
  /// Time of day a weekend outing starts [s since midnight].
  public var weekendOutingStart: RandomDistribution = .normal(Normal(mean: 13 * 3600, sd: 2 * 3600))
  /// Length of a weekend outing [s].
  public var weekendOutingLength: RandomDistribution = .logNormal(LogNormal(median: 4 * 3600, sigma: 0.5))
  /// Share of time away from home spent on Wi-Fi [0…1].
  public var awayWifiShare: Double = 0.1
  /// Length of one Wi-Fi or cellular period away from home [s].
  public var awayPeriod: RandomDistribution = .logNormal(LogNormal(median: 40 * 60, sigma: 1))
  /// Share of time away from home with no service [0…1].
  public var noServiceShare: Double = 0.02
  /// Length of one period with no service [s].
  public var noServicePeriod: RandomDistribution = .logNormal(LogNormal(median: 4 * 60, sigma: 1))

  public init() {}
}
