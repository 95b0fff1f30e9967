import Testing

@testable import Randomness

@Suite struct IntraClassCorrelationTests {
  func sums(_ xs: [Double]) -> Statistics.GroupSums {
    Statistics.GroupSums(
      count: Double(xs.count), sum: xs.reduce(0, +), sumOfSquares: xs.reduce(0) { $0 + $1 * $1 })
  }

  /// Two groups, [1, 2, 3] and [4, 5, 6]: MSB 13.5, MSW 1, so ICC = 12.5 / 15.5.
  @Test func aCaseWorkedByHand() throws {
    let ci = try #require(Statistics.intraClassCorrelation([sums([1, 2, 3]), sums([4, 5, 6])]))
    #expect(abs(ci.estimate - 12.5 / 15.5) < 1e-12)
    #expect(ci.lower < ci.estimate && ci.estimate < ci.upper)
    #expect(ci.n == 2)
  }

  @Test func noVarianceWithinGroupsOrOneGroupHasNone() {
    #expect(Statistics.intraClassCorrelation([sums([1, 1]), sums([2, 2])]) == nil)
    #expect(Statistics.intraClassCorrelation([sums([1, 2, 3])]) == nil)
  }

  /// Groups of 20 with a group effect and noise of equal variance: the true ICC is 0.5.
  /// Fisher's large-sample standard error for 400 groups of 20 is about 0.019; the
  /// estimate must lie within five of them, and the 95 % interval must be about
  /// ±2 of them wide.
  @Test func recoversAKnownCorrelation() throws {
    let stream = RandomStreams(seed: 17).stream("icc")
    let (groups, k, rho) = (400, 20, 0.5)
    var data: [Statistics.GroupSums] = []
    for _ in 0..<groups {
      let effect = stream.standardNormal()
      data.append(sums((0..<k).map { _ in effect + stream.standardNormal() }))
    }
    let ci = try #require(Statistics.intraClassCorrelation(data))
    let se =
      (2 * (1 - rho) * (1 - rho) * (1 + Double(k - 1) * rho) * (1 + Double(k - 1) * rho)
      / (Double(k) * Double(k - 1) * Double(groups - 1))).squareRoot()
    #expect(abs(ci.estimate - rho) < 5 * se, "\(ci.estimate)")
    #expect(abs((ci.upper - ci.lower) / 2 - 1.96 * se) < se)
  }
}
