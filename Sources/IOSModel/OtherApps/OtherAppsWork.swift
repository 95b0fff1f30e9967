import Randomness
import SimKernel

/// The owner's other apps with background work on one phone (``AppPopulation``), as a
/// part of the phone next to the app under study: who they are and their work, pending
/// or running. The assembly adds it and connects it to the system scheduler
/// (``SystemScheduler/connect(otherApps:recent:)``), which judges their work with the
/// same policies and thresholds as the app under study's, at the decision points of the
/// timer and of the charger, network and boot (``SystemScheduler/judgesOtherApps(_:)``), and
/// their pushes as they arrive (``OtherAppsScope/pushArrivals``); what dasd
/// learns of them (their opens, recent apps, fetch ranking, fair share) stays in the
/// scheduler (`OtherAppKnowledge`), and the owner's opens of them in
/// ``DeviceModel/OtherAppUse``.
public final class OtherAppsWork {
  var apps: [OtherApp] = []
  /// Other apps installed and opened at all (``AppPopulation/installed``, ``AppPopulation/used``).
  let installed: Int
  let used: Int
  /// The apps' first requests, drawn once; the owner's stream, so every arm sees the same.
  let stream: RandomStream?
  /// The scheduler's own draws for them (run lengths), which differ as the arms'
  /// decisions do.
  let workStream: RandomStream?
  /// The kinds of work among the apps (``OtherApp/workKind``).
  var workKinds = 0
  /// The apps' places in ``apps``: all of them, those that take silent pushes, and those
  /// with legacy fetch (a point of the fetch timer looks at these alone).
  private(set) var allApps: [Int] = []
  private(set) var pushApps: [Int] = []
  private(set) var fetchApps: [Int] = []
  /// The apps whose push arrived, or whose held push's spacing ended, at the last
  /// ``deliverPushes(until:)``.
  private(set) var pushesArrived: [Int] = []
  /// Whether a push arrived at the last ``deliverPushes(until:)`` (not only a held push's
  /// spacing ended): a phone that takes a push is awake.
  private(set) var aPushArrived = false
  /// By place in ``pushApps``: the app's next push moment, its next push's arrival or its
  /// held push's spacing end (``holdPush(_:until:)``), whichever comes first (the loop at
  /// each point reads these).
  private var pushMoments: [SimTime] = []
  /// The scheduler's event for ``nextPushMoment``, and its time, while one is pending.
  var pushEvent: (id: EventID, at: SimTime)?
  /// When the next silent push arrives at one of the apps, or a held push's spacing
  /// ends; nil when none takes pushes.
  private(set) var nextPushMoment: SimTime?
  /// Each app's run's end, `.zero` when none (``OtherApp/run``, kept beside it by
  /// ``startRun(_:end:start:onPower:)`` and ``endRun(_:)``): the loops that count or end
  /// runs at every point read this array, not the apps.
  private(set) var runEnds: [SimTime] = []
  /// No run ends before this (``runEnds``' least but `.zero`, or earlier after a run was
  /// suspended): a point before it has no run to end.
  private(set) var earliestRunEnd = SimTime.distantFuture
  /// Every run so far, when ``recordsRuns`` is on (for `timelines.csv`).
  public private(set) var runs: [OtherAppRun] = []
  /// Whether runs are kept in ``runs``; off, nothing is.
  public var recordsRuns = false

  /// No other apps.
  public init() {
    stream = nil
    workStream = nil
    (installed, used) = (0, 0)
  }

