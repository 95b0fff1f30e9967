import FileFormats

/// The metrics of `summary.csv` and of hypotheses: a fixed set, and `launched_by_HH:MM`
/// for any time of day a hypothesis or `--by` asks for.
public struct MetricName: RawRepresentable, Hashable, Sendable {
  public let rawValue: String

  private init(fixed: String) { rawValue = fixed }

  /// A fixed metric's name, or `launched_by_HH:MM` (00:00…23:59); nil otherwise.
  public init?(rawValue: String) {
    guard
      Self.allCases.contains(where: { $0.rawValue == rawValue }) || Self.launchedBySeconds(rawValue) != nil
    else { return nil }
    self.rawValue = rawValue
  }

  /// Launches per device-day (unit: owner).
  public static let launchesPerDeviceDay = MetricName(fixed: "launches_per_device_day")
  /// Share of launches that happened on the charger (unit: owner).
  public static let shareWhileCharging = MetricName(fixed: "share_while_charging")
  /// Delay from `earliestBeginDate` to launch [s] (unit: launch).
  public static let delayAfterEarliest = MetricName(fixed: "delay_after_earliest_s")
  /// Share of launches that completed successfully (unit: owner).
  public static let completionRate = MetricName(fixed: "completion_rate")
  /// Share of launches that expired (unit: owner).
  public static let expiryRate = MetricName(fixed: "expiry_rate")
  /// Background energy per day [mWh] (unit: owner).
  public static let energyPerDay = MetricName(fixed: "energy_per_day_mwh")
  /// Time since the last successful run when the owner opens the app [s] (unit: open).
  public static let stalenessAtOpen = MetricName(fixed: "staleness_at_open_s")
  /// Share of app opens with a successful run less than an hour before (unit: owner).
  public static let launchesInHourBeforeOpen = MetricName(fixed: "launches_in_hour_before_open")
  /// Share of owners with no launch on any day after the warm-up: each owner's figure is
  /// 1 or 0 (unit: owner).
  public static let shareOwnersNone = MetricName(fixed: "share_owners_none")
  /// The intra-class correlation of launches per day: the share of their variance that
  /// lies between owners [0…1] (unit: owner-day; ``Statistics/intraClassCorrelation(_:level:)``).
  public static let iccLaunchesPerDay = MetricName(fixed: "icc_launches_per_day")

  /// The fixed metrics, in the order of `summary.csv`.
  public static let allCases: [MetricName] = [
    launchesPerDeviceDay, shareWhileCharging, delayAfterEarliest, completionRate, expiryRate, energyPerDay,
    stalenessAtOpen, launchesInHourBeforeOpen, shareOwnersNone, iccLaunchesPerDay,
  ]

  /// The share of an owner's days (after the warm-up) with a successful run between
  /// midnight and `HH:MM` (unit: owner).
  public static func launchedBy(seconds: Int) -> MetricName {
    let two = { (v: Int) in v < 10 ? "0\(v)" : "\(v)" }
    return MetricName(fixed: "launched_by_\(two(seconds / 3600)):\(two(seconds / 60 % 60))")
  }

  /// The time of day [s] of a `launched_by_HH:MM` name; nil for any other name.
  public static func launchedBySeconds(_ name: String) -> Int? {
    guard name.hasPrefix("launched_by_") else { return nil }
    let clock = name.dropFirst("launched_by_".count).split(separator: ":", omittingEmptySubsequences: false)
    guard clock.count == 2, clock[0].count == 2, clock[1].count == 2, let h = Int(clock[0]),
      let m = Int(clock[1]),
      (0..<24).contains(h), (0..<60).contains(m)
    else { return nil }
    return h * 3600 + m * 60
  }

  /// This metric's time of day when it is a `launched_by_HH:MM` [s].
  public var launchedBySeconds: Int? { Self.launchedBySeconds(rawValue) }

  /// What one observation is.
  public var unit: String {
    switch self {
    case .delayAfterEarliest: "launch"
    case .stalenessAtOpen: "open"
    case .iccLaunchesPerDay: "owner-day"
    default: "owner"
    }
  }

  /// The values a metric can take, which its intervals respect.
  public enum Range: Sendable {
    /// A share or a probability [0…1].
    case share
    /// A count, an energy or a duration [0…∞).
    case nonNegative
  }

  /// The values this metric can take.
  public var range: Range {
    switch self {
    case .launchesPerDeviceDay, .energyPerDay, .delayAfterEarliest, .stalenessAtOpen: .nonNegative
    default: .share
    }
  }

  /// Whether hypotheses may name it (the intra-class correlation is reported only).
  public var isTestable: Bool { self != .iccLaunchesPerDay }
}
