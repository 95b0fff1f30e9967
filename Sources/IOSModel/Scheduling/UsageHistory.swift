import Foundation
import SimKernel

/// Counts of events (app opens, unlocks) in 15-minute slots of the day over the last
/// `days` days: the basis of the scheduler's predictions of use.
public struct UsageHistory: Sendable {
  public static let slotsPerDay = 96
  public let days: Int
  var counts: [UInt16]
  var dayOfRow: [Int]
  /// When the last event happened.
  public private(set) var last: SimTime?
  /// When the first event happened.
  public private(set) var first: SimTime?
  /// Events recorded in all.
  public private(set) var total = 0
  /// The day of the first event (Int.max before it).
  var firstDay = Int.max
  /// Whether a prediction is a mean over the days since the first event rather than over
  /// all `days`: dasd's app timeline divides each slot's opens by the days since the
  /// app's first open in its window (legacy-fetch.md §3, grade M), so a young app's
  /// habits count in full from its first day.
  public let meanSinceFirst: Bool

  /// Half-life of the weight of past days [d]: recent habits count more.
  public let halfLifeDays: Double

  /// 2^(−age / half-life) for each age in days, and their running sums.
  let weights: [Double]
  let weightSums: [Double]

  /// Per slot of the day, the weighted count over the remembered days as seen from two
  /// days, the one asked about last first: the scheduler asks about one slot at a time,
  /// many times a day, and the counts change only when an event is recorded. Two, as the
  /// optimum's scan asks about tomorrow between a day's decision points (one day kept
  /// made each scan past midnight recompute both days' sums).
  var slotSums: SlotSums
  var otherDaySlotSums: SlotSums
  /// Per slot of the day, the events held in all rows (remembered or not): zero proves
  /// a slot's weighted count is zero without reading the rows (most night slots).
  var slotTotals: [Int32]
  /// The last expected count ``probability(from:length:now:calendar:)`` was asked about
  /// (NaN before the first), and its probability.
  var lastExpected = Double.nan
  /// The day of the last recorded event and its row in `counts`.
  var recordDay = Int.min
  var recordRow = 0
  var lastProbability = 0.0

  public init(days: Int = 14, halfLifeDays: Double = 2, meanSinceFirst: Bool = false) {
    self.days = days
    self.halfLifeDays = halfLifeDays
    self.meanSinceFirst = meanSinceFirst
    weights = (0..<days).map { exp2(-Double($0) / halfLifeDays) }
    var running = 0.0
    weightSums = weights.map {
      running += $0
      return running
    }
    counts = Array(repeating: 0, count: days * Self.slotsPerDay)
    // Int.min marks a row no day has written: days before the run (negative, an app
    // installed before it) are days like any other.
    dayOfRow = Array(repeating: Int.min, count: days)
    slotSums = SlotSums(slots: Self.slotsPerDay)
    otherDaySlotSums = slotSums
    slotTotals = Array(repeating: 0, count: Self.slotsPerDay)
  }

  static func slot(_ time: SimTime, _ calendar: SimCalendar) -> Int {
    Int(calendar.microsecondsIntoDay(of: time) / (SimCalendar.dayMicroseconds / Int64(slotsPerDay)))
  }

  /// Records an event.
  public mutating func record(_ time: SimTime, calendar: SimCalendar) {
    let day = calendar.day(of: time)
    // Most events fall on the day of the one before: its row, without two divisions.
    if day != recordDay {
      recordDay = day
      recordRow = ((day % days) + days) % days
    }
    let row = recordRow
    let slot = Self.slot(time, calendar)
    if dayOfRow[row] != day {
      for s in 0..<Self.slotsPerDay {
        slotTotals[s] -= Int32(counts[row * Self.slotsPerDay + s])
        counts[row * Self.slotsPerDay + s] = 0
      }
      dayOfRow[row] = day
      slotSums.day = Int.min
      otherDaySlotSums.day = Int.min
    }
    if counts[row * Self.slotsPerDay + slot] < UInt16.max {
      counts[row * Self.slotsPerDay + slot] += 1
      slotTotals[slot] += 1
    }
    slotSums.valid[slot] = false
    otherDaySlotSums.valid[slot] = false
    if first == nil {
      first = time
      firstDay = day
    }
    last = time
    total += 1
  }

