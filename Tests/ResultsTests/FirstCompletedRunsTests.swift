import Testing

@testable import Results

/// "Launched by HH:MM" is counted one way: the first completed run of each day.
@Suite struct FirstCompletedRunsTests {
  @Test func eachDayCountsItsFirstCompletedRunOnly() {
    var runs = FirstCompletedRuns()
    // Day 0 at 07:00 and 09:00, day 1 at 10:30, day 3 at 23:59:59.999.
    for ms: Int64 in [25_200_000, 32_400_000, 86_400_000 + 37_800_000, 3 * 86_400_000 + 86_399_999] {
      runs.add(launchedAtMilliseconds: ms)
    }
    #expect(runs.dayCount == 3)
    #expect(runs.days(by: 6 * 3600) == 0)
    #expect(runs.days(by: 7 * 3600) == 1)  // by is inclusive
    #expect(runs.days(by: 10 * 3600) == 1)  // day 0's later run does not count again
    #expect(runs.days(by: 10 * 3600 + 1800) == 2)
    #expect(runs.days(by: 24 * 3600) == 3)
  }

  /// Days a run cannot have (before the start, or centuries on, from a foreign file)
  /// are counted as the run's own are, without an array of their length.
  @Test func daysOutOfARunsReachCountAlike() {
    var runs = FirstCompletedRuns()
    let far = Int64(DayIndex.limit + 5) * 86_400_000
    for ms: Int64 in [far + 3_600_000, far + 1_800_000, 7_200_000, -1_000] {
      runs.add(launchedAtMilliseconds: ms)
    }
    // Day `far` once (its first run at 00:30), day 0 once (its first at -1 s).
    #expect(runs.dayCount == 2)
    #expect(runs.days(by: 0) == 1)
    #expect(runs.days(by: 1800) == 2)
  }

  @Test func theWarmUpIsTheFirstDaysWholeMilliseconds() {
    #expect(SummaryTables.inWarmup(milliseconds: 2 * 86_400_000 - 1, 2))
    #expect(!SummaryTables.inWarmup(milliseconds: 2 * 86_400_000, 2))
    #expect(!SummaryTables.inWarmup(milliseconds: 0, 0))
  }
}
