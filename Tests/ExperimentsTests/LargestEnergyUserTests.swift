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
    var apps = OtherApps(
      population, ranks: Array(1...population.installed), streams: { RandomStreams(seed: 1).stream($0) },
      historyDays: 14, halfLifeDays: 2,
      start: .zero)
    #expect(apps.apps.map(\.bundle) == ["com.a", "com.a", "com.b"])
    let noon = SimTime(seconds: 43_200)
    apps.noteEnergy(3, by: 0, at: noon)
    apps.noteEnergy(3, by: 1, at: noon)
    apps.noteEnergy(5, by: 2, at: noon)
    let user = apps.largestEnergyUser(at: noon)
    #expect(user?.bundle == "com.a")
    #expect(abs((user?.share ?? 0) - 6.0 / 11) < 1e-12)
  }
}
