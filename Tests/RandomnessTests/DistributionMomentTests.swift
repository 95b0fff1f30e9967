import Foundation
import Testing

@testable import Randomness

/// Each distribution's sample mean and variance must agree with the formulas within
/// five standard errors, and a goodness-of-fit test must not reject at α = 0.001.
/// Seeds are fixed; the tolerances follow from the sample size n, so a failure means
/// the sampler or the formula is wrong, not bad luck (a five-sigma miss has a
/// probability below 10⁻⁶).
@Suite struct DistributionMomentTests {
  static let n = 60_000
  static let alpha = 0.001

  static let continuous: [String] = [
    "exponential(mean: 40m)",
    "normal(mean: 23h, sd: 75m)",
    "truncnormal(mean: 40, sd: 20, min: 5, max: 95)",
    "truncnormal(mean: 0, sd: 1, min: 2, max: 4)",
    "lognormal(median: 30s, sigma: 0.6)",
    "lognormal(mean: 2m, sd: 1m)",
    "gamma(shape: 2.5, scale: 10m)",
    "gamma(shape: 0.5, scale: 1)",
    "weibull(shape: 0.8, scale: 250s)",
    "weibull(shape: 2, scale: 1h)",
    "beta(a: 2, b: 5)",
    "empirical(x: [0s, 1m, 10m, 1h], p: [0, 0.5, 0.9, 1])",
  ]

  static let discrete: [String] = [
    "poisson(mean: 3.5)",
    "bernoulli(p: 0.3)",
    "categorical(values: [1, 2, 5], weights: [5, 3, 2])",
    "empirical(samples: [12s, 30s, 30s, 2m])",
  ]

  func sample(_ text: String) throws -> (RandomDistribution, [Double]) {
    let d = try RandomDistribution(parsing: text)
    let stream = RandomStreams(seed: 2026).stream(text)
    return (d, (0..<Self.n).map { _ in d.sample(stream) })
  }

  func checkMoments(_ d: RandomDistribution, _ xs: [Double]) {
    let n = Double(xs.count)
    let m = Statistics.mean(xs)
    let v = Statistics.variance(xs)
    #expect(abs(m - d.mean) <= 5 * (d.variance / n).squareRoot(), "mean of \(d)")
    // Standard error of the sample variance from the fourth central moment.
    let m4 = xs.reduce(0) { $0 + pow4($1 - m) } / n
    let seVariance = ((m4 - v * v) / n).squareRoot()
    #expect(abs(v - d.variance) <= 5 * seVariance, "variance of \(d)")
  }

  @Test(arguments: continuous)
  func continuousDistributionMatchesItsMomentsAndCDF(text: String) throws {
    let (d, xs) = try sample(text)
    checkMoments(d, xs)
    let ks = Statistics.kolmogorovSmirnov(xs, cdf: d.cdf)
    #expect(ks.pValue > Self.alpha, "KS D = \(ks.statistic) for \(text)")
    #expect(xs.allSatisfy { $0 >= d.lowerBound })
  }

  @Test(arguments: discrete)
  func discreteDistributionMatchesItsMomentsAndProbabilities(text: String) throws {
    let (d, xs) = try sample(text)
    checkMoments(d, xs)
    // Chi-square over the support points (pooled tail for Poisson).
    let support = Array(Set(xs)).sorted()
    var observed: [Double] = []
    var expected: [Double] = []
    var previousCDF = 0.0
    for (i, x) in support.enumerated() {
      let cdf = i == support.count - 1 ? 1 : d.cdf(x)
      let p = cdf - previousCDF
      previousCDF = cdf
      observed.append(Double(xs.filter { $0 == x }.count))
      expected.append(p * Double(Self.n))
    }
    // Pool categories expected below 5 into their neighbour, the usual rule.
    while let i = expected.firstIndex(where: { $0 < 5 }), expected.count > 2 {
      let j = i == expected.count - 1 ? i - 1 : i + 1
      expected[j] += expected[i]
      observed[j] += observed[i]
      expected.remove(at: i)
      observed.remove(at: i)
    }
    let chi = Statistics.chiSquare(observed: observed, expected: expected)
    #expect(chi.pValue > Self.alpha, "chi-square \(chi.statistic) for \(text)")
  }

  @Test func constantAlwaysGivesItsValue() throws {
    let (d, xs) = try sample("45s")
    #expect(xs.allSatisfy { $0 == 45 })
    #expect(d.variance == 0)
  }
}

func pow4(_ x: Double) -> Double { x * x * x * x }