  /// Expected events in the time-of-day window [from, from + length): a mean over the
  /// remembered days, each day weighted by 2^(−age / half-life), its age counted from
  /// the window's own day, not from today's: the window is a moment of the day, and each
  /// earlier day's same moment is one day older than the next. The window's own day
  /// weighs 1 with what it has seen of the window so far (nothing, for a window still to
  /// come). Counting ages from today instead gave a window after midnight, predicted
  /// before it, today's same slot at weight 1, a day older than that weight means, and
  /// its predictions fell by a quarter as the clock passed 00:00 with no change in habits
  /// (field-observations-3.md V6: processing launches bunched at 00:00–00:10).
  public mutating func expectedEvents(
    from: SimTime, length: SimDuration, now: SimTime, calendar: SimCalendar
  )
    -> Double
  {
    let today = calendar.day(of: from)
    let slotMicroseconds = SimCalendar.dayMicroseconds / Int64(Self.slotsPerDay)
    let intoDay = calendar.microsecondsIntoDay(of: from)
    let first = Int(intoDay / slotMicroseconds)
    // The window from its first slot's start [µs]: each slot it touches counts its events
    // by the share of the slot the window covers (events spread evenly within a slot), so
    // the prediction moves smoothly as the window slides instead of stepping at the
    // slots' edges (V6: a score that jumped at :00 and :30 bunched processing there).
    let start = intoDay - Int64(first) * slotMicroseconds
    let end = start + max(1, length.microseconds)
    let slots = Int((end + slotMicroseconds - 1) / slotMicroseconds)
    var sum = 0.0
    for k in 0..<slots {
      let covered = min(end, Int64(k + 1) * slotMicroseconds) - max(start, Int64(k) * slotMicroseconds)
      guard covered > 0 else { continue }
      let share = Double(covered) / Double(slotMicroseconds)
      // The slots past midnight belong to the next day: their ages count from it.
      let (slot, day) = ((first + k) % Self.slotsPerDay, today + (first + k) / Self.slotsPerDay)
      let events: Double
      if slotTotals[slot] == 0 {
        events = 0
      } else if slotSums.day == day, slotSums.valid[slot] {
        // The kept sum, read here: a call for it cost more than the reading.
        events = slotSums.sums[slot]
      } else {
        events = weightedEvents(slot: slot, day: day)
      }
      sum += events * share
    }
    // Days without events count too. With `meanSinceFirst` the days before the first
    // event do not (dasd's app timeline); otherwise they do, and a fresh history predicts
    // less than the habits it will learn.
    if meanSinceFirst {
      return sum / weightSums[min(days - 1, max(0, today - firstDay))]
    }
    return sum / weightSums[days - 1]
  }

  /// One slot's events over the remembered days, each weighted by its age counted from
  /// `day`. The scheduler asks about the slots of one day many times between two events:
  /// each slot's sum is kept until an event changes it or neither kept day is `day`.
  mutating func weightedEvents(slot: Int, day: Int) -> Double {
    // No events in the slot on any remembered day: none expected.
    if slotTotals[slot] == 0 { return 0 }
    if slotSums.day != day {
      swap(&slotSums, &otherDaySlotSums)
      if slotSums.day != day {
        slotSums.start(day: day)
        for row in 0..<days where isRemembered(row, today: day) {
          slotSums.rows.append((row * Self.slotsPerDay, weight(age: day - dayOfRow[row])))
        }
      }
    }
    return slotSums.weighted(slot, counts: counts)
  }

  /// The day's events by half hour (48 of them, from midnight), each a weighted sum over
  /// the remembered days as in ``expectedEvents(from:length:now:calendar:)``, in one pass
  /// over the history; only their proportions are meant (no normalisation).
  public func halfHourlyWeightedEvents(now: SimTime, calendar: SimCalendar) -> [Double] {
    let today = calendar.day(of: now)
    let halves = Self.slotsPerDay / 2
    var sums = [Double](repeating: 0, count: halves)
    for row in 0..<days where isRemembered(row, today: today) {
      let w = weight(age: today - dayOfRow[row])
      let base = row * Self.slotsPerDay
      for k in 0..<halves {
        let n = Int(counts[base + 2 * k]) + Int(counts[base + 2 * k + 1])
        if n > 0 { sums[k] += Double(n) * w }
      }
    }
    return sums
  }

  /// The probability of at least one event in the window, 1 − e^(−expected events).
  /// The expected count repeats (the same slot, no new event) far more often than it
  /// changes, so the last one and its probability are remembered: the exponential is
  /// taken only for a new value, and not at all for none expected.
  @inline(__always)
  public mutating func probability(
    from: SimTime, length: SimDuration, now: SimTime, calendar: SimCalendar
  ) -> Double {
    // Most windows touch two slots at most, often without an event on any day (0
    // expected, below), which is decided here without a call.
    if length.microseconds <= SimCalendar.dayMicroseconds / Int64(Self.slotsPerDay) {
      let slot = Self.slot(from, calendar)
      if slotTotals[slot] == 0, slotTotals[(slot + 1) % Self.slotsPerDay] == 0 { return 0 }
    }
    let expected = expectedEvents(from: from, length: length, now: now, calendar: calendar)
    if expected == 0 { return 0 }
    if expected != lastExpected {
      lastExpected = expected
      lastProbability = 1 - exp(-expected)
    }
    return lastProbability
  }

  func weight(age: Int) -> Double { age < days ? weights[age] : 0 }

  func isRemembered(_ row: Int, today: Int) -> Bool {
    dayOfRow[row] != Int.min && dayOfRow[row] > today - days && dayOfRow[row] <= today
  }

  /// Days since the last event, or nil when there was none.
  public func daysSinceLast(_ now: SimTime) -> Double? { last.map { (now - $0).seconds / 86_400 } }
}
