import Randomness
import SimKernel

/// The owner's other apps with background work on one phone (``AppPopulation``): who
/// they are, which of them the owner opens when the screen comes on, and their pending
/// work. The system scheduler judges their work with the same policies, at the same
/// decision points, as the app under study's (``SystemScheduler``).
public struct OtherApps {
  var apps: [OtherApp] = []
  /// The other app at each usage rank 1…used (−1: an app without background work).
  var appAtRank: [Int32] = []
  /// The apps' first requests, drawn once; the owner's stream, so every arm sees the same.
  let stream: RandomStream?
  /// The scheduler's own draws for them (run lengths), which
  /// differ as the arms' decisions do.
  let workStream: RandomStream?
  /// Energy drawn by each app's runs in the current day [mWh]; the last entry is the
  /// app under study's.
  var energyToday: [Double] = []
  var energyDay = Int.min
  /// The kinds of work among the apps (``OtherApp/workKind``).
  var workKinds = 0
  /// Every run so far, when ``recordsRuns`` is on (for `timelines.csv`).
  public private(set) var runs: [OtherAppRun] = []
  /// Whether runs are kept in ``runs``; off, nothing is.
  public var recordsRuns = false
  /// dasd's recently used apps, the app under study among them when the owner opens it.
  var recent = RecentApps()
  /// dasd's cut of the apps that keep legacy fetch, by their foreground sessions.
  var fetchRanking = LegacyFetchRanking()
  /// Each app's runtime since dasd's weekly reset [s]; the last entry is the app under
  /// study's (``FairShare``).
  var fairShare = FairShare(apps: 0)

  /// Where app `k`'s runtime is kept in ``fairShare``: one place per app (the entry that
  /// keeps its opens), so that a listed app with several kinds of work has one weekly
  /// runtime; ``count`` (the app under study) keeps its own.
  func fairShareKey(_ k: Int) -> Int { k < apps.count ? apps[k].opensAt : k }

  /// No other apps.
  public init() {
    stream = nil
    workStream = nil
  }

  /// The apps of `population` for one owner, with the usage ranks the owner gave them
  /// (`ranks`, ``DeviceModel/OtherAppUse/ranks``: 1…installed in the owner's order)
  /// and first requests drawn from `streams("usage")` (the owner's own, so every arm
  /// sees the same apps), each messenger's pushes from its own `streams("push-N")` (the
  /// same in every arm too) and the scheduler's draws for them from `streams("work")`;
  /// the set of the `recentApps` most recently used apps draws whom it evicts from
  /// `streams("recent")`.
  public init(
    _ population: AppPopulation, ranks: [Int], streams: (String) -> RandomStream, historyDays: Int,
    halfLifeDays: Double,
    start: SimTime, recentApps: Int = 25, fetchRanking: LegacyFetchRanking.Settings = .init(),
    fairShare: FairShare.Settings = .init()
  ) {
    let stream = streams("usage")
    self.stream = stream
    workStream = population.isEmpty ? nil : streams("work")
    guard !population.isEmpty else { return }
    recent = RecentApps(capacity: recentApps, stream: streams("recent"))
    // Usage ranks: the owner's order of ranks among the installed apps, for the ones
    // with background work; only the first `used` ranks are ever opened. Listed apps
    // with a rank keep it; the others take the drawn ranks in turn.
    let fixed = Set(population.listed.compactMap(\.rank))
    var free = ranks.filter { !fixed.contains($0) }.makeIterator()
    for (archetype, count) in population.counts() {
      let kind = AppArchetype.allCases.firstIndex(of: archetype) ?? 0
      for n in 0..<count {
        apps.append(
          OtherApp(
            bundle: AppPopulation.bundle(archetype, n), work: archetype.work, workKind: kind,
            opensAt: apps.count,
            rank: free.next() ?? 0, opens: UsageHistory(days: historyDays, halfLifeDays: halfLifeDays)))
      }
    }
    workKinds = AppArchetype.allCases.count
    for listed in population.listed {
      let rank = listed.rank ?? free.next() ?? 0
      let first = apps.count
      for work in listed.work {
        // Only the first entry keeps the app's opens; the others read them there.
        let days = apps.count == first ? historyDays : 1
        apps.append(
          OtherApp(
            bundle: listed.bundle, work: work, workKind: workKinds, opensAt: first, rank: rank,
            opens: UsageHistory(days: days, halfLifeDays: halfLifeDays)))
        workKinds += 1
      }
    }
    // Apple's maintenance last: never opened (rank 0), each a kind of work of its own.
    for entry in AppleMaintenance.allCases {
      guard let seconds = population.maintenance[entry], seconds > 0 else { continue }
      apps.append(
        OtherApp(
          bundle: entry.bundle, work: entry.work(seconds: seconds), workKind: workKinds, opensAt: apps.count,
          rank: 0, opens: UsageHistory(days: 1, halfLifeDays: halfLifeDays)))
      workKinds += 1
    }
    self.fetchRanking = LegacyFetchRanking(apps: population.installed, settings: fetchRanking)
    self.fetchRanking.candidates = apps.filter { $0.work.kind == .legacyFetch && $0.rank > 0 }.map {
      Int32($0.rank)
    }
    appAtRank = Array(repeating: -1, count: population.used + 1)
    for (i, app) in apps.enumerated() where app.rank > 0 && app.rank <= population.used && app.opensAt == i {
      appAtRank[app.rank] = Int32(i)
    }
    // Their first requests at a random phase of their interval: the apps were installed
    // long before the run starts.
    for i in apps.indices {
      let interval = SimDuration.seconds(apps[i].work.intervalSeconds * stream.uniform())
      if apps[i].work.kind == .silentPush {
        apps[i].pushes = streams("push-\(i)")
        apps[i].nextPushAt = start + interval
      } else {
        apps[i].dueAt = start + interval
      }
    }
    energyToday = Array(repeating: 0, count: apps.count + 1)
    self.fairShare = FairShare(apps: apps.count + 1)
    self.fairShare.settings = fairShare
    self.fairShare.weekStart = start
  }

