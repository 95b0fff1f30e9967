import DeviceModel
import Randomness
import SimKernel
import Testing

@testable import IOSModel
@testable import PhoneAssembly

/// dasd's fair share: when a group is full, the long runner that would run last (not
/// needing power, then the most runtime this week) is suspended for a newcomer that
/// would run before it.
@Suite struct FairShareTests {
  func t(_ seconds: Double) -> SimTime { SimTime(seconds: seconds) }

  /// A phone whose `network` group holds one activity, with a photo backup's upload
  /// running since 0 s, which ran `photoWeek` seconds this week; the app under study
  /// ran `ownWeek`.
  func loop(photoWeek: Double, ownWeek: Double = 0) -> SystemScheduler {
    var p = SchedulerParameters()
    p.groupCaps.network = 1
    p.fairShare.longRunningSeconds = 60
    var s = SystemScheduler(
      parameters: p, calendar: SimCalendar(startDate: CivilDate(iso: "2026-01-05")!),
      stream: RandomStreams(seed: 2).stream("scheduler"))
    var population = AppPopulation()
    population.maintenance = [:]
    population.listed = [ListedApp(bundle: "com.photos", work: [AppArchetype.photoBackup.work], rank: 1)]
    s.connect(otherApps: Self.work(population), recent: RandomStreams(seed: 3).stream("recent"))
    s.otherApps.startRun(0, end: t(3600), start: t(0), onPower: true)
    s.usage.otherApps.fairShare.seconds[0] = photoWeek
    s.usage.otherApps.fairShare.seconds[s.otherApps.count] = ownWeek
    return s
  }

  /// The other apps of `population`, their first requests drawn from seed 3.
  static func work(_ population: AppPopulation) -> OtherAppsWork {
    OtherAppsWork(
      population, ranks: Array(1...population.installed), streams: { RandomStreams(seed: 3).stream($0) },
      start: .zero)
  }

  func makeRoom(_ s: inout SystemScheduler, at seconds: Double, power: Bool = true) -> String? {
    let app = SimulatedApp(configuration: .testDefault, behavior: worker([]), target: PhoneAddresses().app)
    var kernel = EventLoop()
    return s.makeRoom(
      in: .network, power: power, app: s.otherApps.count, appUnderStudy: app, now: t(seconds),
      loop: &kernel)
  }

  @Test func theRunnerWithMoreRuntimeThisWeekIsSuspended() {
    var s = loop(photoWeek: 3000)
    #expect(s.groupLoad(.network, now: t(600)) == 1)
    #expect(
      makeRoom(&s, at: 600)
        == "fair share: suspended com.photos (3000 s this week against 0 s) to make room in the network group"
    )
    #expect(s.otherApps.apps[0].run == nil && s.otherApps.apps[0].suspensions == 1)
    #expect(s.otherApps.apps[0].dueAt == t(600), "the suspended upload is due again at once")
    #expect(s.usage.otherApps.fairShare.seconds[0] == 3600, "its 600 s count for this week")
    #expect(s.groupLoad(.network, now: t(600)) == 0)
  }

  @Test(arguments: [
    // (photo's week, own week, now, newcomer needs power): no room made
    (3000.0, 4000.0, 600.0, true),  // the newcomer ran more this week
    (3000, 0, 30, true),  // the upload has run 30 s: not a long runner
    (3000, 0, 600, false),  // the upload needs power, the newcomer does not
  ])
  func otherwiseNothingIsSuspended(photoWeek: Double, ownWeek: Double, now: Double, power: Bool) {
    var s = loop(photoWeek: photoWeek, ownWeek: ownWeek)
    #expect(makeRoom(&s, at: now, power: power) == nil)
    #expect(s.otherApps.apps[0].run != nil && s.otherApps.apps[0].suspensions == 0)
  }

  @Test func anAppWithTwoKindsOfWorkHasOneWeeklyRuntime() {
    var s = loop(photoWeek: 0)
    var population = AppPopulation()
    population.maintenance = [:]
    population.listed = [
      ListedApp(
        bundle: "com.photos", work: [AppArchetype.photoBackup.work, AppArchetype.news.work], rank: 1)
    ]
    s.connect(otherApps: Self.work(population), recent: RandomStreams(seed: 3).stream("recent"))
    #expect(s.otherApps.apps.count == 2 && s.otherApps.apps[1].opensAt == 0)
    s.otherApps.startRun(1, end: t(3600), start: t(0), onPower: true)
    s.suspendOther(1, now: t(600))
    s.otherApps.startRun(0, end: t(4000), start: t(1000), onPower: true)
    s.finishOtherRuns(until: t(4000))
    #expect(s.usage.otherApps.fairShare.seconds[0] == 3600, "the refresh's 600 s and the backup's 3000 s")
    #expect(s.usage.otherApps.fairShare.seconds[1] == 0)
  }

  @Test func runtimesResetEachWeek() {
    var share = FairShare(apps: 2)
    share.ran(0, from: t(0), to: t(600))
    share.ran(1, from: t(86_400), to: t(86_460))
    #expect(share.seconds == [600, 60])
    share.ran(1, from: t(7 * 86_400 + 10), to: t(7 * 86_400 + 20))
    #expect(share.seconds == [0, 10], "a new week from day 7")
    #expect(FairShare.runsFirst((true, 900), before: (false, 0)), "power first")
    #expect(FairShare.runsFirst((false, 10), before: (false, 20)))
  }
}