  /// The apps of `population` for one owner, with the usage ranks the owner gave them
  /// (`ranks`, ``DeviceModel/OtherAppUse/ranks``: 1…installed in the owner's order)
  /// and first requests drawn from `streams("usage")` (the owner's own, so every arm
  /// sees the same apps), each messenger's pushes from its own `streams("push-N")` (the
  /// same in every arm too) and the scheduler's draws for them from `streams("work")`.
  public init(_ population: AppPopulation, ranks: [Int], streams: (String) -> RandomStream, start: SimTime) {
    let stream = streams("usage")
    self.stream = stream
    (installed, used) = (population.installed, population.used)
    workStream = population.isEmpty ? nil : streams("work")
    guard !population.isEmpty else { return }
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
            opensAt: apps.count, rank: free.next() ?? 0))
      }
    }
    workKinds = AppArchetype.allCases.count
    for listed in population.listed {
      let rank = listed.rank ?? free.next() ?? 0
      let first = apps.count
      for work in listed.work {
        // Only the first entry keeps the app's opens; the others read them there.
        apps.append(
          OtherApp(bundle: listed.bundle, work: work, workKind: workKinds, opensAt: first, rank: rank))
        workKinds += 1
      }
    }
    // Apple's maintenance last: never opened (rank 0), each a kind of work of its own.
    for entry in AppleMaintenance.allCases {
      guard let seconds = population.maintenance[entry], seconds > 0 else { continue }
      apps.append(
        OtherApp(
          bundle: entry.bundle, work: entry.work(seconds: seconds), workKind: workKinds, opensAt: apps.count,
          rank: 0))
      workKinds += 1
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
    allApps = Array(apps.indices)
    runEnds = Array(repeating: .zero, count: apps.count)
    pushApps = apps.indices.filter { apps[$0].work.kind == .silentPush }
    fetchApps = apps.indices.filter { apps[$0].work.kind == .legacyFetch }
    pushMoments = pushApps.map { apps[$0].nextPushAt }
    nextPushMoment = pushMoments.min()
  }

  /// The places in ``apps`` of the apps whose work a point of `scope` may judge.
  func candidates(_ scope: OtherAppsScope) -> [Int] {
    switch scope {
    case .all: allApps
    case .fetches: fetchApps
    case .pushArrivals: pushesArrived
    }
  }

  public var isEmpty: Bool { apps.isEmpty }
  /// Whether any of the apps has legacy fetch (dasd's fetch timer then runs).
  var hasLegacyFetch: Bool { apps.contains { $0.work.kind == .legacyFetch } }

  /// App `i`'s work as dasd judges it at `now`: submitted when it became due, and a
  /// fetch spaced from the app's last launch with its window collapsed to that moment.
  @inline(__always)
  func activity(of i: Int, now: SimTime) -> Activity {
    var activity = apps[i].activity
    activity.submittedAt = apps[i].dueAt ?? now
    if apps[i].fetchCollapsed {
      activity.earliest = activity.submittedAt
      activity.windowEnd = activity.submittedAt
    }
    return activity
  }

  /// The owner left app `rank` (its usage rank) at `time`: its legacy fetch, not under
  /// way, is due its interval later (legacy-fetch.md §2: leaving the foreground re-arms
  /// the fetch at then + the interval).
  func appLeftForeground(rank: Int, at time: SimTime) {
    for i in apps.indices
    where apps[i].rank == rank && apps[i].work.kind == .legacyFetch && apps[i].run == nil {
      apps[i].dueAt = time + .seconds(apps[i].work.intervalSeconds)
      apps[i].fetchCollapsed = false
    }
  }

  /// dasd's 3-hourly fetch timer fired at `now`: each app's legacy fetch not under way
  /// is made again, due from now, its interval not added (legacy-fetch.md §2 and §5,
  /// item 3), and so judged against a new optimum; or, spaced from the app's last launch
  /// by `spacing`'s rule (``SchedulerParameters/spacedLaunch(_:last:launches:)``), due
  /// then, its window collapsed (dasd-decisions.md §4; legacy-fetch.md §5, item 5), as the
  /// app under study's fetch is.
  func recreateFetches(at now: SimTime, spacing: SchedulerParameters) {
    for i in apps.indices where apps[i].work.kind == .legacyFetch && apps[i].run == nil {
      let spaced = spacing.spacedLaunch(now, last: apps[i].lastLaunch.latest, launches: apps[i].launches)
      (apps[i].dueAt, apps[i].fetchCollapsed) = (spaced ?? now, spaced != nil)
    }
  }
  public var count: Int { apps.count }

  /// Where app `k`'s runtime is kept in dasd's fair share: one place per app (the entry
  /// that keeps its opens), so that a listed app with several kinds of work has one
  /// weekly runtime; ``count`` (the app under study) keeps its own.
  func fairShareKey(_ k: Int) -> Int { k < apps.count ? apps[k].opensAt : k }

  func record(_ run: OtherAppRun) { runs.append(run) }

  /// The recorded run of `bundle` that started at `start` ended early, at `end`.
  func endRecordedRun(of bundle: String, startedAt start: SimTime, at end: SimTime) {
    guard recordsRuns, let k = runs.lastIndex(where: { $0.bundle == bundle && $0.start == start }) else {
      return
    }
    runs[k].end = end
  }

  /// Each other app's bundle identifier and launches so far.
  public var launches: [(bundle: String, launches: Int)] { apps.map { ($0.bundle, $0.launches) } }

  /// Silent pushes that arrived by `now`: each messenger holds at most one, the newest.
  func deliverPushes(until now: SimTime) {
    if !pushesArrived.isEmpty { pushesArrived.removeAll(keepingCapacity: true) }
    aPushArrived = false
    guard let next = nextPushMoment, next <= now else { return }
    for k in pushMoments.indices where pushMoments[k] <= now {
      let i = pushApps[k]
      pushesArrived.append(i)
      while apps[i].nextPushAt <= now {
        aPushArrived = true
        if apps[i].run == nil { apps[i].dueAt = apps[i].nextPushAt }
        apps[i].nextPushAt =
          apps[i].nextPushAt
          + .seconds(apps[i].pushes?.exponential(mean: apps[i].work.intervalSeconds) ?? .infinity)
      }
      pushMoments[k] = apps[i].nextPushAt
    }
    nextPushMoment = pushMoments.min()
  }

  /// App `i`'s push, held back by its spacing, is judged again at `end`.
  func holdPush(_ i: Int, until end: SimTime) {
    guard let k = pushApps.firstIndex(of: i) else { return }
    pushMoments[k] = min(apps[i].nextPushAt, end)
    nextPushMoment = min(nextPushMoment ?? end, end)
  }

  /// Their background tasks running at `now`.
  func running(at now: SimTime) -> Int {
    var n = 0
    for end in runEnds where end > now { n += 1 }
    return n
  }

  /// App `i`'s run starts, to end at `end`.
  func startRun(_ i: Int, end: SimTime, start: SimTime, onPower: Bool) {
    apps[i].run = (end, start, onPower)
    runEnds[i] = end
    earliestRunEnd = min(earliestRunEnd, end)
  }

  /// After the runs due by now ended: the earliest end of those still under way.
  func noteRunsEnded() {
    earliestRunEnd = .distantFuture
    for end in runEnds where end != .zero { earliestRunEnd = min(earliestRunEnd, end) }
  }

  /// App `i`'s run ends (finished or suspended): what it was, if one was under way.
  func endRun(_ i: Int) -> (end: SimTime, start: SimTime, onPower: Bool)? {
    guard let run = apps[i].run else { return nil }
    apps[i].run = nil
    runEnds[i] = .zero
    return run
  }

  /// The bundle identifiers of the apps whose tasks are running at `now` (in `group`,
  /// when given).
  func runningBundles(at now: SimTime, in group: ActivityGroup? = nil) -> [String] {
    apps.filter { ($0.run?.end ?? .zero) > now && (group == nil || $0.group == group) }.map(\.bundle)
  }

  /// What each other app did so far, one entry per app (its works together), with the
  /// owner's opens of the app of each usage rank (``DeviceModel/OtherAppUse/opens(rank:)``).
  public func totals(opens: (Int) -> Int) -> [OtherAppTotal] {
    var out: [OtherAppTotal] = []
    for (i, app) in apps.enumerated() {
      if app.opensAt == i {
        let work = app.work.isApples ? "apple_maintenance" : app.work.kind.rawValue
        let opened = app.rank > 0 && app.rank <= used ? opens(app.rank) : 0
        out.append(
          OtherAppTotal(
            bundle: app.bundle, work: work, rank: app.rank, opens: opened, launches: app.launches,
            suspended: app.suspensions, energyMWh: app.energyMWh, batteryEnergyMWh: app.batteryEnergyMWh))
      } else {
        out[out.count - 1].work += "+" + app.work.kind.rawValue
        out[out.count - 1].launches += app.launches
        out[out.count - 1].suspended += app.suspensions
        out[out.count - 1].energyMWh += app.energyMWh
        out[out.count - 1].batteryEnergyMWh += app.batteryEnergyMWh
      }
    }
    return out
  }
}
