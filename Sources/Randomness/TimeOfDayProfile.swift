import SimKernel

/// A non-homogeneous Poisson process whose rate follows the hour of day and the
/// weekday. Each hour's rate is its mean; the rate at an instant runs linearly between
/// the middles of consecutive hours (across midnight into the next day's first hour), so
/// habits change smoothly instead of stepping on the hour: a rate that halved at 00:00
/// sharp released, at that instant, the work it had held (field-observations-3.md V6).
/// Event times are drawn by thinning (Lewis and Shedler, 1979): candidates come at the
/// peak rate and each is kept with probability rate(t) / peak.
///
/// Text: `profile(hourly: [24 rates])`, `profile(weekday: [24], weekend: [24])`, or one
/// list per day, `profile(mon: […], tue: […], …, sun: […])`. Rates are events per hour.
///
/// ```swift
/// let unlocks = try TimeOfDayProfile(parsing: "profile(hourly: [1, 0, 0, …])")
/// let next = unlocks.nextEvent(after: now, calendar: calendar, stream: usage)
/// ```
public struct TimeOfDayProfile: Hashable, Sendable, CustomStringConvertible {
  /// Rates [events/h], indexed [weekday 0 = Monday … 6 = Sunday][hour 0…23].
  public let rates: [[Double]]
  /// The largest rate [events/h], the thinning envelope.
  public let peakRate: Double
  /// `rates` row after row (weekday × 24 + hour): one array to index on the sampling
  /// path, not an array of arrays.
  @usableFromInline let flatRates: [Double]

  static let dayKeys = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]

  /// Creates a profile from 7 × 24 non-negative rates [events/h].
  public init(rates: [[Double]]) {
    precondition(rates.count == 7 && rates.allSatisfy { $0.count == 24 })
    precondition(rates.allSatisfy { $0.allSatisfy { $0 >= 0 && $0.isFinite } })
    self.rates = rates
    flatRates = rates.flatMap { $0 }
    peakRate = flatRates.max() ?? 0
  }

  /// The same 24 hourly rates on every day [events/h].
  public init(hourly: [Double]) { self.init(rates: Array(repeating: hourly, count: 7)) }

  /// Rates for Monday–Friday and for Saturday–Sunday [events/h].
  public init(weekday: [Double], weekend: [Double]) {
    self.init(rates: Array(repeating: weekday, count: 5) + [weekend, weekend])
  }

  /// Rate at an instant [events/h]: linear between the middles of the hours around it.
  @inlinable
  public func rate(at time: SimTime, calendar: SimCalendar) -> Double {
    let x = calendar.fractionalHour(of: time) - 0.5
    let day = calendar.weekdayIndex(of: time) * 24
    if x < 0 {
      // Before 00:30: from the previous day's last hour.
      let before = (day + 7 * 24 - 1) % (7 * 24)
      return flatRates[before] + (flatRates[day] - flatRates[before]) * (x + 1)
    }
    let hour = Int(x)
    let fraction = x - Double(hour)
    let next = (day + hour + 1) % (7 * 24)
    return flatRates[day + hour] + (flatRates[next] - flatRates[day + hour]) * fraction
  }

  /// Expected events on a given weekday (0 = Monday).
  public func dailyTotal(weekdayIndex: Int) -> Double { rates[weekdayIndex].reduce(0, +) }

  /// Expected events per day, averaged over the week.
  public var meanDailyTotal: Double { (0..<7).map(dailyTotal).reduce(0, +) / 7 }

  /// The same shape with every rate multiplied by `factor` (≥ 0).
  public func scaled(by factor: Double) -> TimeOfDayProfile {
    TimeOfDayProfile(rates: rates.map { $0.map { $0 * factor } })
  }

  /// The same shape scaled so that the week's mean daily total is `perDay`.
  public func scaled(toDailyMean perDay: Double) -> TimeOfDayProfile {
    let total = meanDailyTotal
    return total > 0 ? scaled(by: perDay / total) : self
  }

  /// The first event strictly after `time`, or nil when every rate is zero or no
  /// event comes before `limit`.
  public func nextEvent(
    after time: SimTime, calendar: SimCalendar, stream: RandomStream,
    limit: SimTime = .distantFuture
  ) -> SimTime? {
    guard peakRate > 0 else { return nil }
    let meanGapSeconds = 3600 / peakRate
    var t = time
    while true {
      let gap = SimDuration(seconds: stream.exponential(mean: meanGapSeconds))
      t = t + SimDuration(microseconds: max(1, gap.microseconds))
      if t >= limit { return nil }
      if stream.uniform() * peakRate < rate(at: t, calendar: calendar) { return t }
    }
  }
}

extension TimeOfDayProfile {
  /// Reads the text form; throws an error naming the text and the problem.
  public init(parsing text: String) throws(DistributionParseError) {
    let call = try DistributionCall.parse(text)
    guard call.name == "profile" else {
      throw DistributionParseError(
        text: text,
        problem: "expected profile(hourly: [24 rates per hour]) or profile(weekday: […], weekend: […])")
    }
    let keys = ["hourly", "weekday", "weekend"] + Self.dayKeys
    let a = try DistributionArguments(call: call, text: text, allowed: keys)
    func hours(_ key: String) throws(DistributionParseError) -> [Double] {
      guard let list = try a.list(key) else { throw a.missing(key) }
      guard list.count == 24 else { throw a.fail("\(key) needs 24 hourly rates, found \(list.count)") }
      guard list.allSatisfy({ !$0.1 && $0.0 >= 0 }) else {
        throw a.fail("\(key) rates must be plain numbers ≥ 0 (events per hour)")
      }
      return list.map(\.0)
    }
    let given = call.arguments.map(\.key)
    if given == ["hourly"] {
      self.init(hourly: try hours("hourly"))
    } else if Set(given) == ["weekday", "weekend"] {
      self.init(weekday: try hours("weekday"), weekend: try hours("weekend"))
    } else if Set(given) == Set(Self.dayKeys) {
      var rows: [[Double]] = []
      for key in Self.dayKeys { rows.append(try hours(key)) }
      self.init(rates: rows)
    } else {
      throw a.fail("give hourly, or weekday and weekend, or all of mon…sun")
    }
  }

  /// The shortest text form that parses back to an equal profile.
  public var description: String {
    func list(_ r: [Double]) -> String {
      "[" + r.map(DurationText.formatNumber).joined(separator: ", ") + "]"
    }
    if rates.allSatisfy({ $0 == rates[0] }) { return "profile(hourly: \(list(rates[0])))" }
    if rates[0..<5].allSatisfy({ $0 == rates[0] }), rates[5] == rates[6] {
      return "profile(weekday: \(list(rates[0])), weekend: \(list(rates[5])))"
    }
    let days = zip(Self.dayKeys, rates).map { "\($0): \(list($1))" }
    return "profile(\(days.joined(separator: ", ")))"
  }
}
