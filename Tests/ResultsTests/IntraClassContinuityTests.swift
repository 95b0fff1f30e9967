import Testing

@testable import Results

/// The ICC's interval does not change its rule with the number of owners: from 1,000 to
/// 1,001 owners the processing interval narrowed from [0.285, 0.399] to [0.314, 0.369],
/// the jackknife dropped for the F interval alone.
@Suite struct IntraClassContinuityTests {
  /// `owners` owners of 20 days each, skewed (one in twenty launches forty times as
  /// often), from a fixed sequence.
  func sums(owners: Int) -> IntraClassSums {
    var state: UInt64 = 2_026_120_5
    func next() -> Double {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Double(state >> 11) / Double(1 << 53)
    }
    var sums = IntraClassSums()
    for i in 0..<owners {
      let rate = (i % 20 == 0 ? 40.0 : 1.0) * (0.5 + next())
      var (launches, squares) = (0.0, 0.0)
      for _ in 0..<20 {
        let day = (rate * 2 * next() * next()).rounded()
        launches += day
        squares += day * day
      }
      sums.add(days: 20, launches: launches, launchSquares: squares)
    }
    return sums
  }

  @Test func theIntervalIsContinuousAtAThousandOwners() throws {
    let a = try #require(sums(owners: 1000).robustInterval)
    let b = try #require(sums(owners: 1001).robustInterval)
    let plain = try #require(sums(owners: 1001).interval)
    // Skewed owners: the jackknife widens the F interval beyond a thousand owners too.
    #expect(b.upper - b.lower > 1.2 * (plain.upper - plain.lower))
    // One owner more moves the width by about 1/2000 (as 1/√n), far under 2 %.
    #expect(abs((b.upper - b.lower) / (a.upper - a.lower) - 1) < 0.02)
  }
}
