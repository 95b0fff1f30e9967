import Foundation
import Randomness
import SimKernel
import Testing

@testable import IOSModel

@Suite struct UsageHistoryTests {
  /// Events on 60 days, with runs of empty days (so that rows go stale and are reused),
  /// asked about windows of one slot and of several, against the definition computed
  /// from the event list: the mean over the last 14 days of each day's events in the
  /// window, weighted 2^(−age / 2 d), each slot the window touches counted by the share of
  /// it the window covers.
  /// Days before the run (an app installed before day 0) are days like any other: an
  /// open at 08:00 on each of the 14 days before day 0 is expected at 08:00 on day 0
  /// with the weights of ages 1…13 (age 14 is forgotten), and at no other time. (Rows
  /// once marked empty by day −1 forgot every day before 0.)
  @Test func daysBeforeTheRunAreRemembered() {
    let calendar = SimCalendar(startDate: CivilDate(year: 2026, month: 1, day: 5)!)
    var history = UsageHistory(days: 14, halfLifeDays: 2)
    for day in -14..<0 {
      history.record(SimTime(seconds: Double(day) * 86_400 + 8 * 3600), calendar: calendar)
    }
    let window = SimDuration(seconds: 900)
    let expected = history.expectedEvents(
      from: SimTime(seconds: 8 * 3600), length: window, now: .zero, calendar: calendar)
    let weights = (1..<14).map { exp2(-Double($0) / 2) }
    let all = (0..<14).map { exp2(-Double($0) / 2) }.reduce(0, +)
    #expect(abs(expected - weights.reduce(0, +) / all) < 1e-12, "\(expected)")
    #expect(
      history.expectedEvents(from: SimTime(seconds: 3 * 3600), length: window, now: .zero, calendar: calendar)
        == 0)
  }

  /// dasd's app timeline (legacy-fetch.md §3): a slot's opens over the days since the
  /// app's first open, every day alike. An app first opened at 08:00 two days ago and
  /// again yesterday is expected at 08:00 today 2 / 3 times (today, yesterday and the day
  /// before count; the 11 days before the first open do not); with the 14-day mean,
  /// 2 / 14.
  @Test func aYoungAppsHabitsCountInFull() {
    let calendar = SimCalendar(startDate: CivilDate(year: 2026, month: 1, day: 5)!)
    var young = UsageHistory(days: 14, halfLifeDays: .infinity, meanSinceFirst: true)
    var plain = UsageHistory(days: 14, halfLifeDays: .infinity)
    for day in 0..<2 {
      let t = SimTime(seconds: Double(day) * 86_400 + 8 * 3600)
      young.record(t, calendar: calendar)
      plain.record(t, calendar: calendar)
    }
    let from = SimTime(seconds: 2 * 86_400 + 8 * 3600)
    let window = SimDuration(seconds: 900)
    let now = SimTime(seconds: 2 * 86_400 + 7 * 3600)
    let y = young.expectedEvents(from: from, length: window, now: now, calendar: calendar)
    let p = plain.expectedEvents(from: from, length: window, now: now, calendar: calendar)
    #expect(abs(y - 2.0 / 3) < 1e-12, "\(y)")
    #expect(abs(p - 2.0 / 14) < 1e-12, "\(p)")
    // Twenty days on, the window is the full 14 days for both: the two opens are forgotten.
    let later = SimTime(seconds: 22 * 86_400 + 8 * 3600)
    #expect(young.expectedEvents(from: later, length: window, now: later, calendar: calendar) == 0)
  }

  @Test func expectedEventsFollowTheDefinition() {
    let calendar = SimCalendar(startDate: CivilDate(year: 2026, month: 1, day: 5)!)
    var history = UsageHistory(days: 14, halfLifeDays: 2)
    var events: [SimTime] = []
    var draws = Draws(state: 5)
    func next(_ n: Int) -> Int { draws.next(n) }
    let slotSeconds = 900.0
    var checked = 0
    var positive = 0
    for day in 0..<60 {
      let quiet = (day / 7) % 3 == 2 || day % 5 == 0
      var today: [SimTime] = []
      if !quiet {
        // Daytime only: night slots stay empty.
        for _ in 0..<next(12) {
          today.append(SimTime(seconds: Double(day) * 86_400 + 7 * 3600 + Double(next(15 * 3600))))
        }
        today.sort()
      }
      let queries = (0..<40).map { _ in SimTime(seconds: Double(day) * 86_400 + Double(next(86_400))) }
        .sorted()
      for now in queries {
        // Events are recorded as they happen.
        while let t = today.first, t <= now {
          history.record(t, calendar: calendar)
          events.append(t)
          today.removeFirst()
        }
        let from = now + .seconds(Double(next(3 * 3600)))
        let length = SimDuration(seconds: [180.0, 900, 2700, 5400][next(4)])
        let got = history.expectedEvents(from: from, length: length, now: now, calendar: calendar)
        // The definition: each 15-min slot the window touches counts by the share of it
        // the window covers; an event in that slot of the time of day on day d weighs
        // 2^(−age / 2 d), its age counted from the slot's own day (the window's day, or
        // the next one past midnight), over the 14 days up to that day.
        let windowDay = calendar.day(of: from)
        let start = calendar.microsecondsIntoDay(of: from)
        let first = Int(start / 900_000_000)
        let offset = Double(start - Int64(first) * 900_000_000) / 1e6
        let end = offset + length.seconds
        var sum = 0.0
        for k in 0..<Int((end / slotSeconds).rounded(.up)) {
          let covered = min(end, Double(k + 1) * slotSeconds) - max(offset, Double(k) * slotSeconds)
          guard covered > 0 else { continue }
          let slotDay = windowDay + (first + k) / 96
          for t in events {
            let d = calendar.day(of: t)
            guard d <= slotDay, d > slotDay - 14,
              Int(calendar.microsecondsIntoDay(of: t) / 900_000_000) == (first + k) % 96
            else { continue }
            sum += exp2(-Double(slotDay - d) / 2) * covered / slotSeconds
          }
        }
        let norm = (0..<14).reduce(0.0) { $0 + exp2(-Double($1) / 2) }
        let want = sum / norm
        #expect(abs(got - want) <= 1e-12 * max(1, want), "day \(day): \(got) vs \(want)")
        // The probability of an event, remembered between queries: the same bits as
        // taking the exponential each time.
        let p = history.probability(from: from, length: length, now: now, calendar: calendar)
        #expect(p.bitPattern == (1 - exp(-got)).bitPattern, "day \(day): \(p) vs \(1 - exp(-got))")
        if p > 0 { positive += 1 }
        checked += 1
      }
    }
    #expect(checked == 2_400)
    #expect(positive > 500 && positive < 2_400, "\(positive)")
  }
}