  public var isEmpty: Bool { apps.isEmpty }

  mutating func record(_ run: OtherAppRun) { runs.append(run) }

  /// The recorded run of `bundle` that started at `start` ended early, at `end`.
  mutating func endRecordedRun(of bundle: String, startedAt start: SimTime, at end: SimTime) {
    guard recordsRuns, let k = runs.lastIndex(where: { $0.bundle == bundle && $0.start == start }) else {
      return
    }
    runs[k].end = end
  }

  /// Each other app's bundle identifier and launches so far.
  public var launches: [(bundle: String, launches: Int)] { apps.map { ($0.bundle, $0.launches) } }
  public var count: Int { apps.count }

  /// The owner opened the app of usage rank `rank` at a screen-on (``DeviceModel/OtherAppUse``):
  /// dasd's recent apps and fetch ranking see it, and an app with background work records
  /// the open in its history.
  mutating func opened(rank: Int, at time: SimTime, calendar: SimCalendar) {
    guard !apps.isEmpty, appAtRank.indices.contains(rank) else { return }
    recent.opened(Int32(rank))
    fetchRanking.session = (Int32(rank), time)
    let i = appAtRank[rank]
    if i >= 0 {
      apps[Int(i)].opens.record(time, calendar: calendar)
      apps[Int(i)].openCount += 1
    }
  }

  /// The screen went off: the session of the app opened at the screen-on ends.
  mutating func screenOff(at time: SimTime) {
    guard let s = fetchRanking.session else { return }
    fetchRanking.session = nil
    fetchRanking.session(s.app, from: s.start, to: time)
  }

  /// The owner opened the app under study: it joins the recently used apps.
  mutating func appUnderStudyOpened(at time: SimTime) {
    guard !apps.isEmpty else { return }
    recent.opened(RecentApps.appUnderStudy)
    fetchRanking.appUnderStudySession = time
  }

  /// The owner left the app under study: its session counts for the fetch ranking.
  mutating func appUnderStudyClosed(at time: SimTime) {
    guard let start = fetchRanking.appUnderStudySession else { return }
    fetchRanking.appUnderStudySession = nil
    fetchRanking.session(RecentApps.appUnderStudy, from: start, to: time)
  }

