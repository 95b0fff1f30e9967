import Testing

@testable import Randomness

/// The inverse distribution functions that map Sobol points onto fit priors.
@Suite struct QuantileTests {
  func quantile(_ text: String, _ u: Double) throws -> Double? {
    try RandomDistribution(parsing: text).quantile(u)
  }

  @Test func knownQuantiles() throws {
    // A log-normal's median is its median; a normal's 97.5 % point is 1.96 sd above.
    #expect(abs(try #require(try quantile("lognormal(median: 30s, sigma: 1.7)", 0.5)) - 30) < 1e-9)
    #expect(abs(try #require(try quantile("normal(mean: 10, sd: 2)", 0.975)) - (10 + 1.959964 * 2)) < 1e-5)
    // An exponential's median is its mean × ln 2; a beta(1, 1) is uniform.
    #expect(abs(try #require(try quantile("exponential(mean: 40m)", 0.5)) - 2400 * 0.693147) < 1e-2)
    #expect(abs(try #require(try quantile("beta(a: 1, b: 1)", 0.3)) - 0.3) < 1e-9)
    #expect(try quantile("0.7", 0.1) == 0.7)
  }

  @Test func aTruncatedNormalStaysInItsBoundsAndRises() throws {
    let us = stride(from: 0.0, through: 1.0, by: 0.05)
    let xs = try us.map { try #require(try quantile("truncnormal(mean: 40, sd: 20, min: 5, max: 95)", $0)) }
    #expect(xs.allSatisfy { (5...95).contains($0) })
    #expect(zip(xs, xs.dropFirst()).allSatisfy { $0 <= $1 })
    #expect(abs(xs[10] - 40) < 5, "the median lies near the mean when the cut is nearly even")
  }

  @Test func discreteDistributionsHaveNoContinuousInverse() throws {
    #expect(try quantile("poisson(mean: 3.5)", 0.5) == nil)
    #expect(try quantile("categorical(values: [1, 2], weights: [1, 1])", 0.5) == nil)
  }
}
