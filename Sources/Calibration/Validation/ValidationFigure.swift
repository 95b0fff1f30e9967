import FileFormats
import IOSModel
import PhoneAssembly
import Randomness
import Results

/// The figure a validation case compares with its report, computed over the simulated
/// owners of one task (an identifier in the app log: a task's identifier,
/// `legacy_fetch` or `silent_push`; `any` for every one; `background_time` for the
/// app's stretches of `beginBackgroundTask` time, each from its begin to its expiry or
/// end). Days before `from_day` are left
/// out. A `window` limits the window metrics to launches in it, and the gap metrics to
/// gaps that start in it.
public struct ValidationFigure: Sendable {
  public enum Metric: String, Sendable, CaseIterable {
    /// Launches per owner-day [1/d].
    case launchesPerDay = "launches_per_day"
    /// Median time between two consecutive launches of one owner [min]; with
    /// `gaps_at_most`, of the gaps no longer than that (the gaps inside bursts).
    case medianGapMinutes = "median_gap_minutes"
    /// Share of the gaps between consecutive launches no longer than `gaps_at_most`
    /// [0…1].
    case shareGapsAtMost = "share_gaps_at_most"
    /// Median time from a request's earliest begin date to its launch [min].
    case medianDelayMinutes = "median_delay_minutes"
    /// Launches in `window` per owner-day [1/d].
    case launchesPerDayInWindow = "launches_per_day_in_window"
    /// Launches of `task` over launches of `over`, summed over owners.
    case launchRatio = "launch_ratio"
    /// The launches of every owner and day binned by 10 minutes of the day: of the bins
    /// holding at least 100 launches, the largest ratio of a bin to the mean of its two
    /// neighbours on each side (V6: nothing special happens at any time of day).
    case peakBinRatio = "peak_bin_ratio"
    /// Share of owner-days with no launch [0…1].
    case shareDaysNone = "share_days_none"
    /// Share of owner-days with a launch inside `window` (a night, say; a night that
    /// ends after the run is not counted) [0…1].
    case shareDaysWithLaunch = "share_days_with_launch"
    /// Share of launches whose time of day lies inside `window` [0…1].
    case shareLaunchesInWindow = "share_launches_in_window"
    /// Share of launches that started on external power [0…1].
    case shareLaunchesOnPower = "share_launches_on_power"
    /// Share of owners with no launch at all [0…1].
    case shareOwnersNone = "share_owners_none"
    /// Share of owners whose launches per day are at least `rate` [0…1].
    case shareOwnersAtLeast = "share_owners_rate_at_least"
    /// Share of owners whose launches per day are at most `rate` [0…1].
    case shareOwnersAtMost = "share_owners_rate_at_most"
    /// Median time from install to an owner's first launch; owners with none count
    /// as the whole run [h].
    case firstLaunchHours = "first_launch_hours"
    /// Intra-class correlation of launches per day between owners [0…1].
    case intraClassCorrelation = "icc_launches_per_day"
    /// Median time from launch to completion or expiry [s].
    case medianRunSeconds = "median_run_seconds"
    /// Median weighted score of the decisions that launched [0…1].
    case medianScoreAtLaunch = "median_score_at_launch"
    /// Launches on day `from_day` over the mean of the days after it.
    case firstDayRatio = "first_day_ratio"
    /// Of the launches whose trigger (a silent push's newest held push, a request's
    /// submission) came while the phone was in use with the app not on screen, less than
    /// 15 minutes after a thundering-herd trigger (an unlock after at least 4 h locked,
    /// or Wi-Fi back after at least 4 h without it), the share made with the screen on
    /// less than 15 minutes after that herd trigger [0…1].
    case shareInUseLaunchesInHerdHold = "share_in_use_launches_in_herd_hold"
    /// Of the launches whose trigger came while the phone was in use with the app not on
    /// screen, the median time from the trigger to the launch [min].
    case medianInUseDelayMinutes = "median_in_use_delay_minutes"
    /// Share of owners with at least one launch at which `policy` scored at most
    /// `score_at_most` [0…1].
    case shareOwnersLowPolicyScore = "share_owners_launched_at_low_score"

