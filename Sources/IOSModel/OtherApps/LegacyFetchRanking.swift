import SimKernel

/// dasd's cut of the apps that keep legacy background fetch (`_DASBARScheduler`'s
/// `topNAppsUserHasLaunchedInSet:`, facts `multi-app.md` §1.5): when more than
/// ``Settings/topApps`` apps appear in the owner's foreground history of the last 14
/// days, only the first that many of the apps with fetch work, by their number of
/// foreground sessions of at least ``Settings/minimumSessionSeconds``, keep their fetch
/// windows. The ranking is made again at the first session end after each
/// ``Settings/periodSeconds`` (dasd's 3 h app-update timer): session ends are the same in
/// every arm, so the ranking is too.
///
/// Apps are named by usage rank, as in ``RecentApps``: 1 is the owner's most opened other
/// app, 0 the app under study.
public struct LegacyFetchRanking: Sendable {
  public struct Settings: Sendable, Hashable {
    /// The most apps that keep legacy fetch [apps] (dasd: 50).
    public var topApps = 50
    /// The shortest foreground session that counts [s] (dasd: 10 s in focus).
    public var minimumSessionSeconds = 10.0
    /// How often the ranking is made again, and how often dasd's fetch timer re-creates
    /// every kept app's fetch from that moment [s] (dasd: 3 h).
    public var periodSeconds = 10_800.0
    /// How much later than its period the fetch timer may fire [s] (dasd: 108 s).
    public var timerLeewaySeconds = 108.0
    /// The history the sessions are counted over [days] (dasd: 14).
    public var days = 14
    public init() {}
  }

  let settings: Settings
  /// Sessions by app and day, app-major: `bins[app * days + day % days]`.
  var bins: [UInt16]
  /// The day the bins reach (older days have been cleared as it advanced).
  var binsDay = Int.min
  /// Each app's sessions in the history: the sum of its bins, kept as they change.
  var totals: [Int]
  /// When each app's latest counted session ended (ties in the count go to the later).
  var lastSession: [SimTime]
  /// The apps with fetch work, ranked against each other.
  var candidates: [Int32] = []
  /// Whether each app keeps its fetch windows (all do until the cut first binds).
  private(set) var keeps: [Bool]
  var nextRankingAt = SimTime.zero
  /// The screen-on and the app the owner opened there, until the screen goes off.
  var session: (app: Int32, start: SimTime)?
  var appUnderStudySession: SimTime?

  /// Rankings for apps 0…`apps` (0: the app under study) with `settings`.
  init(apps: Int, settings: Settings = Settings()) {
    self.settings = settings
    bins = Array(repeating: 0, count: (apps + 1) * max(1, settings.days))
    lastSession = Array(repeating: .zero, count: apps + 1)
    totals = Array(repeating: 0, count: apps + 1)
    keeps = Array(repeating: true, count: apps + 1)
  }

  init() { self.init(apps: 0) }

  /// Whether `app` keeps legacy fetch now.
  @inline(__always)
  func keepsFetch(_ app: Int32) -> Bool { Int(app) >= keeps.count || keeps[Int(app)] }

  /// A foreground session of `app` from `start` to `end`; counted if long enough, and
  /// the ranking made again if its period has passed.
  mutating func session(_ app: Int32, from start: SimTime, to end: SimTime) {
    guard Int(app) < lastSession.count, (end - start).seconds >= settings.minimumSessionSeconds else {
      return
    }
    let day = Int(end.microseconds / SimCalendar.dayMicroseconds)
    advance(to: day)
    let k = Int(app) * settings.days + day % settings.days
    if bins[k] < .max {
      bins[k] += 1
      totals[Int(app)] += 1
    }
    lastSession[Int(app)] = end
    if end >= nextRankingAt {
      rank()
      let period = max(1, Int64(settings.periodSeconds * 1e6))
      nextRankingAt = SimTime(microseconds: (end.microseconds / period + 1) * period)
    }
  }

  /// Clears the days that left the history by `day`.
  mutating func advance(to day: Int) {
    guard day > binsDay else { return }
    let days = settings.days
    // The bins start empty: only days the history moved past need clearing.
    let from = binsDay == .min ? day : max(binsDay + 1, day - days + 1)
    for d in from...day {
      for app in totals.indices where totals[app] > 0 {
        totals[app] -= Int(bins[app * days + d % days])
        bins[app * days + d % days] = 0
      }
    }
    binsDay = day
  }

  /// Sessions of `app` in the history.
  func sessions(_ app: Int) -> Int { totals[app] }

  /// The cut: when more apps than ``Settings/topApps`` appear in the history, the
  /// candidates outside the first that many (by sessions, then by the latest session)
  /// lose fetch, and so do those with no session; otherwise every candidate keeps it.
  mutating func rank() {
    let counts = totals
    var appearing = 0
    for n in counts where n > 0 { appearing += 1 }
    for app in candidates { keeps[Int(app)] = true }
    guard appearing > settings.topApps else { return }
    let order = candidates.filter { counts[Int($0)] > 0 }.sorted { a, b in
      let (x, y) = (Int(a), Int(b))
      if counts[x] != counts[y] { return counts[x] > counts[y] }
      return lastSession[x] != lastSession[y] ? lastSession[x] > lastSession[y] : a < b
    }
    for app in candidates { keeps[Int(app)] = false }
    for app in order.prefix(settings.topApps) { keeps[Int(app)] = true }
  }
}