extension UsageHistoryTests {
  /// The kept slot sums of two days answer, bit for bit, what a history that has never
  /// been asked computes afresh: asked as the optimum's scan asks (a decision point's
  /// day, then windows through the next day, some across midnight) while events are
  /// recorded between the questions, so that each kept day must forget a slot that
  /// gains an event and both days must forget a day that gains a row.
  @Test func keptSumsOfTwoDaysAnswerAsSumsMadeAfresh() {
    let calendar = SimCalendar(startDate: CivilDate(year: 2026, month: 1, day: 5)!)
    var asked = UsageHistory(days: 14, halfLifeDays: 2)
    var neverAsked = UsageHistory(days: 14, halfLifeDays: 2)
    var draws = Draws(state: 11)
    func next(_ n: Int) -> Int { draws.next(n) }
    var compared = 0
    var nonZero = 0
    for day in 0..<30 {
      for point in 0..<24 {
        let now = SimTime(seconds: Double(day) * 86_400 + Double(point) * 3600 + Double(next(3600)))
        if next(3) == 0 {
          let t = now - .seconds(Double(next(600)))
          asked.record(t, calendar: calendar)
          neverAsked.record(t, calendar: calendar)
        }
        // A scan: 24 windows an hour apart from now, 15 or 30 minutes long.
        for step in 0..<24 {
          let from = now + .seconds(Double(step) * 3600 + Double(next(900)))
          let length = SimDuration(seconds: [900.0, 1800][next(2)])
          var fresh = neverAsked
          let want = fresh.expectedEvents(from: from, length: length, now: now, calendar: calendar)
          let got = asked.expectedEvents(from: from, length: length, now: now, calendar: calendar)
          #expect(got.bitPattern == want.bitPattern, "day \(day), point \(point), step \(step)")
          if want > 0 { nonZero += 1 }
          compared += 1
        }
      }
    }
    #expect(compared == 17_280)
    #expect(nonZero > 1_000, "\(nonZero)")
  }