    /// Whether one owner has the figure on its own (a real phone can be compared with
    /// each owner's); false for the shares of owners and the population figures.
    var describesOneOwner: Bool {
      switch self {
      case .shareOwnersNone, .shareOwnersAtLeast, .shareOwnersAtMost, .intraClassCorrelation,
        .shareOwnersLowPolicyScore, .peakBinRatio:
        false
      default: true
      }
    }

    /// Whether the figure reads the scheduler's decisions (scores, triggers), which a
    /// run then records.
    var readsDecisions: Bool {
      switch self {
      case .medianScoreAtLaunch, .shareInUseLaunchesInHerdHold, .medianInUseDelayMinutes,
        .shareOwnersLowPolicyScore:
        true
      default: false
      }
    }
  }

  public var metric: Metric
  public var task: String
  /// First simulated day counted (day 0 is the install day).
  public var fromDay = 1
  /// A time-of-day window [h], wrapping past midnight when the start is later.
  public var window: (start: Double, end: Double)?
  /// Launches per day for the share-of-owners metrics [1/d].
  public var rate = 1.0
  /// The policy whose score at launch `share_owners_launched_at_low_score` reads, and
  /// the score at or below which a launch counts [0…1].
  public var policy = ""
  public var scoreAtMost = 0.1
  /// The longest gap the gap metrics count [min]; nil counts every gap.
  public var gapsAtMostMinutes: Double?
  /// The task a `launch_ratio` divides by.
  public var over = ""
  /// Whether only the launches made while the app was not on screen count
  /// (`background_only`): a report of background pushes leaves out the pushes the
  /// system hands at once to the app on screen.
  public var backgroundOnly = false
  /// Whether only the launches made after their trigger count (`held_only`): a report of
  /// throttled work leaves out the work launched the moment it came.
  public var heldOnly = false
  /// `peak_bin_ratio`'s bin [s] and the fewest launches a bin needs to be judged.
  static let peakBinSeconds = 600.0
  static let peakBinLeastLaunches = 100.0

  public init(metric: Metric, task: String) {
    self.metric = metric
    self.task = task
  }

  init(tree: ConfigTree) throws(ConfigError) {
    let s = try ConfigSection(
      tree,
      keys: [
        "metric", "task", "from_day", "window", "rate", "policy", "score_at_most", "gaps_at_most", "over",
        "background_only", "held_only",
      ])
    let names = Metric.allCases.map(\.rawValue)
    guard let m = try s.text("metric", default: nil, allowed: names).flatMap(Metric.init(rawValue:)) else {
      throw tree.error("'metric' is missing; use one of \(names.joined(separator: ", "))")
    }
    metric = m
    task = try s.text("task", default: nil) ?? ""
    if task.isEmpty { throw tree.error("'task' is missing; name the identifier the figure counts") }
    fromDay = try s.integer("from_day", default: 1, range: 0...3650)
    rate = try s.number("rate", default: 1, range: 0...1e6)
    policy = try s.text("policy", default: nil, allowed: SchedulingModel.policyNames) ?? ""
    scoreAtMost = try s.number("score_at_most", default: 0.1, range: 0...1)
    if s.value("gaps_at_most") != nil {
      gapsAtMostMinutes = try s.number("gaps_at_most", default: 0, range: 0...1e6)
    }
    if metric == .shareGapsAtMost, gapsAtMostMinutes == nil {
      throw tree.error("\(metric.rawValue) needs gaps_at_most, the longest gap counted [min], e.g. 10")
    }
    over = try s.text("over", default: nil) ?? ""
    backgroundOnly = try s.flag("background_only", default: false)
    heldOnly = try s.flag("held_only", default: false)
    if metric == .launchRatio, over.isEmpty {
      throw tree.error("\(metric.rawValue) needs over:, the task it divides by, e.g. over: refresh")
    }
    if metric == .shareOwnersLowPolicyScore, policy.isEmpty {
      throw tree.error("\(metric.rawValue) needs a policy, e.g. policy: device_activity")
    }
    if let w = s.value("window") {
      guard case .sequence(let items) = w.value, items.count == 2,
        let a = items[0].scalar.flatMap(ClockText.secondsOfDay).map({ $0 / 3600 }),
        let b = items[1].scalar.flatMap(ClockText.secondsOfDay).map({ $0 / 3600 })
      else { throw w.error("window must be two times of day, e.g. [\"22:00\", \"03:00\"]") }
      window = (a, b)
    }
    if metric == .shareLaunchesInWindow || metric == .launchesPerDayInWindow, window == nil {
      throw tree.error("\(metric.rawValue) needs a window, e.g. window: [\"22:00\", \"03:00\"]")
    }
  }

