import DeviceModel
import Randomness
import SimKernel
import Testing

@testable import IOSModel
@testable import PhoneAssembly

/// An other app the owner has not opened has its processing vetoed by `app_usage` until
/// the owner opens it (``UnusedApp``): the other apps' loop skips it meanwhile, and debug
/// builds judge each skipped app and check that the rule vetoes it.
@Suite struct UnusedAppTests {
  /// A phone charged every night with one other app the owner has not opened: by
  /// default a photo backup (processing on power).
  static func world(
    days: Int,
    app: ListedApp = ListedApp(bundle: "com.photos", work: [AppArchetype.photoBackup.work], rank: 1),
    seed: UInt64 = 3
  ) -> SystemWorld {
    var w = SystemWorld(
      behavior: worker([]), script: nightlyCharge(days: days), recordDecisions: false)
    var population = AppPopulation()
    population.maintenance = [:]
    population.listed = [app]
    w.phone.decider.connect(
      otherApps: FairShareTests.work(population), recent: RandomStreams(seed: seed).stream("recent"))
    return w
  }

  @Test func anUnopenedAppIsSkippedUntilTheOwnerOpensIt() {
    var w = Self.world(days: 3)
    w.run(until: at(day: 1, 12))
    let decider = w.phone.decider
    #expect(decider.shortcuts.unusedApps == [UnusedApp(lastOpen: nil)])
    // Every skip was judged by the rule and found vetoed (a mismatch traps).
    #expect(decider.shortcuts.unusedAppSkips > 20, "\(decider.shortcuts.unusedAppSkips) skips")
    #expect(decider.shortcuts.checked >= decider.shortcuts.unusedAppSkips)
    #expect(decider.otherApps.apps[0].launches == 0)
    // Opened at noon, the app is judged again, and its backup runs on the charger that night.
    w.phone.decider.otherAppOpened(rank: 1, at: SimTime(seconds: at(day: 1, 12)))
    let skips = w.phone.decider.shortcuts.unusedAppSkips
    w.run(until: at(day: 2, 12))
    #expect(w.phone.decider.shortcuts.unusedAppSkips == skips)
    #expect(w.phone.decider.otherApps.apps[0].launches > 0)
  }

  /// Only `app_usage`'s veto of processing or a push, for an app with no install
  /// warm-up, holds until the app is opened.
  @Test func onlyTheUnusedAppVetoHoldsUntilOpened() throws {
    let model = SchedulingModel.ios()
    let usage = try #require(
      model.compiled.policies.firstIndex {
        if case .appUsage = $0 { true } else { false }
      })
    var processing = Activity(kind: .processing, identifier: "p", priority: .maintenance, submittedAt: .zero)
    var c = PolicyContext(
      now: SimTime(seconds: 1000), batteryPercent: 50, isPluggedIn: true, isInUse: false, idleSeconds: 600,
      network: .wifi, isLowPowerMode: false, thermal: .nominal, isPoweredOn: true, appState: .notRunning,
      backgroundAppRefresh: true, isForceQuitFlagged: false, appOpenProbability: nil, deviceUseProbability: 0,
      daysSinceAppOpened: nil, energyBudget: 150, energyCapacity: 150, dataBudget: 1e9,
      lastLaunch: LaunchTimes(), runningTasks: 0, overruns: 0)
    c.owner.installWarmupFactor = 0
    #expect(UnusedApp.holdsUntilOpened(vetoedBy: usage, processing, c, model: model))
    #expect(!UnusedApp.holdsUntilOpened(vetoedBy: usage - 1, processing, c, model: model))
    let refresh = Activity(kind: .refresh, identifier: "r", priority: .utility, submittedAt: .zero)
    #expect(!UnusedApp.holdsUntilOpened(vetoedBy: usage, refresh, c, model: model))
    c.owner.installWarmupFactor = 1
    #expect(!UnusedApp.holdsUntilOpened(vetoedBy: usage, processing, c, model: model))
    processing.isSystem = true
    c.owner.installWarmupFactor = 0
    #expect(!UnusedApp.holdsUntilOpened(vetoedBy: usage, processing, c, model: model))
  }
}
