import DeviceModel
import SimKernel
import Testing

@testable import IOSModel
@testable import PhoneAssembly

/// Legacy background fetch, silent pushes and background URLSession transfers.
@Suite struct OtherLaunchPathTests {
  func fetchApp(interval: Double?, permitted: [String] = []) -> AppConfiguration {
    var c = AppConfiguration()
    c.backgroundModes = ["fetch", "remote-notification"]
    c.permittedIdentifiers = permitted
    c.minimumBackgroundFetchIntervalSeconds = interval
    return c
  }

  @Test func legacyFetchRunsOnlyWithAnIntervalAndNoPermittedIdentifiers() {
    let days = 4
    let script = habitualOpens(days: days, at: [(8, 0), (19, 0)]) + nightlyCharge(days: days)
    var open = SystemWorld(fetchApp(interval: 900), behavior: Code(), script: script)
    open.run(until: at(day: days, 0))
    #expect(open.launches("legacy_fetch").count >= 2)
    // Default interval ("never"), or the BGTaskScheduler key present: no fetches.
    var never = SystemWorld(fetchApp(interval: nil), behavior: Code(), script: script)
    never.run(until: at(day: days, 0))
    #expect(never.launches("legacy_fetch").isEmpty)
    var modern = SystemWorld(
      fetchApp(interval: 900, permitted: ["refresh"]), behavior: Code(), script: script)
    modern.run(until: at(day: days, 0))
    #expect(modern.launches("legacy_fetch").isEmpty)
  }

  /// The owner on the phone for two minutes every 20 from 07:00 to 23:00, and on the
  /// charger overnight, for `days` days, with `opens` of the app.
  func dayOfUse(days: Int, opens: [(Double, TimelineEvent.Action)]) -> [(Double, TimelineEvent.Action)] {
    let use = (0..<days).flatMap { d in
      stride(from: 7.0, to: 23, by: 1 / 3).map {
        (at(day: d, $0, 1), TimelineEvent.Action.screenOn(seconds: 120))
      }
    }
    return use + opens + nightlyCharge(days: days)
  }

  /// dasd's 3-hourly fetch timer re-creates the fetch from that moment, so an interval
  /// over 3 h is no floor (legacy-fetch.md §2): a 12-h interval gets more fetches than it
  /// would allow, and no two fetches come within the 450-s spacing.
  @Test func anIntervalOverThreeHoursIsNoFloor() {
    let days = 6
    let script = dayOfUse(days: days, opens: habitualOpens(days: days, at: [(8, 0), (12, 0), (19, 0)]))
    var w = SystemWorld(fetchApp(interval: 12 * 3600), behavior: Code(), script: script)
    w.run(until: at(day: days, 0))
    let times = w.launches("legacy_fetch")
    // A 12-h floor allows at most one more than two a day.
    #expect(times.count > 2 * days + 1, "\(times.count) fetches in \(days) days")
    let gaps = zip(times, times.dropFirst()).map { $1 - $0 }
    #expect(gaps.contains { $0 < 12 * 3600 })
    #expect(gaps.allSatisfy { $0 >= 450 })
    // At most one per firing of the timer (about 8 a day) and one per open.
    #expect(times.count <= days * (8 + 3), "\(times.count) fetches")
  }

  /// An app opened once, at 14:00 on day 0, is fetched on the days after in the hour
  /// before that time of day and at no other (legacy-fetch.md §3: dasd predicts a fetch
  /// by the share of days with an open in the quarter hour 7.5–30 min ahead; #164).
  @Test func anAppOpenedOnceIsFetchedNearThatTimeOfDay() {
    let days = 6
    let script = dayOfUse(days: days, opens: [(at(14, 0), .openApp(seconds: 60))])
    var w = SystemWorld(fetchApp(interval: 900), behavior: Code(), script: script)
    w.run(until: at(day: days, 0))
    let later = w.launches("legacy_fetch").filter { $0 >= at(day: 1, 0) }
    let hours = later.map { $0.truncatingRemainder(dividingBy: 86_400) / 3600 }
    #expect(hours.allSatisfy { $0 >= 13 && $0 <= 14.25 }, "\(hours)")
    let daysFetched = Set(later.map { Int($0 / 86_400) })
    #expect(daysFetched.count >= 3, "fetched on days \(daysFetched.sorted())")
    #expect(later.count <= 3 * daysFetched.count, "\(later.count) fetches")
  }