  /// Whether an hour of the day [0…24) lies in the window.
  func inWindow(_ hour: Double) -> Bool {
    guard let (a, b) = window else { return true }
    return a <= b ? (hour >= a && hour < b) : (hour >= a || hour < b)
  }

  /// For each owner and each whole day counted, whether a launch came in the window. A
  /// window that wraps midnight belongs to the day it starts on; the last day's ends after
  /// the run, so it is left out.
  func daysWithLaunchInWindow(_ owners: [ValidationOwner], days: Int) -> [Bool] {
    launchesInWindowPerDay(owners, days: days).map { $0 > 0 }
  }

  /// For each owner and each whole day counted, the launches in the window, assigned to
  /// days as ``daysWithLaunchInWindow(_:days:)`` does.
  func launchesInWindowPerDay(_ owners: [ValidationOwner], days: Int) -> [Double] {
    let wraps = window.map { $0.start > $0.end } ?? false
    let whole = wraps ? days - 1 : days
    guard whole > 0 else { return [] }
    return owners.flatMap { o -> [Double] in
      var count = [Double](repeating: 0, count: whole)
      for l in o.launches where inWindow(l.hour) {
        let day = wraps && l.hour < (window?.end ?? 0) ? l.day - 1 : l.day
        if day >= fromDay, day - fromDay < whole { count[day - fromDay] += 1 }
      }
      return count
    }
  }

  /// The gaps between consecutive launches [min], those starting in the window and no
  /// longer than `limit` (by default `gaps_at_most`).
  func gapsMinutes(_ launches: [ValidationOwner.Launch], upTo limit: Double? = nil) -> [Double] {
    let longest = limit ?? gapsAtMostMinutes ?? .infinity
    return zip(launches, launches.dropFirst()).compactMap { a, b in
      let gap = (b.seconds - a.seconds) / 60
      return inWindow(a.hour) && gap <= longest ? gap : nil
    }
  }

  /// ``Metric/peakBinRatio`` of launches at these hours of the day; nil when no bin
  /// holds enough launches to be judged.
  static func peakBinRatio(_ hours: [Double]) -> Double? {
    let bins = Int(86_400 / peakBinSeconds)
    var counts = [Double](repeating: 0, count: bins)
    for h in hours { counts[min(bins - 1, max(0, Int(h * 3600 / peakBinSeconds)))] += 1 }
    var worst: Double?
    for (i, c) in counts.enumerated() where c >= peakBinLeastLaunches {
      let around = [-2, -1, 1, 2].map { counts[(i + $0 + bins) % bins] }.reduce(0, +) / 4
      let ratio = around > 0 ? c / around : .infinity
      worst = max(worst ?? 0, ratio)
    }
    return worst
  }

  /// For a launch the owner's use prompted after a herd trigger's hold could have applied:
  /// whether it came while the phone was in use within the 900-s hold; nil for others.
  static func inHerdHold(_ l: ValidationOwner.Launch) -> Bool? {
    guard l.triggeredInUse, let since = l.sinceHerdTriggerSeconds, since - l.delaySeconds < 900 else {
      return nil
    }
    return l.inUse && since < 900
  }

