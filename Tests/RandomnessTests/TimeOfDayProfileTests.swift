import Foundation
import SimKernel
import Testing

@testable import Randomness

@Suite struct TimeOfDayProfileTests {
  let calendar = SimCalendar(startDate: CivilDate(iso: "2026-01-05")!)  // Monday

  /// Hour-of-day counts over many weeks follow the rates: each hour's count is Poisson
  /// with mean rate × weeks × days, checked within five standard deviations.
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
    for hour in 0..<24 {
      for (row, rate, days) in [(0, weekday[hour], 5.0), (1, weekend[hour], 2.0)] {
        let expected = rate * days * Double(weeks)
        #expect(
          abs(counts[row][hour] - expected) <= 5 * max(expected, 1).squareRoot(), "hour \(hour) row \(row)")
      }
    }
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
