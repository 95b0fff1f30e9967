import Testing

@testable import Randomness
@testable import Results

/// The hours with a launch count each day once per hour, as a set of day × 24 + hour
/// did, for days in a run's reach and out of it.
@Suite struct LaunchHoursTests {
  @Test func eachHourCountsTheDaysWithALaunchInIt() {
    var hours = LaunchHours()
    // Day 0: two launches at 07, one at 23; day 2: one at 07; day 5: one at 00; hour 24
    // of day 5 (a day of 25 hours) is hour 0 of day 6, and of day 4, day 5's again.
    for (day, hour) in [(0, 7), (0, 7), (0, 23), (2, 7), (5, 0), (5, 24), (4, 24)] {
      hours.insert(day: day, hour: hour)
    }
    var expected = [Int](repeating: 0, count: 24)
    expected[7] = 2
    expected[23] = 1
    expected[0] = 2
    #expect(hours.daysByHour == expected)
  }

  /// Drawn against the set it replaced: the same counts for launches on any day,
  /// including days before the start and far beyond a run's.
  @Test func theCountsAreThoseOfASetOfDayHours() {
    var g = SplitMix64(state: 20_261_207)
    func draw(_ n: Int) -> Int { Int(g.next() % UInt64(n)) }
    for trial in 0..<50 {
      var hours = LaunchHours()
      var set: Set<Int> = []
      for _ in 0..<draw(200) {
        // Mostly a run's days; some before the start or past the kept days' reach.
        let day = draw(4) > 0 ? draw(40) : draw(DayIndex.limit + 7) - 3
        let hour = draw(24)
        hours.insert(day: day, hour: hour)
        set.insert(day * 24 + hour)
      }
      var expected = [Int](repeating: 0, count: 24)
      for key in set { expected[(key % 24 + 24) % 24] += 1 }
      #expect(hours.daysByHour == expected, "trial \(trial)")
    }
  }
}
