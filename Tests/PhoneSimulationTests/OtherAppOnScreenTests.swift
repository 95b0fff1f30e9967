import DeviceModel
import Randomness
import SimKernel
import Testing

@testable import IOSModel
@testable import PhoneAssembly

/// One app is in the foreground at a time: the owner who opens the app under study
/// while an other app is on screen has left that app (legacy-fetch.md §2 (b)).
@Suite struct OtherAppOnScreenTests {
  /// A phone with one other app, a weather app fetching every 15 min.
  static func world(script: [(Double, TimelineEvent.Action)]) -> SystemWorld {
    var w = SystemWorld(behavior: worker([]), script: script, recordDecisions: false)
    var population = AppPopulation()
    population.maintenance = [:]
    var weather = AppArchetype.weather.work
    weather.intervalSeconds = 900
    population.listed = [ListedApp(bundle: "com.weather", work: [weather], rank: 1)]
    w.phone.decider.connect(
      otherApps: FairShareTests.work(population), recent: RandomStreams(seed: 3).stream("recent"))
    return w
  }

  /// The screen comes on at 10:00 with the weather app; at 10:01 the owner opens the app
  /// under study: the weather app is no longer on screen, and its fetch is due one
  /// interval after it was left, not after the screen goes off at 10:11.
  @Test func openingTheAppUnderStudyEndsTheOtherAppsTurn() {
    var w = Self.world(script: [(at(10), .screenOn(seconds: 660)), (at(10, 1), .openApp(seconds: 60))])
    w.run(until: at(10) + 1)
    w.phone.decider.otherAppOpened(rank: 1, at: SimTime(seconds: at(10)))
    #expect(w.phone.decider.usage.otherApps.appOnScreen == 1)
    w.run(until: at(10, 1) + 1)
    #expect(w.phone.decider.usage.otherApps.appOnScreen == nil)
    #expect(w.phone.decider.otherApps.apps[0].dueAt == SimTime(seconds: at(10, 1) + 900))
  }

  /// Without the app under study, the weather app stays on screen until the screen goes
  /// off, and its fetch is due one interval after that.
  @Test func theOtherAppStaysOnScreenUntilTheScreenGoesOff() {
    var w = Self.world(script: [(at(10), .screenOn(seconds: 660))])
    w.run(until: at(10) + 1)
    w.phone.decider.otherAppOpened(rank: 1, at: SimTime(seconds: at(10)))
    w.run(until: at(10, 5))
    #expect(w.phone.decider.usage.otherApps.appOnScreen == 1)
    w.run(until: at(10, 11) + 1)
    #expect(w.phone.decider.usage.otherApps.appOnScreen == nil)
    #expect(w.phone.decider.otherApps.apps[0].dueAt == SimTime(seconds: at(10, 11) + 900))
  }

  /// A screen-on that opens the app under study opens no other app; every other
  /// screen-on does.
  @Test func aScreenOnThatOpensTheAppUnderStudyOpensNoOtherApp() {
    let on = DeviceChange(time: SimTime(seconds: 100), kind: .screenOn, batteryPercent: 80)
    let open = DeviceChange(time: SimTime(seconds: 100), kind: .appOpened, batteryPercent: 80)
    let later = DeviceChange(time: SimTime(seconds: 160), kind: .appOpened, batteryPercent: 80)
    #expect(PhoneSimulation<SystemScheduler>.opensAppUnderStudy([on, open], at: on.time))
    #expect(!PhoneSimulation<SystemScheduler>.opensAppUnderStudy([on], at: on.time))
    #expect(!PhoneSimulation<SystemScheduler>.opensAppUnderStudy([on, later], at: on.time))
  }
}