extension FairShareTests {
  /// The app under study's long processing run (200 s of its 5 minutes) makes room
  /// for another app that ran less this week: its expiration handler runs with the
  /// reason `suspended`, and its run leaves the group's load at once.
  @Test func theAppUnderStudysLongRunIsSuspendedWithItsExpirationHandler() throws {
    var w = SystemWorld(
      behavior: worker(["p0"], workSeconds: 3600, submit: [processing("p0")]),
      script: [(at(20), .openApp(seconds: 30))] + nightlyCharge(days: 1),
      model: .iosFromDayZero())
    var population = AppPopulation()
    population.maintenance = [:]
    population.listed = [ListedApp(bundle: "com.photos", work: [AppArchetype.photoBackup.work], rank: 1)]
    w.phone.decider.parameters.fairShare.longRunningSeconds = 150
    w.phone.decider.connect(otherApps: Self.work(population), recent: RandomStreams(seed: 3).stream("recent"))
    var t = at(20)
    while w.launches("p0").isEmpty, t < at(day: 1, 7) {
      t += 60
      w.run(until: t)
    }
    let launch = try #require(w.launches("p0").first)
    // Processing has 5 minutes: 200 s in, with 150 s as "long running".
    w.run(until: launch + 200)
    #expect(w.phone.decider.groupLoad(.standard, now: SimTime(seconds: launch + 200)) == 1)
    let count = w.phone.decider.otherApps.count
    w.phone.decider.usage.otherApps.fairShare.seconds[count] = 1000
    let now = SimTime(seconds: launch + 200)
    let note = w.phone.decider.makeRoom(
      in: .standard, power: false, app: 0, appUnderStudy: w.phone.app, now: now, loop: &w.loop)
    #expect(note?.contains("suspended p0 (1000 s this week against 0 s)") == true, "\(note ?? "none")")
    #expect(w.phone.decider.groupLoad(.standard, now: now) == 0)
    #expect(w.phone.decider.usage.otherApps.fairShare.seconds[count] == 1200, "its 200 s count for this week")
    w.run(until: launch + 250)
    let log = w.phone.appLog + w.app.events.elements
    let expiry = try #require(log.first { $0.kind == .expire && $0.identifier == "p0" })
    #expect(expiry.detail == "suspended" && expiry.time.seconds == launch + 200)
  }
}
