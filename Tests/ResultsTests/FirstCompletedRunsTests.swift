import Results
import Testing

/// "Launched by HH:MM" is counted one way: the first completed run of each day.
@Suite struct FirstCompletedRunsTests {
  @Test func eachDayCountsItsFirstCompletedRunOnly() {
    var runs = FirstCompletedRuns()
    // Day 0 at 07:00 and 09:00, day 1 at 10:30, day 3 at 23:59:59.999.
    for ms: Int64 in [25_200_000, 32_400_000, 86_400_000 + 37_800_000, 3 * 86_400_000 + 86_399_999] {
      runs.add(launchedAtMilliseconds: ms)
    }
    #expect(runs.byDay.count == 3)
    #expect(runs.days(by: 6 * 3600) == 0)
    #expect(runs.days(by: 7 * 3600) == 1)  // by is inclusive
    #expect(runs.days(by: 10 * 3600) == 1)  // day 0's later run does not count again
    #expect(runs.days(by: 10 * 3600 + 1800) == 2)
    #expect(runs.days(by: 24 * 3600) == 3)
  }

  @Test func theWarmUpIsTheFirstDaysWholeMilliseconds() {
    #expect(SummaryTables.inWarmup(milliseconds: 2 * 86_400_000 - 1, 2))
    #expect(!SummaryTables.inWarmup(milliseconds: 2 * 86_400_000, 2))
    #expect(!SummaryTables.inWarmup(milliseconds: 0, 0))
  }
}
