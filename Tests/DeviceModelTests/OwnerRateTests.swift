import DeviceModel
import Foundation
import Randomness
import Testing

/// `usage.app_opens_owner_sigma` and `usage.unlocks_owner_sigma`: owners of one persona
/// differ in how often they open the app and unlock the phone, each by a factor drawn
/// once from a stream of its own, with the persona's rates kept as the means over owners.
@Suite struct OwnerRateTests {
  /// Each of `owners` owners' mean unlocks and app opens a day over `days` days.
  func rates(opens: Double, unlocks: Double, owners: Int = 100, days: Int = 20) throws -> (
    unlocks: [Double], opens: [Double]
  ) {
    var persona = try Repo.persona("typical")
    persona.usage.appOpensOwnerSigma = opens
    persona.usage.unlocksOwnerSigma = unlocks
    let sim = DeviceSimulation(persona: persona, days: days, seed: 2026, startDate: monday)
    let runs = (0..<owners).map { sim.run(device: $0).days }
    let mean = { (f: (DeviceDayStats) -> Int) in
      runs.map { d in d.map { Double(f($0)) }.reduce(0, +) / Double(days) }
    }
    return (mean(\.unlocks), mean(\.appOpens))
  }

  func sd(_ x: [Double]) -> Double {
    let m = x.reduce(0, +) / Double(x.count)
    return (x.map { ($0 - m) * ($0 - m) }.reduce(0, +) / Double(x.count - 1)).squareRoot()
  }

  func mean(_ x: [Double]) -> Double { x.reduce(0, +) / Double(x.count) }

  @Test func unlocksDifferByTheirSigmaAndKeepThePersonasMean() throws {
    let r = try rates(opens: 0, unlocks: 0.56)
    // The log rates' sd is σ, plus the days' own noise (about 0.03 over 20 days of 70
    // unlocks): 100 owners estimate an sd within 4 × σ/√200 = 0.16.
    #expect(abs(sd(r.unlocks.map(log)) - 0.56) < 0.16, "\(sd(r.unlocks.map(log)))")
    // The mean over owners stays about 70 a day: the owners' sd is about 70 × 0.61,
    // so 100 of them give a standard error near 4.3; 4 of them either side.
    #expect(abs(mean(r.unlocks) - 70) < 4 * 4.3, "\(mean(r.unlocks))")
    // The app's opens do not follow: their log sd is the days' noise alone (about
    // 1/√(20 × 5) = 0.1 for Poisson opens).
    #expect(sd(r.opens.map(log)) < 0.2, "\(sd(r.opens.map(log)))")
  }

  @Test func appOpensDifferByTheirSigmaAndKeepThePersonasMean() throws {
    let r = try rates(opens: 0.56, unlocks: 0)
    // The log opens' sd is √(σ² + the days' noise²) ≈ √(0.56² + 0.1²) = 0.57 (owners
    // with no open on any day are left out of the logs); 4 × σ/√200 = 0.16 either side.
    let logs = r.opens.filter { $0 > 0 }.map(log)
    #expect(abs(sd(logs) - 0.57) < 0.16, "\(sd(logs))")
    // The mean over owners stays about 5 a day: owners' sd about 5 × 0.61, standard
    // error 0.31 for 100 owners; 4 of them either side.
    #expect(abs(mean(r.opens) - 5) < 4 * 0.31, "\(mean(r.opens))")
    // The phone's unlocks do not follow.
    #expect(sd(r.unlocks.map(log)) < 0.1, "\(sd(r.unlocks.map(log)))")
  }

  @Test func theFactorIsDrawnOnlyWhenOwnersDiffer() {
    let streams = RandomStreams(seed: 3)
    #expect(UsageSpec.ownerFactor(sigma: 0, streams.stream("a")) == 1)
    let a = UsageSpec.ownerFactor(sigma: 0.56, streams.stream("a"))
    #expect(a != 1 && a == UsageSpec.ownerFactor(sigma: 0.56, streams.stream("a")))
  }
}