  /// dasd moves a new launch activity of an app it has launched more than 9 times to
  /// 450 s after the app's last launch of any kind, its window collapsed
  /// (dasd-decisions.md §4; legacy-fetch.md §5, item 5): a fetch its 3-hourly timer
  /// makes due just after a push launch runs 450 s (and a timer's latency) after that
  /// launch. With the spacing off, fetches rarely land there.
  @Test func aFetchDueJustAfterALaunchIsSpacedFromIt() {
    func fetchesSpacedFromTheLastLaunch(launchesBeforeSpacing: Int) -> (spaced: Int, all: Int) {
      var c = fetchApp(interval: 12 * 3600)
      c.silentPushesPerHour = 6
      let days = 6
      let script = dayOfUse(days: days, opens: habitualOpens(days: days, at: [(8, 0), (12, 0), (19, 0)]))
      var p = SchedulerParameters()
      p.launchesBeforeSpacing = launchesBeforeSpacing
      var w = SystemWorld(c, behavior: Code(), script: script, parameters: p)
      w.run(until: at(day: days, 0))
      let all = w.launches().sorted()
      let fetches = w.launches("legacy_fetch")
      let spaced = fetches.filter { f in
        guard let last = all.last(where: { $0 < f }) else { return false }
        return f - last >= 450 && f - last < 450 + 60
      }
      return (spaced.count, fetches.count)
    }
    let on = fetchesSpacedFromTheLastLaunch(launchesBeforeSpacing: 9)
    let off = fetchesSpacedFromTheLastLaunch(launchesBeforeSpacing: .max)
    #expect(on.spaced >= 3, "\(on.spaced) of \(on.all) fetches 450-510 s after a launch")
    #expect(on.spaced > 2 * off.spaced, "spacing on \(on.spaced), off \(off.spaced)")
  }

  @Test func silentPushesAreRateLimitedAndSpacedOut() {
    var c = fetchApp(interval: nil)
    c.silentPushesPerHour = 8  // 14 pushes in about 1.75 h
    var w = SystemWorld(c, behavior: Code(), script: [(0, .plug), (1, .openApp(seconds: 10))])
    w.run(until: 7 * 3600)
    let launches = w.launches("silent_push")
    #expect(launches.count >= 20)
    // On power, at least 15 minutes apart: about 4 an hour at most, however many
    // pushes arrive.
    #expect(zip(launches, launches.dropFirst()).allSatisfy { $1 - $0 >= 900 })
    #expect(Double(launches.count) <= 7 * 4 + 1)
  }

  /// A push held by the 15-min spacing launches when the spacing ends (a timer there, as
  /// dasd re-times rate-limited work; WWDC 2020: held pushes launched 15 minutes apart),
  /// not at the next decision point: on an awake phone with pushes every 7.5 min on
  /// average, most gaps between push launches are the spacing plus the timer's latency.
  @Test func aHeldPushLaunchesWhenItsSpacingEnds() {
    var c = fetchApp(interval: nil)
    c.silentPushesPerHour = 8
    var w = SystemWorld(c, behavior: Code(), script: [(0, .plug), (1, .openApp(seconds: 10))])
    w.run(until: 12 * 3600)
    let launches = w.launches("silent_push")
    let gaps = zip(launches, launches.dropFirst()).map { $1 - $0 }
    #expect(gaps.count >= 30)
    #expect(gaps.allSatisfy { $0 >= 900 })
    // A push arrives within 900 s of a launch with probability 1 − e^−2 = 0.86.
    let atSpacing = gaps.filter { $0 < 960 }.count
    #expect(Double(atSpacing) >= 0.7 * Double(gaps.count), "\(atSpacing) of \(gaps.count) gaps under 16 min")
  }

