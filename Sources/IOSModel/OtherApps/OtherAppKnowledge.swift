import Randomness
import SimKernel

/// What the system scheduler (dasd) learns of the owner's other apps (``OtherAppsWork``)
/// as the phone runs: each app's open history (the app-usage prediction stays per app,
/// as dasd has it), the recently used apps, the legacy-fetch ranking by foreground
/// sessions, each app's weekly runtime for fair share, and the energy each drew today.
/// Entries are indexed as the apps' work is; the last of ``fairShare`` and
/// ``energyToday`` is the app under study's.
struct OtherAppKnowledge {
  /// Each app's open history (one day, never written, for an entry that is not the one
  /// keeping its app's opens, ``OtherApp/opensAt``).
  var opens: [UsageHistory] = []
  /// The other app at each usage rank 1…used (−1: an app without background work).
  var appAtRank: [Int32] = []
  /// Energy drawn by each app's runs in the current day [mWh]; the last entry is the
  /// app under study's.
  var energyToday: [Double] = []
  var energyDay = Int.min
  /// dasd's recently used apps, the app under study among them when the owner opens it.
  var recent = RecentApps()
  /// dasd's cut of the apps that keep legacy fetch, by their foreground sessions.
  var fetchRanking = LegacyFetchRanking()
  /// Each app's runtime since dasd's weekly reset [s]; the last entry is the app under
  /// study's (``FairShare``).
  var fairShare = FairShare(apps: 0)

  /// Nothing known: no other apps.
  init() {}

  /// What dasd knows of `work`'s apps at `start`: no opens yet; the set of the
  /// `recentApps` most recently used apps draws whom it evicts from `recent`.
  init(
    _ work: OtherAppsWork, historyDays: Int, halfLifeDays: Double, meanSinceFirstOpen: Bool, start: SimTime,
    recent: RandomStream,
    recentApps: Int, fetchRanking: LegacyFetchRanking.Settings, fairShare: FairShare.Settings
  ) {
    guard !work.isEmpty else { return }
    self.recent = RecentApps(capacity: recentApps, stream: recent)
    opens = work.apps.indices.map { i in
      let keepsOpens = work.apps[i].opensAt == i && !work.apps[i].work.isApples
      return UsageHistory(
        days: keepsOpens ? historyDays : 1, halfLifeDays: halfLifeDays, meanSinceFirst: meanSinceFirstOpen)
    }
    self.fetchRanking = LegacyFetchRanking(apps: work.installed, settings: fetchRanking)
    self.fetchRanking.candidates = work.apps.filter { $0.work.kind == .legacyFetch && $0.rank > 0 }.map {
      Int32($0.rank)
    }
    appAtRank = Array(repeating: -1, count: work.used + 1)
    for (i, app) in work.apps.enumerated() where app.rank > 0 && app.rank <= work.used && app.opensAt == i {
      appAtRank[app.rank] = Int32(i)
    }
    energyToday = Array(repeating: 0, count: work.count + 1)
    self.fairShare = FairShare(apps: work.count + 1)
    self.fairShare.settings = fairShare
    self.fairShare.weekStart = start
  }

  var isEmpty: Bool { opens.isEmpty }

  /// The owner opened the app of usage rank `rank` at a screen-on (``DeviceModel/OtherAppUse``):
  /// dasd's recent apps and fetch ranking see it, and an app with background work records
  /// the open in its history.
  mutating func opened(rank: Int, at time: SimTime, calendar: SimCalendar) {
    guard !isEmpty, appAtRank.indices.contains(rank) else { return }
    recent.opened(Int32(rank))
    fetchRanking.session = (Int32(rank), time)
    let i = appAtRank[rank]
    if i >= 0 { opens[Int(i)].record(time, calendar: calendar) }
  }

  /// The usage rank of the other app the owner has on screen now (nil: none, or the app
  /// under study).
  var appOnScreen: Int? {
    guard let s = fetchRanking.session, s.app != RecentApps.appUnderStudy else { return nil }
    return Int(s.app)
  }

  /// The session of the other app opened at the screen-on ends: the screen went off, or
  /// the owner turned to the app under study.
  mutating func otherAppLeft(at time: SimTime) {
    guard let s = fetchRanking.session else { return }
    fetchRanking.session = nil
    fetchRanking.session(s.app, from: s.start, to: time)
  }

  /// The owner opened the app under study: it joins the recently used apps.
  mutating func appUnderStudyOpened(at time: SimTime) {
    guard !isEmpty else { return }
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
    if !isEmpty, !fetchRanking.candidates.contains(0) { fetchRanking.candidates.append(0) }
  }

  /// Whether the app at usage rank `rank` (0: the app under study) keeps legacy fetch.
  func keepsFetch(_ rank: Int32) -> Bool { fetchRanking.keepsFetch(rank) }

  /// Whether the app at usage rank `rank` (``RecentApps/appUnderStudy``: the app under
  /// study) is among the recently used apps.
  @inline(__always)  // Asked for each other app judged (1.9 M calls in `bench phone`).
  func isRecent(_ rank: Int32) -> Bool { recent.contains(rank) }

  /// Adds `mWh` to what app `index` (the last entry: the app under study) drew today.
  mutating func noteEnergy(_ mWh: Double, by index: Int, at now: SimTime) {
    guard !isEmpty else { return }
    let day = Int(now.microseconds / SimCalendar.dayMicroseconds)
    if day != energyDay {
      energyDay = day
      for k in energyToday.indices { energyToday[k] = 0 }
    }
    energyToday[index] += mWh
  }

  /// The other app of `work` that drew the most of today's energy (its kinds of work
  /// together), and its share of all draws today (the app under study's included)
  /// [0…1]; nil when none drew any.
  func largestEnergyUser(of work: OtherAppsWork, at now: SimTime) -> (bundle: String, share: Double)? {
    guard !isEmpty, energyDay == Int(now.microseconds / SimCalendar.dayMicroseconds) else { return nil }
    let total = energyToday.reduce(0, +)
    guard total > 0 else { return nil }
    let apps = work.apps
    var byApp = [Double](repeating: 0, count: apps.count)
    for k in apps.indices { byApp[apps[k].opensAt] += energyToday[k] }
    guard let k = byApp.indices.max(by: { byApp[$0] < byApp[$1] }), byApp[k] > 0 else { return nil }
    return (apps[k].bundle, byApp[k] / total)
  }
}
