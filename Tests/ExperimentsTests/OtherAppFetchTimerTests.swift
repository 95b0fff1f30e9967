import Randomness
import SimKernel
import Testing

@testable import IOSModel

/// dasd's 3-hourly fetch timer re-creates an other app's legacy fetch as it does the app
/// under study's (legacy-fetch.md §2, §5 items 3 and 5; dasd-decisions.md §4).
@Suite struct OtherAppFetchTimerTests {
  /// One weather app (legacy fetch every hour), its fetch due an hour after its last run.
  static func weatherApp() -> OtherAppsWork {
    var population = AppPopulation()
    population.listed = [ListedApp(bundle: "com.weather", work: [AppArchetype.weather.work])]
    let streams = RandomStreams(seed: 1)
    return OtherAppsWork(
      population, ranks: Array(1...population.installed), streams: { streams.stream($0) }, start: .zero)
  }

  @Test func theTimerMakesTheFetchDueAtOnceWithoutItsInterval() {
    let apps = Self.weatherApp()
    let launch = SimTime(seconds: 10_000)
    apps.apps[0].lastLaunch[.legacyFetch] = launch
    apps.apps[0].launches = 3
    apps.apps[0].dueAt = launch + .seconds(3_600)
    let firing = launch + .seconds(600)
    apps.recreateFetches(at: firing, spacing: SchedulerParameters())
    #expect(apps.apps[0].dueAt == firing)
    #expect(!apps.apps[0].fetchCollapsed)
  }

  /// Past 9 launches, a firing within 450 s of the app's last launch starts the fetch
  /// 450 s after that launch, its window collapsed; a later firing is not moved.
  @Test func pastNineLaunchesAFiringSoonAfterALaunchIsSpacedFromIt() {
    let apps = Self.weatherApp()
    let launch = SimTime(seconds: 10_000)
    apps.apps[0].lastLaunch[.legacyFetch] = launch
    apps.apps[0].launches = 10
    apps.recreateFetches(at: launch + .seconds(100), spacing: SchedulerParameters())
    #expect(apps.apps[0].dueAt == launch + .seconds(450))
    #expect(apps.apps[0].fetchCollapsed)
    apps.recreateFetches(at: launch + .seconds(500), spacing: SchedulerParameters())
    #expect(apps.apps[0].dueAt == launch + .seconds(500))
    #expect(!apps.apps[0].fetchCollapsed)
  }

  /// A fetch under way is left alone.
  @Test func aRunningFetchIsNotRecreated() {
    let apps = Self.weatherApp()
    let start = SimTime(seconds: 10_000)
    apps.startRun(0, end: start + .seconds(3), start: start, onPower: false)
    apps.apps[0].dueAt = nil
    apps.recreateFetches(at: start + .seconds(1), spacing: SchedulerParameters())
    #expect(apps.apps[0].dueAt == nil)
  }
}
