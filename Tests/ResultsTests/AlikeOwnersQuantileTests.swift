import Foundation
import Testing

@testable import Results

/// Woodruff's interval of a median over owners whose shares at or below it all agree
/// (standard error 0): 2 owners with 2 opens each, one on either side, printed a median
/// staleness of 9666 s with the interval [14190, 14190], which leaves it out.
@Suite struct AlikeOwnersQuantileTests {
  func spread(_ se: Double, owners: Int) -> SummaryTables.QuantileSpread {
    SummaryTables.QuantileSpread(share: 0.5, standardError: se, clusters: owners)
  }

  @Test func alikeOwnersGetTheShareNoneOfThemRulesOut() throws {
    // 2 owners: 1 − 0.025^(1/2) = 0.842 of owners may differ, each by up to 0.5 in its
    // share: the shares 0.079…0.921 of 4 values, ranks 0…3 (the old ranks were 2…2).
    let two = try #require(
      SummaryTables.woodruffRanks(count: 4, 0.5, spread: spread(0, owners: 2), level: 0.95))
    #expect(two == (0, 3))
    // 200 owners: 0.0183 may differ, shares 0.4909…0.5091 of 2,000 values.
    let many = try #require(
      SummaryTables.woodruffRanks(count: 2000, 0.5, spread: spread(0, owners: 200), level: 0.95))
    #expect(many == (981, 1019))
  }

  @Test func theIntervalHoldsTheRanksTheEstimateIsReadFrom() throws {
    // A standard error so small that the shares stay at one place: the p90 of 4 values
    // is read between ranks 2 and 3 (at 2.7), Woodruff's place is 3.6, which alone gave
    // ranks 3…3, an interval above the estimate; it now holds both.
    let ranks = try #require(
      SummaryTables.woodruffRanks(count: 4, 0.9, spread: spread(1e-9, owners: 3), level: 0.95))
    #expect(ranks == (2, 3))
  }

  /// The p-value of "the median is this value" is the smallest alpha whose interval
  /// leaves it out: at level 1 − p the widening reaches the value's share exactly.
  @Test func thePValueIsReadFromTheSameWidening() {
    for (share, owners) in [(0.75, 2), (0.6, 5), (0.45, 40), (0.2, 12)] {
      let p = SummaryTables.alikeOwnersPValue(share: share, 0.5, owners: owners)
      #expect(p > 0 && p <= 1)
      let reach = SummaryTables.unseenShare(owners: owners, level: 1 - p) * 0.5
      #expect(abs(reach - abs(share - 0.5)) < 1e-12, "\(share), \(owners): \(reach)")
    }
    #expect(SummaryTables.alikeOwnersPValue(share: 0.5, 0.5, owners: 7) == 1)
    #expect(SummaryTables.alikeOwnersPValue(share: 1, 0.5, owners: 7) == 0)
  }
}