  /// The figure over these owners; nil when it is undefined (no launch to take a
  /// median of, say).
  func value(_ owners: [ValidationOwner]) -> Double? {
    let days = owners.first.map { max(0, $0.days - fromDay) } ?? 0
    guard days > 0 else { return nil }
    func counted(_ o: ValidationOwner) -> [ValidationOwner.Launch] {
      o.launches.filter { $0.day >= fromDay }
    }
    func perDay(_ o: ValidationOwner) -> [Double] {
      var counts = [Double](repeating: 0, count: days)
      for l in counted(o) where l.day - fromDay < days { counts[l.day - fromDay] += 1 }
      return counts
    }
    func share(_ flags: [Bool]) -> Double? {
      flags.isEmpty ? nil : Double(flags.filter { $0 }.count) / Double(flags.count)
    }
    switch metric {
    case .launchesPerDay:
      return Double(owners.reduce(0) { $0 + counted($1).count }) / Double(owners.count * days)
    case .medianGapMinutes:
      let gaps = owners.flatMap { gapsMinutes(counted($0)) }
      return gaps.isEmpty ? nil : Statistics.median(gaps)
    case .shareGapsAtMost:
      let limit = gapsAtMostMinutes ?? .infinity
      return share(owners.flatMap { gapsMinutes(counted($0), upTo: .infinity).map { $0 <= limit } })
    case .medianDelayMinutes:
      let delays = owners.flatMap { counted($0).map { $0.sinceEarliestSeconds / 60 } }
      return delays.isEmpty ? nil : Statistics.median(delays)
    case .launchesPerDayInWindow:
      let perDay = launchesInWindowPerDay(owners, days: days)
      return perDay.isEmpty ? nil : perDay.reduce(0, +) / Double(perDay.count)
    case .launchRatio:
      let below = owners.reduce(0) { $0 + $1.over.filter { $0.day >= fromDay }.count }
      return below == 0 ? nil : Double(owners.reduce(0) { $0 + counted($1).count }) / Double(below)
    case .peakBinRatio:
      return Self.peakBinRatio(owners.flatMap { counted($0).map(\.hour) })
    case .shareDaysNone:
      return share(owners.flatMap { perDay($0).map { $0 == 0 } })
    case .shareDaysWithLaunch:
      return share(daysWithLaunchInWindow(owners, days: days))
    case .shareLaunchesInWindow:
      return share(owners.flatMap { counted($0).map { inWindow($0.hour) } })
    case .shareLaunchesOnPower:
      return share(owners.flatMap { counted($0).map(\.onPower) })
    case .shareOwnersNone:
      return share(owners.map { counted($0).isEmpty })
    case .shareOwnersAtLeast:
      return share(owners.map { Double(counted($0).count) / Double(days) >= rate })
    case .shareOwnersAtMost:
      return share(owners.map { Double(counted($0).count) / Double(days) <= rate })
    case .firstLaunchHours:
      return Statistics.median(
        owners.map { o in (o.launches.first.map(\.seconds) ?? Double(o.days) * 86_400) / 3600 })
    case .intraClassCorrelation:
      let groups = owners.map { o in
        let c = perDay(o)
        return Statistics.GroupSums(
          count: Double(c.count), sum: c.reduce(0, +), sumOfSquares: c.reduce(0) { $0 + $1 * $1 })
      }
      return Statistics.intraClassCorrelation(groups)?.estimate
    case .medianRunSeconds:
      let runs = owners.flatMap { counted($0).compactMap(\.runSeconds) }
      return runs.isEmpty ? nil : Statistics.median(runs)
    case .medianScoreAtLaunch:
      let scores = owners.flatMap { counted($0).compactMap(\.score) }
      return scores.isEmpty ? nil : Statistics.median(scores)
    case .firstDayRatio:
      guard days > 1 else { return nil }
      let counts = owners.map(perDay)
      let first = counts.reduce(0) { $0 + $1[0] } / Double(owners.count)
      let later = counts.reduce(0) { $0 + $1.dropFirst().reduce(0, +) } / Double(owners.count * (days - 1))
      return later > 0 ? first / later : nil
    case .shareInUseLaunchesInHerdHold:
      return share(owners.flatMap { counted($0).compactMap(Self.inHerdHold) })
    case .shareOwnersLowPolicyScore:
      return share(
        owners.map { o in counted(o).contains { ($0.policyScores[policy] ?? .infinity) <= scoreAtMost } })
    case .medianInUseDelayMinutes:
      let delays = owners.flatMap { counted($0).filter(\.triggeredInUse).map { $0.delaySeconds / 60 } }
      return delays.isEmpty ? nil : Statistics.median(delays)
    }
  }
}
