/// The metrics of `summary.csv` and of hypotheses: a fixed set, and two families whose
/// members a hypothesis, `advise` or `--by` asks for: `launched_by_HH:MM` and
/// `share_owners_at_least_N_per_day`.
public struct MetricName: RawRepresentable, Hashable, Sendable {
  public let rawValue: String

  private init(fixed: String) { rawValue = fixed }

  /// A fixed metric's name (or a name it had before, ``formerNames``), or
  /// `launched_by_HH:MM` (00:01…24:00); nil otherwise.
  public init?(rawValue: String) {
    if let now = Self.formerNames[rawValue] {
      self = now
      return
    }
    guard
      Self.allCases.contains(where: { $0.rawValue == rawValue }) || Self.launchedBySeconds(rawValue) != nil
        || Self.atLeastPerDay(rawValue) != nil
    else { return nil }
    self.rawValue = rawValue
  }

  /// Launches per device-day (unit: owner).
  public static let launchesPerDeviceDay = MetricName(fixed: "launches_per_device_day")
  /// Share of launches that happened on the charger (unit: owner).
  public static let shareWhileCharging = MetricName(fixed: "share_while_charging")
  /// Delay from `earliestBeginDate` to launch [s] (values: launches; unit: owner).
  public static let delayAfterEarliest = MetricName(fixed: "delay_after_earliest_s")
  /// Share of launches that completed successfully (unit: owner).
  public static let completionRate = MetricName(fixed: "completion_rate")
  /// Share of launches that expired (unit: owner).
  public static let expiryRate = MetricName(fixed: "expiry_rate")
  /// Energy the app's background runs use per day, on the charger or not [mWh] (unit:
  /// owner). The same name means the same for the other apps (`other_app_summary.csv`).
  public static let energyPerDay = MetricName(fixed: "energy_per_day_mwh")
  /// The part of ``energyPerDay`` drawn from the battery: runs that started off external
  /// power [mWh] (unit: owner); 0 for work that runs only on the charger.
  public static let batteryEnergyPerDay = MetricName(fixed: "battery_energy_per_day_mwh")
  /// Time since the last successful run when the owner opens the app: each day's median
  /// [s] (values: days with an open; unit: owner).
  public static let stalenessAtOpen = MetricName(fixed: "staleness_at_open_s")
  /// Share of app opens with a successful run less than an hour before (unit: owner).
  public static let shareOpensWithRunInHourBefore = MetricName(fixed: "share_opens_with_run_in_hour_before")

  /// Names metrics had before, with the metric each names now: still read everywhere a
  /// metric is named (hypotheses, `--metric`, `advise`, old output folders), with a note
  /// (``formerNameNote(_:)``).
  public static let formerNames: [String: MetricName] = [
    // Issue 53: a share of the owner's opens, not a count of launches.
    "launches_in_hour_before_open": shareOpensWithRunInHourBefore
  ]

  /// The metric a name stands for now: `name` itself unless it is a former name.
  public static func currentName(_ name: String) -> String { formerNames[name]?.rawValue ?? name }

  /// One note (``formerNameNote(_:)``) for each former name among the words of `texts`
  /// (a hypothesis, a goal, `--metric` values), in order of the names.
  public static func formerNameNotes(in texts: [String]) -> [String] {
    let words = texts.flatMap { $0.split(whereSeparator: { " ,<>=!()[]".contains($0) }).map(String.init) }
    return Set(words).sorted().compactMap(formerNameNote)
  }

  /// One line saying that `name` is a former name and what it is called now; nil for any
  /// other name.
  public static func formerNameNote(_ name: String) -> String? {
    guard let now = formerNames[name] else { return nil }
    return "\(name) is now called \(now.rawValue) (a share of the owner's opens, not a count of launches); "
      + "the old name is read as the new one"
  }
  /// Share of owners with no launch on any day after the warm-up: each owner's figure is
  /// 1 or 0 (unit: owner).
  public static let shareOwnersNone = MetricName(fixed: "share_owners_none")
  /// The intra-class correlation of launches per day: the share of their variance that
  /// lies between owners [0…1] (unit: owner-day; ``Statistics/intraClassCorrelation(_:level:)``).
  public static let iccLaunchesPerDay = MetricName(fixed: "icc_launches_per_day")

  /// The other apps' metrics (`other_app_summary.csv`, ``OtherAppFigures``), each a day
  /// after the warm-up (unit: owner), beside ``energyPerDay`` and ``batteryEnergyPerDay``,
  /// which both files name:
  /// the owner's opens of the app, its launches, and its runs suspended by fair share.
  /// Not in ``allCases``: hypotheses and `summarize` read `summary.csv` alone.
  public static let opensPerDay = MetricName(fixed: "opens_per_day")
  public static let launchesPerDay = MetricName(fixed: "launches_per_day")
  public static let suspendedPerDay = MetricName(fixed: "suspended_per_day")

  /// The fixed metrics, in the order of `summary.csv`.
  public static let allCases: [MetricName] = [
    launchesPerDeviceDay, shareWhileCharging, delayAfterEarliest, completionRate, expiryRate, energyPerDay,
    batteryEnergyPerDay, stalenessAtOpen, shareOpensWithRunInHourBefore, shareOwnersNone, iccLaunchesPerDay,
  ]

  /// The share of an owner's days (after the warm-up) with a successful run between
  /// midnight and `HH:MM` (unit: owner).
  public static func launchedBy(seconds: Int) -> MetricName {
    let two = { (v: Int) in v < 10 ? "0\(v)" : "\(v)" }
    return MetricName(fixed: "launched_by_\(two(seconds / 3600)):\(two(seconds / 60 % 60))")
  }

