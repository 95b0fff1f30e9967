import Foundation
import Testing

@testable import Randomness

@Suite struct StatisticsTests {
  @Test func descriptiveStatisticsOfAKnownSample() {
    let xs: [Double] = [2, 4, 4, 4, 5, 5, 7, 9]
    #expect(Statistics.mean(xs) == 5)
    #expect(abs(Statistics.variance(xs) - 32.0 / 7) < 1e-12)
    #expect(Statistics.median(xs) == 4.5)
    #expect(Statistics.quantile(xs, 0) == 2)
    #expect(Statistics.quantile(xs, 1) == 9)
    #expect(Statistics.mean([]).isNaN)
  }

  /// The p-value read from an interval is the t-test's two-sided one for a t interval,
  /// also for a value inside the 50 % interval: the walkthrough's claim of 8.5 against an
  /// estimate of 8.579 [7.279, 9.963] over 40 owners read p = 1.000, and its interval
  /// implies about 0.90.
  @Test func aPValueReadFromItsIntervalIsTheTwoSidedOne() {
    let count = 40
    let t975 = 2.022691  // t(0.975, 39)
    let standardError = (9.963 - 7.279) / 2 / t975
    let variance = standardError * standardError * Double(count)
    let interval = { (level: Double) in
      Statistics.confidenceInterval(mean: 8.579, variance: variance, count: count, level: level)
    }
    for value in [8.5, 8.0, 7.279, 6.0, 8.579 + 1e-6] {
      let p = Statistics.pValue(excluding: value, interval: interval)
      let expected = Statistics.twoSidedPValue(
        t: (8.579 - value) / standardError, degreesOfFreedom: Double(count - 1))
      #expect(abs(p - expected) < 1e-6, "value \(value): \(p) against \(expected)")
    }
    #expect(abs(Statistics.pValue(excluding: 8.5, interval: interval) - 0.9) < 0.02)
    #expect(Statistics.pValue(excluding: 8.579, interval: interval) == 1)
  }

  @Test func tIntervalMatchesTheTable() {
    // n = 10, sd = 1: half-width = t(0.975, 9) / √10 = 2.262157 / 3.162278.
    let xs: [Double] = [-1.5, -1, -0.5, 0, 0, 0, 0, 0.5, 1, 1.5]
    let ci = Statistics.confidenceInterval(xs)
    let sd = Statistics.standardDeviation(xs)
    #expect(abs(ci.halfWidth - 2.262157 * sd / 10.0.squareRoot()) < 1e-5)
    #expect(ci.contains(0))
  }

  /// Over many samples from N(0, 1), about 95 % of 95 % intervals cover 0; the count of
  /// misses is Binomial(trials, 0.05), checked within five standard deviations.
  @Test func confidenceIntervalsCoverAtTheirLevel() {
    let stream = RandomStreams(seed: 3).stream("coverage")
    let trials = 4000
    var misses = 0
    for _ in 0..<trials {
      let xs = (0..<12).map { _ in stream.standardNormal() }
      if !Statistics.confidenceInterval(xs).contains(0) { misses += 1 }
    }
    let expected = 0.05 * Double(trials)
    #expect(abs(Double(misses) - expected) <= 5 * (Double(trials) * 0.05 * 0.95).squareRoot())
  }

  /// Reference values from SciPy 1.17 (`ttest_ind(a, b, equal_var=False)`).
  @Test func welchTestMatchesAReferenceImplementation() {
    let a: [Double] = [19.8, 20.4, 19.6, 17.8, 18.5, 18.9, 18.3, 18.9, 19.5, 22.0]
    let b: [Double] = [28.2, 26.6, 20.1, 23.3, 25.2, 22.1, 17.7, 27.6, 20.6, 13.7]
    let r = Statistics.welchTTest(a, b)
    #expect(abs(r.statistic - -2.0740146266783652) < 1e-9)
    #expect(abs(r.degreesOfFreedom! - 10.209185368660295) < 1e-9)
    #expect(abs(r.pValue - 0.06427999772458465) < 1e-7)
  }

  @Test func pairedDifferenceFindsAKnownShift() {
    let stream = RandomStreams(seed: 8).stream("paired")
    let base = (0..<400).map { _ in stream.standardNormal() * 10 }
    let shifted = base.map { $0 + 0.5 + stream.standardNormal() * 0.2 }
    let (ci, test) = Statistics.pairedDifference(shifted, base)
    #expect(ci.contains(0.5))
    #expect(ci.halfWidth < 0.05)
    #expect(test.pValue < 1e-10)
  }