  /// dasd's legacy-fetch prediction: the share of days, since the first with an event in
  /// the history, with an event in the 15-minute slot of the moment asked about; under
  /// 0.02 it is 0; with no event in the history there is none.
  @Test func theDayShareCountsDaysWithAnEventInTheSlot() throws {
    let calendar = SimCalendar(startDate: CivilDate(year: 2026, month: 1, day: 5)!)
    func t(_ day: Int, _ hour: Double, _ minute: Double) -> SimTime {
      SimTime(seconds: Double(day) * 86_400 + hour * 3600 + minute * 60)
    }
    var history = UsageHistory(days: 14, halfLifeDays: 2)
    let asOf = t(3, 12, 0)
    #expect(history.dayShare(at: t(4, 10, 0), asOf: asOf, calendar: calendar) == nil)
    // 10:05 on day 0, 10:10 twice on day 1 (one day), 10:20 on day 3: days 0–3, four days.
    for e in [t(0, 10, 5), t(1, 10, 10), t(1, 10, 12), t(3, 10, 20)] { history.record(e, calendar: calendar) }
    #expect(history.dayShare(at: t(4, 10, 0), asOf: asOf, calendar: calendar) == 0.5)
    #expect(history.dayShare(at: t(4, 10, 14.9), asOf: asOf, calendar: calendar) == 0.5)
    #expect(history.dayShare(at: t(4, 10, 15), asOf: asOf, calendar: calendar) == 0.25)
    #expect(history.dayShare(at: t(4, 3, 0), asOf: asOf, calendar: calendar) == 0)
    // Days that left the 14-day history no longer count, nor set the divisor: on day 16
    // only day 3's event is left, one day in the 14 since it.
    #expect(history.dayShare(at: t(16, 10, 0), asOf: t(16, 9, 0), calendar: calendar) == 0)
    #expect(history.dayShare(at: t(16, 10, 20), asOf: t(16, 9, 0), calendar: calendar) == 1.0 / 14)
    #expect(history.dayShare(at: t(17, 10, 20), asOf: t(17, 9, 0), calendar: calendar) == nil)
  }

  /// The day share against its definition from the event list, over 60 days with runs of
  /// empty days (rows reused, whole remembered days without an event): the days of the
  /// last 14, since the first of them with an event, with an event in the slot asked about.
  @Test func theDayShareMatchesItsDefinitionAsRowsAreReused() {
    let calendar = SimCalendar(startDate: CivilDate(year: 2026, month: 1, day: 5)!)
    let stream = RandomStream(key: 1964)
    var history = UsageHistory(days: 14, halfLifeDays: 2)
    var events: [SimTime] = []
    var checked = 0
    for day in 0..<60 {
      let quiet = (day / 9) % 2 == 1 && day % 9 < 5
      if !quiet {
        for _ in 0..<Int(stream.uniform() * 4) {
          // Two busy quarter hours, and the rest of the day.
          let minute = stream.uniform() < 0.5 ? 600 + stream.uniform() * 30 : stream.uniform() * 1440
          let t = SimTime(seconds: Double(day) * 86_400 + minute * 60)
          history.record(t, calendar: calendar)
          events.append(t)
        }
      }
      let asOf = SimTime(seconds: Double(day) * 86_400 + 86_399)
      let remembered = events.filter { calendar.day(of: $0) > day - 14 }
      for quarter in stride(from: 0, to: 96, by: 7) {
        let at = SimTime(seconds: Double(day + 1) * 86_400 + Double(quarter) * 900 + 1)
        let expected: Double? = remembered.map { calendar.day(of: $0) }.min().map { first in
          let slot = UsageHistory.slot(at, calendar)
          let days = Set(
            remembered.filter { UsageHistory.slot($0, calendar) == slot }.map { calendar.day(of: $0) })
          let p = Double(days.count) / Double(day - first + 1)
          return p < 0.02 ? 0 : p > 0.98 ? 1 : p
        }
        #expect(
          history.dayShare(at: at, asOf: asOf, calendar: calendar) == expected, "day \(day), slot \(quarter)")
        checked += 1
      }
    }
    #expect(checked == 60 * 14)
  }
}

/// A fixed sequence of whole numbers for these tests (a 64-bit linear congruential
/// generator): `next(n)` is in 0..<n.
private struct Draws {
  var state: UInt64

  mutating func next(_ n: Int) -> Int {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return Int(state >> 33) % n
  }
}
