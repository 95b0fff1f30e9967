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