  /// The time of day [s] of a `launched_by_HH:MM` name, 00:01…24:00 (24:00: by the end
  /// of the day, so any run that day); nil for any other name. `00:00` is none: no run is
  /// launched by the day's first instant, so its share is 0 on every run.
  public static func launchedBySeconds(_ name: String) -> Int? {
    guard name.hasPrefix("launched_by_") else { return nil }
    let clock = name.dropFirst("launched_by_".count).split(separator: ":", omittingEmptySubsequences: false)
    guard clock.count == 2, clock[0].count == 2, clock[1].count == 2, let h = Int(clock[0]),
      let m = Int(clock[1]),
      (0...24).contains(h), (0..<60).contains(m)
    else { return nil }
    let seconds = h * 3600 + m * 60
    return (60...86_400).contains(seconds) ? seconds : nil
  }

  /// What is wrong with `bgsim run --by TIME`, or nil when TIME makes a `launched_by_HH:MM`.
  public static func byOptionProblem(_ time: String) -> String? {
    guard launchedBySeconds("launched_by_" + time) == nil else { return nil }
    return "--by \(time) is no time to count runs by; write HH:MM, \(launchedByTimes), e.g. --by 08:00"
  }

  /// How a time of `launched_by_HH:MM` is written, for messages.
  public static let launchedByTimes =
    "a time from 00:01 to 24:00 (24:00: any time of the day; 00:00 counts no run, as none is launched by the day's first instant)"

  /// This metric's time of day when it is a `launched_by_HH:MM` [s].
  public var launchedBySeconds: Int? { Self.launchedBySeconds(rawValue) }

  /// The share of owners whose launches per device-day (after the warm-up) are at least
  /// `n`: each owner's figure is 1 or 0 (unit: owner).
  public static func shareOwnersAtLeast(perDay n: Int) -> MetricName {
    MetricName(fixed: "share_owners_at_least_\(n)_per_day")
  }

  /// The largest N of `share_owners_at_least_N_per_day` [launches per day].
  public static let largestPerDay = 1000

  /// N of a `share_owners_at_least_N_per_day` name (1…``largestPerDay``); nil otherwise.
  public static func atLeastPerDay(_ name: String) -> Int? {
    guard name.hasPrefix(atLeastPrefix), name.hasSuffix("_per_day") else { return nil }
    let digits = name.dropFirst(atLeastPrefix.count).dropLast("_per_day".count)
    guard !digits.isEmpty, digits.allSatisfy({ ("0"..."9").contains($0) }), digits.count <= 4,
      let n = Int(digits), (1...largestPerDay).contains(n)
    else { return nil }
    return n
  }

  static let atLeastPrefix = "share_owners_at_least_"

  /// This metric's N when it is a `share_owners_at_least_N_per_day`.
  public var atLeastPerDay: Int? { Self.atLeastPerDay(rawValue) }

  /// Whether this metric belongs to a family (not one of ``allCases``).
  public var isFamilyMember: Bool { launchedBySeconds != nil || atLeastPerDay != nil }

  /// What is wrong with `name` when it starts like a family's member but is not one (a
  /// negative or fractional N, a time past 24:00); nil when it is one, or when it looks
  /// like no family at all.
  public static func familyProblem(_ name: String) -> String? {
    if name.hasPrefix(atLeastPrefix) {
      guard atLeastPerDay(name) == nil else { return nil }
      let n = name.dropFirst(atLeastPrefix.count).replacingOccurrences(of: "_per_day", with: "")
      if n.hasPrefix("-") {
        return "N is negative in '\(name)'; N counts launches per day, from 1 to \(largestPerDay)"
      }
      return
        "'\(name)' is not a form of share_owners_at_least_N_per_day: N must be a whole number from 1 to \(largestPerDay), as in share_owners_at_least_2_per_day"
    }
    if name.hasPrefix("launched_by_"), launchedBySeconds(name) == nil {
      return
        "'\(name)' is not a form of launched_by_HH:MM: use \(launchedByTimes), as in launched_by_07:30"
    }
    return nil
  }

  /// Family members in the order of `summary.csv`: `launched_by_HH:MM` by time, then
  /// `share_owners_at_least_N_per_day` by N, each once.
  public static func familyOrder(_ metrics: [MetricName]) -> [MetricName] {
    let members = Set(metrics.filter(\.isFamilyMember))
    return members.sorted {
      ($0.launchedBySeconds == nil ? 1 : 0, $0.launchedBySeconds ?? 0, $0.atLeastPerDay ?? 0)
        < ($1.launchedBySeconds == nil ? 1 : 0, $1.launchedBySeconds ?? 0, $1.atLeastPerDay ?? 0)
    }
  }

  /// What one value behind the figure is: a launch (the delay), a day with an app
  /// open (the day's median staleness), or an owner (one figure each). The intervals
  /// treat the owner as the unit whatever this is.
  public var observation: String {
    switch self {
    case .delayAfterEarliest: "launch"
    case .stalenessAtOpen: "day with an open"
    default: "owner"
    }
  }

  /// Whether the console, the report and `advise` show this metric's median (with its
  /// interval) rather than its mean: the delays and the staleness, whose long tails
  /// make a mean say little of a typical launch.
  public var isSummarisedByMedian: Bool { self == .delayAfterEarliest || self == .stalenessAtOpen }

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
    case .launchesPerDeviceDay, .energyPerDay, .batteryEnergyPerDay, .delayAfterEarliest, .stalenessAtOpen:
      .nonNegative
    default: .share
    }
  }

  /// Whether hypotheses may name it (the intra-class correlation is reported only).
  public var isTestable: Bool { self != .iccLaunchesPerDay }
}
