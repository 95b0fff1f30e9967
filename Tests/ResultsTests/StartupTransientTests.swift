import Testing

@testable import Results

/// The MSER rule (White 1997) on day-by-day means: where a run's start-up transient ends.
@Suite struct StartupTransientTests {
  @Test func aStepIsCutWhereItEnds() throws {
    let t = try #require(StartupTransient(series: [0, 5] + Array(repeating: 10, count: 20)))
    #expect(t.days == 2 && !t.atSearchLimit)
  }

  @Test func aSettledRunKeepsEveryDay() throws {
    let flat = try #require(StartupTransient(series: Array(repeating: 7, count: 12)))
    #expect(flat.days == 0 && !flat.atSearchLimit)
    // Alternating days: leaving any out only shortens the tail (MSER(0) = 5/400 =
    // 0.0125, MSER(1) = 4.74/361 = 0.0131, MSER(2) = 4.5/324 = 0.0139).
    let alternating = try #require(StartupTransient(series: (0..<20).map { $0 % 2 == 0 ? 7 : 8 }))
    #expect(alternating.days == 0)
  }

  /// A run that rises to its end: the rule's variance of the tail's mean,
  /// (m² − 1) / 12m for m days of a straight line, falls with every day left out, so it
  /// stops at the end of the half it searches and says so.
  @Test func aRunStillRisingStopsAtTheSearchLimit() throws {
    let t = try #require(StartupTransient(series: (0..<20).map(Double.init)))
    #expect(t.days == 10 && t.atSearchLimit)
  }

  /// A ramp 0, 3, 6 to a level of 10 with noise of sd 1 (a fixed sequence): keeping the
  /// day at 6 adds about 4² to the squares of a 17-day tail whose own are about 17, so
  /// MSER with it (≈ 32/18² = 0.10) exceeds MSER without it (≈ 17/17² = 0.06); the ramp
  /// is always cut, and never more than the half searched.
  @Test func aNoisyRampIsCutAfterItsLastDay() throws {
    var state: UInt64 = 12_345
    func noise() -> Double {
      // The sum of 12 uniforms less 6: mean 0, sd 1.
      var s = 0.0
      for _ in 0..<12 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        s += Double(state >> 11) / Double(1 << 53)
      }
      return s - 6
    }
    for _ in 0..<20 {
      let series = [0, 3, 6] + (0..<17).map { _ in 10 + noise() }
      let t = try #require(StartupTransient(series: series))
      #expect((3...10).contains(t.days), "\(series)")
    }
  }

  @Test func underThreeDaysThereIsNothingToRead() {
    #expect(StartupTransient(series: []) == nil)
    #expect(StartupTransient(series: [0, 1]) == nil)
  }
}