  /// The app under study uses legacy fetch: it is ranked with the other apps that do.
  mutating func rankAppUnderStudyForFetch() {
    if !apps.isEmpty, !fetchRanking.candidates.contains(0) { fetchRanking.candidates.append(0) }
  }

  /// Whether the app at usage rank `rank` (0: the app under study) keeps legacy fetch.
  func keepsFetch(_ rank: Int32) -> Bool { fetchRanking.keepsFetch(rank) }

  /// Whether the app at usage rank `rank` (``RecentApps/appUnderStudy``: the app under
  /// study) is among the recently used apps.
  func isRecent(_ rank: Int32) -> Bool { recent.contains(rank) }

  /// Silent pushes that arrived by `now`: each messenger holds at most one, the newest.
  mutating func deliverPushes(until now: SimTime) {
    guard stream != nil else { return }
    for i in apps.indices where apps[i].work.kind == .silentPush {
      while apps[i].nextPushAt <= now {
        if apps[i].run == nil { apps[i].dueAt = apps[i].nextPushAt }
        apps[i].nextPushAt =
          apps[i].nextPushAt
          + .seconds(apps[i].pushes?.exponential(mean: apps[i].work.intervalSeconds) ?? .infinity)
      }
    }
  }

  /// Their background tasks running at `now`.
  func running(at now: SimTime) -> Int {
    var n = 0
    for app in apps where (app.run?.end ?? .zero) > now { n += 1 }
    return n
  }

  /// The bundle identifiers of the apps whose tasks are running at `now` (in `group`,
  /// when given).
  func runningBundles(at now: SimTime, in group: ActivityGroup? = nil) -> [String] {
    apps.filter { ($0.run?.end ?? .zero) > now && (group == nil || $0.group == group) }.map(\.bundle)
  }

  /// Adds `mWh` to what app `index` (``count`` for the app under study) drew today.
  mutating func noteEnergy(_ mWh: Double, by index: Int, at now: SimTime) {
    guard !apps.isEmpty else { return }
    let day = Int(now.microseconds / SimCalendar.dayMicroseconds)
    if day != energyDay {
      energyDay = day
      for k in energyToday.indices { energyToday[k] = 0 }
    }
    energyToday[index] += mWh
    if index < apps.count { apps[index].energyMWh += mWh }
  }

  /// What each other app did so far, one entry per app (its works together).
  public var totals: [OtherAppTotal] {
    var out: [OtherAppTotal] = []
    for (i, app) in apps.enumerated() {
      if app.opensAt == i {
        let work = app.work.isApples ? "apple_maintenance" : app.work.kind.rawValue
        out.append(
          OtherAppTotal(
            bundle: app.bundle, work: work, rank: app.rank, opens: app.openCount, launches: app.launches,
            suspended: app.suspensions, energyMWh: app.energyMWh))
      } else {
        out[out.count - 1].work += "+" + app.work.kind.rawValue
        out[out.count - 1].launches += app.launches
        out[out.count - 1].suspended += app.suspensions
        out[out.count - 1].energyMWh += app.energyMWh
      }
    }
    return out
  }

  /// The other app that drew the most of today's energy (its kinds of work together),
  /// and its share of all draws today (the app under study's included) [0…1]; nil when
  /// none drew any.
  func largestEnergyUser(at now: SimTime) -> (bundle: String, share: Double)? {
    guard !apps.isEmpty, energyDay == Int(now.microseconds / SimCalendar.dayMicroseconds) else { return nil }
    let total = energyToday.reduce(0, +)
    guard total > 0 else { return nil }
    var byApp = [Double](repeating: 0, count: apps.count)
    for k in apps.indices { byApp[apps[k].opensAt] += energyToday[k] }
    guard let k = byApp.indices.max(by: { byApp[$0] < byApp[$1] }), byApp[k] > 0 else { return nil }
    return (apps[k].bundle, byApp[k] / total)
  }
}
