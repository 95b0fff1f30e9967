import Testing

@testable import Results

/// A claim on an owner figure's median, p10 or p90: its interval, p-value and verdict
/// from one procedure. Before, the interval was clamped to the owners (the largest
/// owner standing as a 95 % bound of the p90 of 35) and the p-value came from a normal
/// test of the share at or below the value, so a p90 interval [0.238, 0.303] left 0.5 out
/// beside p = 0.057, and a claim at another alpha read order statistics never kept.
@Suite struct OwnerQuantileClaimTests {
  /// For every count of owners under and at or below a value, the interval at level
  /// 1 − α leaves the value out exactly when the p-value is at most α.
  @Test(arguments: [0.1, 0.5, 0.9])
  func theIntervalLeavesOutWhatThePValueRejects(p: Double) {
    var checked = 0
    for n in 2...60 {
      for level in [0.8, 0.9, 0.95, 0.99] {
        let alpha = 1 - level
        let (low, high) = SummaryTables.openQuantileRanks(count: n, p, level: level)
        for below in 0...n {
          for atOrBelow in below...n {
            // Below the interval: at most its lower rank of owners at or below the value;
            // above it: more owners under the value than its upper rank.
            let out = (low.map { atOrBelow <= $0 } ?? false) || (high.map { below >= $0 + 1 } ?? false)
            let pValue = SummaryTables.openQuantilePValue(
              count: Double(n), p, below: Double(below), atOrBelow: Double(atOrBelow))
            // Equality is the boundary; floating point may put it either side.
            guard abs(pValue - alpha) > 1e-9 else { continue }
            #expect(
              out == (pValue <= alpha), "n \(n) p \(p) level \(level) under \(below) at or under \(atOrBelow)"
            )
            checked += 1
          }
        }
      }
    }
    #expect(checked > 10_000)
  }

  /// An end outside the owners is open: 35 owners bound no 95 % p90 from above (the
  /// rank would be 35, past the last, 34), and 200 do.
  @Test func anEndOutsideTheOwnersIsOpen() {
    #expect(SummaryTables.openQuantileRanks(count: 35, 0.9, level: 0.95).high == nil)
    #expect(SummaryTables.openQuantileRanks(count: 35, 0.9, level: 0.95).low == 28)
    let many = SummaryTables.openQuantileRanks(count: 200, 0.9, level: 0.95)
    #expect(many.low == 171 && many.high == 189)
    // The median of 4 owners has no 95 % upper bound among them (the largest is above
    // the median with probability 15/16); of 8, ranks 1 and 7.
    #expect(SummaryTables.openQuantileRanks(count: 4, 0.5, level: 0.95).high == nil)
    let eight = SummaryTables.openQuantileRanks(count: 8, 0.5, level: 0.95)
    #expect(eight.low == 1 && eight.high == 7)
  }

  /// A value at or under an integral number of units is under the next unit up: 2
  /// launches a day (unit 1/7) is under 2 when at most 13/7.
  @Test func theThresholdsSplitAtTheValue() {
    #expect(SummaryTables.claimThresholds(2, unitsPerValue: 7) == (below: 13, atOrBelow: 14))
    #expect(SummaryTables.claimThresholds(2.05, unitsPerValue: 7) == (below: 14, atOrBelow: 14))
  }
}