  /// A timer of dasd's that came due while the phone slept on battery fires when the
  /// phone next wakes (dasd-decisions.md §4): a push held by its spacing, whose spacing
  /// ended while the phone slept, launches as the screen comes on. A phone off the
  /// charger whose screen comes on for 10 s every 137 s (no multiple of it near 900 s), with 8 pushes an hour.
  @Test func aHeldPushWhoseSpacingEndedAsleepLaunchesAtTheNextWake() {
    var c = fetchApp(interval: nil)
    c.silentPushesPerHour = 8
    // dasd's own timer every 3 h, so that the wake, not the timer, comes first.
    var p = SchedulerParameters()
    p.evaluationPeriodSeconds = 10_800
    let wakes = (1..<262).map { (Double($0) * 137, TimelineEvent.Action.screenOn(seconds: 10)) }
    var w = SystemWorld(c, behavior: Code(), script: [(0, .openApp(seconds: 10))] + wakes, parameters: p)
    w.run(until: 10 * 3600)
    let pushLaunches = w.decisions.filter { $0.activity.kind == .silentPush && $0.outcome == .launched }
    let atWake = pushLaunches.filter { $0.trigger == DecisionTrigger.device(.screenOn).text }
    // A push is held at 86 % of the spacings' ends (8 an hour: 1 - e^-2); a spacing ends
    // while the phone sleeps 127 of every 137 s, and the next wake comes before the next
    // push 86 % of the time ((450 / 137)(1 - e^(-137/450))): about 68 % of the launches
    // come as the screen comes on. Without the rule none does (the app has no task
    // request). A third is 4 standard deviations below 68 % with 30 launches.
    #expect(pushLaunches.count >= 20)
    #expect(
      3 * atWake.count >= pushLaunches.count, "\(atWake.count) of \(pushLaunches.count) at a wake")
    let launches = w.launches("silent_push")
    #expect(zip(launches, launches.dropFirst()).allSatisfy { $1 - $0 >= 900 })
  }

  /// A held push is replaced by the next (multi-app.md §1.6: only the newest held push
  /// is kept): the launch delivers the newest, and counts from its arrival; after the
  /// launch nothing is held.
  @Test func aHeldPushIsReplacedByTheNext() {
    var c = fetchApp(interval: nil)
    c.silentPushesPerHour = 1
    let app = SimulatedApp(configuration: c, behavior: Code(), target: PhoneAddresses().app)
    let context = LaunchPathContext(app: app, keepsLegacyFetch: false)
    var path = SilentPushPath()
    for seconds in [100.0, 400, 700] { path.observe(.silentPush(at: SimTime(seconds: seconds)), app: app) }
    var held: [Activity] = []
    path.appendActivities(to: &held, context)
    #expect(held.count == 1)
    #expect(held.first?.submittedAt == SimTime(seconds: 700))
    _ = path.launched(held[0], at: SimTime(seconds: 800), app: app, onCellular: false)
    var after: [Activity] = []
    path.appendActivities(to: &after, context)
    #expect(after.isEmpty)
    #expect(path.isIdle)
  }

  /// dasd runs, in a launch of the app, its other due launch requests that no policy
  /// vetoes (dasd-decisions.md §3): a legacy fetch below its threshold joins a push's
  /// launch, judged by every policy but not the threshold, and is recorded as a
  /// companion; never within the fetch spacing of the last fetch.
  @Test func aDueFetchJoinsAPushLaunch() {
    var c = fetchApp(interval: 0)
    c.silentPushesPerHour = 6
    let script = habitualOpens(days: 3, at: [(8, 0), (12, 0), (19, 0)]) + nightlyCharge(days: 3)
    var w = SystemWorld(c, behavior: Code(), script: script)
    w.run(until: at(day: 3, 0))
    let joined = w.decisions.filter {
      $0.activity.kind == .legacyFetch && $0.outcome == .launched
        && $0.verdicts.contains { $0.policy == "companion" }
    }
    #expect(!joined.isEmpty, "no fetch ran in another launch")
    let pushes = Set(w.launches("silent_push").map { Int($0) })
    // Each companion fetch starts in the second of a push launch (or of a launch of the
    // app for its own fetch) and below its threshold.
    for d in joined {
      #expect(pushes.contains(Int(d.time.seconds)) || pushes.contains(Int(d.time.seconds) - 1))
      #expect((d.total ?? 1) < d.threshold)
    }
    let fetches = w.launches("legacy_fetch")
    #expect(zip(fetches, fetches.dropFirst()).allSatisfy { $1 - $0 >= 450 })
  }

  @Test func silentPushesStopWithBackgroundAppRefreshOffOrAfterForceQuit() {
    var off = fetchApp(interval: nil)
    off.silentPushesPerHour = 4
    off.backgroundAppRefresh = false
    var w = SystemWorld(off, behavior: Code(), script: [(0, .openApp(seconds: 10))])
    w.run(until: 6 * 3600)
    #expect(w.launches("silent_push").isEmpty)
    var on = fetchApp(interval: nil)
    on.silentPushesPerHour = 4
    var q = SystemWorld(on, behavior: Code(), script: [(0, .openApp(seconds: 10)), (20, .forceQuit)])
    q.run(until: 6 * 3600)
    #expect(q.launches("silent_push").isEmpty)
    #expect(q.decisions.contains { $0.outcome == .vetoed(policy: "force_quit") })
  }

  @Test func urgentTransfersIgnoreBatteryAndUseButDiscretionaryOnesWait() {
    // At 15 % on battery: maintenance work is vetoed, so a discretionary transfer waits
    // for the charger; a non-discretionary one goes at the next decision point.
    func run(discretionary: Bool) -> [Double] {
      let code = Code(background: { app in
        app.startBackgroundTransfer(bytes: 1_000_000, discretionary: discretionary)
      })
      var w = SystemWorld(
        behavior: code, script: [(at(9), .openApp(seconds: 10)), (at(14), .plug)], battery: 15)
      w.run(until: at(15))
      return w.launches("background_transfer")
    }
    let urgent = run(discretionary: false)
    let discretionary = run(discretionary: true)
    #expect(urgent.count == 1 && urgent[0] < at(9, 15))
    #expect(discretionary.count == 1 && discretionary[0] >= at(14))
  }

  @Test func aFetchHandlerThatNeverCompletesGetsTheAppKilled() {
    final class Stuck: AppBehavior {
      func performFetch(_ app: SimulatedApp, completionHandler: @escaping (BackgroundFetchResult) -> Void) {}
    }
    let script = habitualOpens(days: 2, at: [(8, 0), (19, 0)]) + nightlyCharge(days: 2)
    var w = SystemWorld(fetchApp(interval: 900), behavior: Stuck(), script: script)
    w.run(until: at(day: 2, 0))
    let kills = (w.phone.appLog + w.app.events.elements).filter { $0.kind == .kill }
    #expect(!kills.isEmpty)
    #expect(kills.allSatisfy { $0.detail == "task_overran" })
  }
}
