import Foundation
import Testing

@testable import Randomness

/// Intervals of shares stay in [0, 1] and of counts above 0, without losing what the t
/// interval says away from the bounds.
@Suite struct BoundedIntervalTests {
  static func interval(_ xs: [Double]) -> ConfidenceInterval {
    Statistics.shareInterval(mean: Statistics.mean(xs), variance: Statistics.variance(xs), count: xs.count)
  }

  /// Five owners' shares near 0, as in `run --devices 5`: the t interval left [0, 1].
  @Test func aSmallShareOfFiveOwnersStaysInside() {
    let xs = [0, 0, 0, 0, 0.35]
    let t = Statistics.confidenceInterval(xs)
    #expect(t.lower < 0)
    let ci = Self.interval(xs)
    #expect(ci.lower >= 0 && ci.upper <= 1 && ci.lower <= ci.estimate && ci.estimate <= ci.upper)
    #expect(ci.upper > t.upper * 0.9)
  }

  /// All five owners at 0 (or 1): Wilson's interval for 0 (or 5) of 5 with the t quantile
  /// of 4 degrees of freedom, not a point.
  @Test func noSpreadAtABoundGivesWilsonsInterval() {
    let zeros = Self.interval([0, 0, 0, 0, 0])
    let t = 2.776_445_105_2  // t(0.975, 4)
    #expect(zeros.lower == 0)
    #expect(abs(zeros.upper - t * t / (5 + t * t)) < 1e-6, "\(zeros.upper)")
    let ones = Self.interval([1, 1, 1, 1, 1])
    #expect(ones.upper == 1 && abs(ones.lower - 5 / (5 + t * t)) < 1e-6)
  }

  /// A share counted from trials (35 owners, 114 launches each): with no failure the
  /// interval is Wilson's for 3,990 of 3,990, never wider than with one failure among
  /// as many launches (the walkthrough printed [0.894, 1] for all ones beside
  /// [0.989, 0.998] for 0.9958).
  @Test func noFailureIsNeverWiderThanOneFailure() {
    let (owners, each) = (35, 114.0)
    let trials = Double(owners) * each
    let none = Statistics.shareInterval(mean: 1, variance: 0, count: owners, trials: trials)
    var xs = [Double](repeating: 1, count: owners)
    xs[0] = 1 - 1 / each
    let one = Statistics.shareInterval(
      mean: Statistics.mean(xs), variance: Statistics.variance(xs), count: owners, trials: trials)
    #expect(none.upper == 1 && one.upper <= 1)
    #expect(1 - none.lower <= one.upper - one.lower, "\(none) against \(one)")
    let t = 2.032_244_509_3  // t(0.975, 34)
    #expect(abs(none.lower - trials / (trials + t * t)) < 1e-9, "\(none.lower)")
    // Fewer trials than owners (a share of owners) keeps the owners' count.
    let owned = Statistics.shareInterval(mean: 0, variance: 0, count: 5, trials: 1)
    #expect(owned.upper == Self.interval([0, 0, 0, 0, 0]).upper)
  }

  /// Away from the bounds, with many owners, it is the t interval to within a few per cent.
  @Test func awayFromTheBoundsItIsTheTInterval() {
    let stream = RandomStream(key: 7)
    let xs = (0..<400).map { _ in 0.3 + 0.2 * stream.uniform() }
    let t = Statistics.confidenceInterval(xs)
    let ci = Self.interval(xs)
    let width = t.upper - t.lower
    #expect(abs(ci.lower - t.lower) < 0.03 * width && abs(ci.upper - t.upper) < 0.03 * width)
  }

  /// Any sample of shares, any size from 2: the interval holds its estimate, inside [0, 1].
  @Test(arguments: 0..<200)
  func everyIntervalStaysInside(seed: UInt64) {
    let stream = RandomStream(key: seed)
    let n = 2 + Int(stream.uniform() * 30)
    let cut = stream.uniform()
    let xs = (0..<n).map { _ in stream.uniform() < cut ? 0 : stream.uniform() < 0.5 ? 1 : stream.uniform() }
    let ci = Self.interval(xs)
    #expect(0 <= ci.lower && ci.lower <= ci.estimate && ci.estimate <= ci.upper && ci.upper <= 1, "\(xs)")
  }

  @Test func aCountsIntervalStopsAtZero() {
    let t = Statistics.confidenceInterval([0, 0, 0.1, 3])
    #expect(t.lower < 0)
    let ci = Statistics.nonNegativeInterval(t)
    #expect(ci.lower == 0 && ci.upper == t.upper)
  }
}
