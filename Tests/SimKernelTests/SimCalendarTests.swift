import Testing

@testable import SimKernel

@Suite struct SimCalendarTests {
  let calendar = SimCalendar(startDate: CivilDate(iso: "2026-01-05")!)  // a Monday

  @Test func startWeekdayComesFromTheDate() {
    #expect(CivilDate(iso: "2026-01-05")!.weekday == 1)
    #expect(CivilDate(iso: "2026-11-22")!.weekday == 7)
    #expect(CivilDate(iso: "2000-02-29")!.weekday == 2)
    #expect(CivilDate(iso: "1970-01-01")!.weekday == 4)
  }

  @Test func dayHourAndWeekdayOfATime() {
    let t = SimTime.zero + .days(6) + .hours(23) + .minutes(59)
    #expect(calendar.day(of: t) == 6)
    #expect(calendar.hour(of: t) == 23)
    #expect(calendar.weekday(of: t) == 7)
    #expect(calendar.isWeekend(t))
    #expect(calendar.weekday(of: t + .minutes(1)) == 1)
    #expect(!calendar.isWeekend(t + .minutes(1)))
  }

  @Test func isoTextCrossesMonthAndLeapDay() {
    let leap = SimCalendar(startDate: CivilDate(iso: "2028-02-28")!)
    #expect(leap.isoString(.zero + .days(1) + .hours(13) + .seconds(5)) == "2028-02-29T13:00:05")
    #expect(leap.isoString(.zero + .days(2)) == "2028-03-01T00:00:00")
  }

  @Test func civilDaysRoundTrip() {
    for d in stride(from: -800_000, to: 800_000, by: 997) {
      #expect(CivilDate(daysSinceEpoch: d).daysSinceEpoch == d)
    }
  }

  @Test func invalidDatesAreRejected() {
    #expect(CivilDate(iso: "2026-02-29") == nil)
    #expect(CivilDate(iso: "2026-13-01") == nil)
    #expect(CivilDate(iso: "26-01-01") == nil)
    #expect(CivilDate(iso: "tomorrow") == nil)
  }
}
