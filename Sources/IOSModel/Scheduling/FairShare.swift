import SimKernel

/// dasd's fair share (`_DASFairScheduleManager`, facts `multi-app.md` §1.3–1.4): each
/// app's runtime since the weekly reset. When a group is full, dasd looks for a
/// long-running activity to suspend; of two activities the one that needs external power
/// runs first, then the one that has run less this week. Here the runner that would run
/// last is suspended when the newcomer would run before it and its leaving makes room
/// (``SystemScheduler/makeRoom(in:power:app:appUnderStudy:now:loop:)``).
public struct FairShare: Sendable {
  public struct Settings: Sendable, Hashable {
    /// How long an activity must have run to be suspended [s]. **No published figure.**
    public var longRunningSeconds = 600.0
    /// How often the runtimes are reset [s] (dasd: 7 days).
    public var resetSeconds = 604_800.0
    public init() {}
  }

  /// Runtime since the reset, by app [s].
  var seconds: [Double]
  /// The current week's start.
  var weekStart = SimTime.zero
  var settings = Settings()

  init(apps: Int) { seconds = Array(repeating: 0, count: apps) }

  /// Starts a new week when the last began at least ``Settings/resetSeconds`` ago.
  mutating func roll(to now: SimTime) {
    guard (now - weekStart).seconds >= settings.resetSeconds else { return }
    let weeks = ((now - weekStart).seconds / settings.resetSeconds).rounded(.down)
    weekStart = weekStart + .seconds(weeks * settings.resetSeconds)
    for k in seconds.indices { seconds[k] = 0 }
  }

  /// App `app` ran from `start` to `end`.
  mutating func ran(_ app: Int, from start: SimTime, to end: SimTime) {
    guard app < seconds.count else { return }
    roll(to: end)
    seconds[app] += max(0, (end - max(start, weekStart)).seconds)
  }

  /// Whether `a` runs before `b`: the one that needs external power first, then the one
  /// that has run less this week.
  static func runsFirst(_ a: (power: Bool, week: Double), before b: (power: Bool, week: Double)) -> Bool {
    a.power != b.power ? a.power : a.week < b.week
  }
}