  @Test func mannWhitneyOnASmallKnownCase() {
    // All of a below all of b: U = 0.
    let r = Statistics.mannWhitneyU([1, 2, 3, 4, 5], [6, 7, 8, 9, 10])
    #expect(r.statistic == 0)
    #expect(abs(r.pValue - 0.012185780355344813) < 1e-9)
    // With ties; reference from SciPy 1.17 (asymptotic, continuity-corrected).
    let tied = Statistics.mannWhitneyU([3, 1, 4, 1, 5, 9, 2, 6], [5, 3, 5, 8, 9, 7, 9, 3])
    #expect(tied.statistic == 17)
    #expect(abs(tied.pValue - 0.12415307686326289) < 1e-9)
    let same = Statistics.mannWhitneyU([1, 2, 3, 4], [1, 2, 3, 4])
    #expect(same.statistic == 8)
    #expect(same.pValue > 0.9)
  }

  @Test func kolmogorovSmirnovRejectsTheWrongDistribution() {
    let stream = RandomStreams(seed: 4).stream("ks")
    let xs = (0..<2000).map { _ in stream.exponential(mean: 1) }
    let right = Statistics.kolmogorovSmirnov(xs) { 1 - exp(-$0) }
    let wrong = Statistics.kolmogorovSmirnov(xs) { 1 - exp(-$0 / 1.3) }
    #expect(right.pValue > 0.001)
    #expect(wrong.pValue < 1e-6)
    let twoSample = Statistics.kolmogorovSmirnov(xs, xs.map { $0 * 1.3 })
    #expect(twoSample.pValue < 1e-6)
  }

  @Test func sobolPointsAreLowDiscrepancy() throws {
    let sobol = try #require(SobolSequence(dimensions: 2))
    #expect(sobol.next() == [0.5, 0.5])
    #expect(sobol.next() == [0.75, 0.25])
    #expect(sobol.next() == [0.25, 0.75])
    // The first 2^k points (GSL leaves out the origin, point 0) put exactly one point in
    // each 1/2^k-wide strip of each axis.
    let fresh = try #require(SobolSequence(dimensions: 3))
    let points = [[0, 0, 0]] + (0..<63).map { _ in fresh.next() }
    for axis in 0..<3 {
      #expect(Set(points.map { Int($0[axis] * 64) }).count == 64)
    }
    #expect(SobolSequence(dimensions: 0) == nil)
    #expect(SobolSequence(dimensions: 41) == nil)
  }

  /// Millions of launches or owner-days: GSL's inversion of the t and F distributions
  /// fails to converge there, and once aborted a summary of a million device-days.
  @Test func quantilesWithMillionsOfDegreesOfFreedomAreFinite() {
    let ci = Statistics.confidenceInterval(mean: 2, variance: 9, count: 3_000_000)
    #expect(
      ci.lower.isFinite && ci.upper.isFinite
        && abs((ci.upper - 2) / (3 / 3_000_000.0.squareRoot()) - 1.959964) < 1e-5)
    #expect(abs(Statistics.tQuantile(level: 0.95, degreesOfFreedom: 1e5) - 1.959987) < 1e-5)
    let icc = Statistics.intraClassCorrelation(
      groups: 20_000, total: 30_000_000, between: 5e7, within: 3e7, sumOfCountSquares: 20_000 * 1500 * 1500)
    #expect(
      icc.map { $0.lower.isFinite && $0.upper.isFinite && $0.lower < $0.estimate && $0.estimate < $0.upper }
        == true)
    // Near the limit, the same as GSL's own inversion.
    #expect(abs(Statistics.fQuantile(0.975, 30, 99_999) - Statistics.fQuantile(0.975, 30, 100_001)) < 1e-3)
    // GSL's own inversion returned NaN at (999, 21,000) and (999, 13,000), which blanked
    // the ICC's lower bound at 1,000 owners; every pair now gives a finite quantile whose
    // CDF is the level (scipy's f.ppf(0.975, 999, 21000) = 1.09193).
    #expect(abs(Statistics.fQuantile(0.975, 999, 21_000) - 1.09193) < 1e-5)
    for d2 in stride(from: 1000.0, through: 40_000, by: 1000) {
      for d1 in [99.0, 500, 800, 999, 3300] {
        let q = Statistics.fQuantile(0.975, d1, d2)
        #expect(q.isFinite && abs(Statistics.fCDF(q, d1, d2) - 0.975) < 1e-9, "\(d1), \(d2)")
      }
    }
  }
}
