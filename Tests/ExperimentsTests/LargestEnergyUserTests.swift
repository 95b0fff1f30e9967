import Randomness
import SimKernel
import Testing

@testable import IOSModel

/// `explain`'s "X drew N % of today's energy" adds up an app's kinds of work.
@Suite struct LargestEnergyUserTests {
  @Test func anAppsKindsOfWorkCountTogether() {
    let refresh = AppArchetype.news.work
    let pushes = AppArchetype.messenger.work
    var population = AppPopulation()
    population.listed = [
      ListedApp(bundle: "com.a", work: [refresh, pushes]), ListedApp(bundle: "com.b", work: [refresh]),
    ]
    let streams = RandomStreams(seed: 1)
    let apps = OtherAppsWork(
      population, ranks: Array(1...population.installed), streams: { streams.stream($0) }, start: .zero)
    var known = OtherAppKnowledge(
      apps, historyDays: 14, halfLifeDays: .infinity, meanSinceFirstOpen: true, start: .zero,
      recent: streams.stream("recent"), recentApps: 25,
      fetchRanking: .init(), fairShare: .init())
    #expect(apps.apps.map(\.bundle) == ["com.a", "com.a", "com.b"])
    let noon = SimTime(seconds: 43_200)
    known.noteEnergy(3, by: 0, at: noon)
    known.noteEnergy(3, by: 1, at: noon)
    known.noteEnergy(5, by: 2, at: noon)
    let user = known.largestEnergyUser(of: apps, at: noon)
    #expect(user?.bundle == "com.a")
    #expect(abs((user?.share ?? 0) - 6.0 / 11) < 1e-12)
  }
}
