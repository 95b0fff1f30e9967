import Foundation
import SimKernel
import Testing

@testable import Randomness

@Suite struct TimeOfDayProfileTests {
  let calendar = SimCalendar(startDate: CivilDate(iso: "2026-01-05")!)  // Monday

  /// Hour-of-day counts over many weeks follow the rates: each hour's count is Poisson
  /// with mean the rate's integral over that hour (the rate runs linearly between the
  /// middles of the hours), checked within five standard deviations.
  @Test func countsPerHourFollowTheRates() throws {
    var weekday = [Double](repeating: 0.5, count: 24)
    weekday[8] = 6
    weekday[20] = 4
    let weekend = (0..<24).map { Double($0 % 3) }
    let profile = TimeOfDayProfile(weekday: weekday, weekend: weekend)
    let stream = RandomStreams(seed: 5).stream("unlocks")
    let weeks = 200
    var counts = [[Double]](repeating: [Double](repeating: 0, count: 24), count: 2)
    var t = SimTime.zero
    let end = SimTime.zero + .days(Double(7 * weeks))
    while let next = profile.nextEvent(after: t, calendar: calendar, stream: stream, limit: end) {
      counts[calendar.isWeekend(next) ? 1 : 0][calendar.hour(of: next)] += 1
      t = next
    }
    // The rate's integral over each hour of one week, by the midpoint rule at 10-s steps.
    var expected = [[Double]](repeating: [Double](repeating: 0, count: 24), count: 2)
    for step in 0..<(7 * 8640) {
      let at = SimTime.zero + .seconds(Double(step) * 10 + 5)
      expected[calendar.isWeekend(at) ? 1 : 0][calendar.hour(of: at)] +=
        profile.rate(at: at, calendar: calendar) * 10 / 3600 * Double(weeks)
    }
    for hour in 0..<24 {
      for row in 0..<2 {
        let e = expected[row][hour]
        #expect(abs(counts[row][hour] - e) <= 5 * max(e, 1).squareRoot(), "hour \(hour) row \(row)")
      }
    }
    // Each hour keeps its rate as its mean where its neighbours lie on either side alike:
    // hour 8 of a weekday, 6 between 0.5 and 0.5, integrates to (0.5 + 6 × 6 + 0.5) / 8.
    #expect(abs(expected[0][8] / Double(5 * weeks) - (0.5 + 36 + 0.5) / 8) < 1e-3)
  }

  /// The rate runs on without a step: across each hour, across midnight, and from
  /// Sunday's last hour into Monday's first; in the middle of an hour it is that hour's.
  @Test func theRateHasNoStepOnTheHourOrAtMidnight() {
    let weekday = (0..<24).map { Double($0) }
    let weekend = (0..<24).map { Double(24 - $0) }
    let profile = TimeOfDayProfile(weekday: weekday, weekend: weekend)
    func rate(_ seconds: Double) -> Double {
      profile.rate(at: SimTime.zero + .seconds(seconds), calendar: calendar)
    }
    for day in 0..<7 {
      for hour in 0..<24 {
        let t = Double(day * 86_400 + hour * 3600)
        if t > 0 { #expect(abs(rate(t - 0.001) - rate(t)) < 0.01, "day \(day) hour \(hour)") }
        let middle = rate(t + 1800)
        let listed = day < 5 ? weekday[hour] : weekend[hour]
        #expect(abs(middle - listed) < 1e-9)
      }
    }
    // Sunday 23:59:59.999 to Monday 00:00 (a week later): weekend's 1 towards weekday's 0.
    #expect(abs(rate(14 * 86_400 - 0.001) - rate(14 * 86_400)) < 0.01)
    #expect(abs(rate(7 * 86_400) - 0.5) < 1e-9, "midnight: halfway from Sunday's 1 to Monday's 0")
  }

  @Test func gapsInAConstantProfileAreExponential() {
    let profile = TimeOfDayProfile(hourly: [Double](repeating: 12, count: 24))
    let stream = RandomStreams(seed: 11).stream("gaps")
    var t = SimTime.zero
    var gaps: [Double] = []
    for _ in 0..<20_000 {
      let next = profile.nextEvent(after: t, calendar: calendar, stream: stream)!
      gaps.append((next - t).seconds)
      t = next
    }
    let ks = Statistics.kolmogorovSmirnov(gaps) { x in x <= 0 ? 0 : 1 - exp(-x / 300) }
    #expect(ks.pValue > 0.001)
  }

  @Test func allZeroProfileNeverFires() {
    let profile = TimeOfDayProfile(hourly: [Double](repeating: 0, count: 24))
    let stream = RandomStreams(seed: 1).stream("none")
    #expect(profile.nextEvent(after: .zero, calendar: calendar, stream: stream) == nil)
  }

  @Test func scalingToADailyMean() {
    let profile = TimeOfDayProfile(hourly: (0..<24).map(Double.init)).scaled(toDailyMean: 70)
    #expect(abs(profile.meanDailyTotal - 70) < 1e-9)
  }

  @Test(arguments: [
    "profile(hourly: [0, 0, 0, 0, 0, 0, 1, 2, 3, 3, 2, 2, 3, 2, 2, 2, 3, 4, 5, 6, 6, 5, 3, 1])",
    "profile(weekday: [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1], weekend: [2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 0.5])",
  ])
  func textFormRoundTrips(text: String) throws {
    let p = try TimeOfDayProfile(parsing: text)
    #expect(p.description == text)
    #expect(try TimeOfDayProfile(parsing: p.description) == p)
  }

  @Test func perDayTextFormRoundTrips() throws {
    let rows = (0..<7).map { d in (0..<24).map { Double(($0 + d) % 5) } }
    let p = TimeOfDayProfile(rates: rows)
    #expect(p.description.hasPrefix("profile(mon: ["))
    #expect(try TimeOfDayProfile(parsing: p.description) == p)
  }

  @Test func malformedProfilesAreRejected() {
    for (text, reason) in [
      ("profile(hourly: [1, 2])", "needs 24 hourly rates"),
      ("profile(weekday: [1])", "give hourly, or weekday and weekend"),
      ("profile(hourly: [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, -1])", "≥ 0"),
      ("exponential(mean: 3s)", "expected profile("),
    ] {
      #expect(throws: DistributionParseError.self) { try TimeOfDayProfile(parsing: text) }
      do { _ = try TimeOfDayProfile(parsing: text) } catch {
        #expect(error.description.contains(reason), "got \(error.description)")
      }
    }
  }
}
