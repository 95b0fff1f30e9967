import DeviceModel
import Foundation
import Randomness
import Testing

/// `usage.owner_rate_sigma`: owners of one persona differ in how much they use the phone,
/// each by a factor drawn once, with the persona's rates kept as the means over owners.
@Suite struct OwnerRateTests {
  /// Each of `owners` owners' mean unlocks a day over `days` days.
  func rates(sigma: Double, owners: Int = 100, days: Int = 10) throws -> [Double] {
    var persona = try Repo.persona("typical")
    persona.usage.ownerRateSigma = sigma
    let sim = DeviceSimulation(persona: persona, days: days, seed: 2026, startDate: monday)
    return (0..<owners).map {
      sim.run(device: $0).days.map { Double($0.unlocks) }.reduce(0, +) / Double(days)
    }
  }

  func sd(_ x: [Double]) -> Double {
    let m = x.reduce(0, +) / Double(x.count)
    return (x.map { ($0 - m) * ($0 - m) }.reduce(0, +) / Double(x.count - 1)).squareRoot()
  }

  @Test func ownersDifferByTheSigmaAndKeepThePersonasMean() throws {
    let spread = try rates(sigma: 0.56)
    // The log rates' sd is σ, plus the days' own noise (about 0.04 over 10 days of 70
    // unlocks): 100 owners estimate an sd within 4 × σ/√200 = 0.16.
    #expect(abs(sd(spread.map(log)) - 0.56) < 0.16, "\(sd(spread.map(log)))")
    // The mean over owners stays about 70 a day: the owners' sd is about 70 × 0.61,
    // so 100 of them give a standard error near 4.3; 4 of them either side.
    let mean = spread.reduce(0, +) / Double(spread.count)
    #expect(abs(mean - 70) < 4 * 4.3, "\(mean)")
    // Without it, owners differ only by their days.
    #expect(sd(try rates(sigma: 0).map(log)) < 0.1)
  }

  @Test func theFactorIsDrawnOnlyWhenOwnersDiffer() {
    var usage = UsageSpec()
    let streams = RandomStreams(seed: 3)
    #expect(usage.ownerRateFactor(streams.stream("a")) == 1)
    usage.ownerRateSigma = 0.56
    let a = usage.ownerRateFactor(streams.stream("a"))
    #expect(a != 1 && a == usage.ownerRateFactor(streams.stream("a")))
  }
}
