import SimKernel

/// Writes CSV bytes through a pointer into room that ``CSVBuffer/row(reserve:_:)`` made:
/// a row's fields then cost no check of the buffer each, only the formatting itself.
/// The caller reserves enough: each method's bound is below, or the text's UTF-8 size.
public struct CSVRowWriter {
  let out: UnsafeMutablePointer<UInt8>
  /// Bytes written so far.
  public private(set) var count = 0

  init(_ out: UnsafeMutablePointer<UInt8>) { self.out = out }

  /// Most bytes ``seconds(_:)``, ``iso(_:calendar:)`` and ``fixed(_:digits:)`` write.
  public static let secondsBound = 25
  public static let isoBound = 40
  public static let fixedBound = 32

  /// Most bytes ``field(_:)`` writes for `s` (every byte a quote, doubled, plus quotes).
  public static func fieldBound(_ s: String) -> Int { 2 * s.utf8.count + 2 }

  static let powers: [Int64] = [1, 10, 100, 1000, 10_000, 100_000, 1_000_000]

  @inline(__always)
  public mutating func byte(_ b: UInt8) {
    out[count] = b
    count &+= 1
  }

  @inline(__always) public mutating func comma() { byte(UInt8(ascii: ",")) }
  @inline(__always) public mutating func newline() { byte(UInt8(ascii: "\n")) }

  /// Text as is (the caller knows it needs no quoting).
  public mutating func text(_ s: String) {
    // Read in place where the text is contiguous (native and small strings): the
    // mutable copy `withUTF8` needs retained and released the string's storage.
    let copied: Bool? = s.utf8.withContiguousStorageIfAvailable { utf8 in
      if let base = utf8.baseAddress { (out + count).update(from: base, count: utf8.count) }
      count &+= utf8.count
      return true
    }
    guard copied == nil else { return }
    var s = s
    s.withUTF8 { utf8 in
      if let base = utf8.baseAddress { (out + count).update(from: base, count: utf8.count) }
      count &+= utf8.count
    }
  }

  /// A CSV field from free text: quoted (RFC 4180) when it holds a comma, quote or newline.
  public mutating func field(_ s: String) {
    // Read in place where the text is contiguous, as in ``text(_:)``.
    let copied: Bool? = s.utf8.withContiguousStorageIfAvailable { utf8 in
      field(utf8)
      return true
    }
    guard copied == nil else { return }
    var s = s
    s.withUTF8 { field($0) }
  }

  mutating func field(_ utf8: UnsafeBufferPointer<UInt8>) {
    let special = utf8.contains {
      $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\n")
    }
    guard special else {
      if let base = utf8.baseAddress { (out + count).update(from: base, count: utf8.count) }
      count &+= utf8.count
      return
    }
    byte(UInt8(ascii: "\""))
    for b in utf8 {
      if b == UInt8(ascii: "\"") { byte(b) }
      byte(b)
    }
    byte(UInt8(ascii: "\""))
  }

  public mutating func integer(_ value: Int64) {
    if value < 0 {
      byte(UInt8(ascii: "-"))
      unsigned(UInt64(value.magnitude))
    } else {
      unsigned(UInt64(value))
    }
  }

  /// `value` in decimal, left-padded with zeros to `minimumDigits` (at most 20).
  public mutating func unsigned(_ value: UInt64, minimumDigits: Int = 1) {
    let width = max(Self.digitCount(value), min(minimumDigits, 20))
    Self.put(value, width: width, at: out + count)
    count &+= width
  }

  /// Decimal digits of `value` (1 for 0).
  @inline(__always)
  static func digitCount(_ value: UInt64) -> Int {
    // Most numbers written are below 10^8 (seconds over a year, counts, bytes): compare
    // against powers of ten rather than multiplying up to them.
    if value < 10_000 { return value < 100 ? (value < 10 ? 1 : 2) : (value < 1000 ? 3 : 4) }
    if value < 100_000_000 {
      return value < 1_000_000 ? (value < 100_000 ? 5 : 6) : (value < 10_000_000 ? 7 : 8)
    }
    var digits = 9
    var limit: UInt64 = 1_000_000_000
    while value >= limit, digits < 20 {
      digits += 1
      let (next, overflow) = limit.multipliedReportingOverflow(by: 10)
      if overflow { break }
      limit = next
    }
    return digits
  }

  /// Writes `value` as exactly `width` decimal digits (zero-padded) at `out`, two digits
  /// per division by 100 (a multiplication, as the divisions by 10 below). Computed
  /// rather than read from a table of pairs: the table, a global, cost a check that it
  /// was made at every number written.
  @inline(__always)
  static func put(_ value: UInt64, width: Int, at out: UnsafeMutablePointer<UInt8>) {
    var v = value
    var i = width
    while i >= 2 {
      let pair = v % 100
      v /= 100
      i -= 2
      let tens = pair / 10
      out[i] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: tens)
      out[i + 1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: pair &- tens &* 10)
    }
    if i == 1 { out[0] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: v % 10) }
  }

  /// Writes `whole.fraction` (the fraction zero-padded to `decimals` digits, none for
  /// 0), with a leading minus sign when `negative`.
  @inline(__always)
  mutating func decimal(negative: Bool, whole: UInt64, fraction: UInt64, decimals: Int) {
    if negative { byte(UInt8(ascii: "-")) }
    let wholeDigits = Self.digitCount(whole)
    Self.put(whole, width: wholeDigits, at: out + count)
    count &+= wholeDigits
    if decimals > 0 {
      byte(UInt8(ascii: "."))
      Self.put(fraction, width: decimals, at: out + count)
      count &+= decimals
    }
  }

  /// `value` with exactly `digits` decimals (0…6), rounded half away from zero; an empty
  /// field for NaN or infinity, and never "-0.0".
  public mutating func fixed(_ value: Double, digits: Int) {
    guard value.isFinite else { return }
    let scale = Self.powers[digits]
    let magnitude = (abs(value) * Double(scale)).rounded()
    guard magnitude < 9e18 else {
      text(String(value))
      return
    }
    let scaled = UInt64(magnitude)
    decimal(
      negative: value < 0 && scaled != 0, whole: scaled / UInt64(scale), fraction: scaled % UInt64(scale),
      decimals: digits)
  }

  /// Seconds from the start with three decimals, rounded exactly from microseconds
  /// (half up), so no floating-point step can change a digit.
  public mutating func seconds(_ time: SimTime) {
    let ms = (time.microseconds + (time.microseconds >= 0 ? 500 : -500)) / 1000
    decimal(
      negative: ms < 0, whole: UInt64(ms.magnitude) / 1000, fraction: UInt64(ms.magnitude) % 1000, decimals: 3
    )
  }

  /// The last day asked about and the start of its ISO text: rows written in time order
  /// ask about the same day again and again, and its date and digits cost a hundred
  /// instructions or more each time.
  public struct DateCache {
    var date = CivilDate(daysSinceEpoch: 0)
    /// The day's first microsecond and the next day's [µs since the start].
    var start: Int64 = 0
    var end: Int64 = .min
    /// `YYYY-MM-DDT` of the day, its first eight bytes and the other three (little-endian),
    /// when its year has four digits.
    var head: (UInt64, UInt16, UInt8)?

    public init() {}

    mutating func date(of time: SimTime, _ calendar: SimCalendar) -> CivilDate {
      if time.microseconds < start || time.microseconds >= end { move(to: time, calendar) }
      return date
    }

    /// Makes the day of `time` the cached one.
    mutating func move(to time: SimTime, _ calendar: SimCalendar) {
      date = calendar.date(of: time)
      start = calendar.startOfDay(calendar.day(of: time)).microseconds
      end = start &+ SimCalendar.dayMicroseconds
      let year = max(date.year, 0)
      guard year <= 9999 else {
        head = nil
        return
      }
      var bytes = [UInt8](repeating: 0, count: 11)
      bytes.withUnsafeMutableBufferPointer { buffer in
        var w = CSVRowWriter(buffer.baseAddress!)
        w.dateDigits(year: year, month: date.month, day: date.day)
        w.byte(UInt8(ascii: "T"))
      }
      var low: UInt64 = 0
      for k in 0..<8 { low |= UInt64(bytes[k]) << (8 * UInt64(k)) }
      head = (low, UInt16(bytes[8]) | UInt16(bytes[9]) << 8, bytes[10])
    }
  }

  /// Local time as `YYYY-MM-DDThh:mm:ss`, the same text as ``SimCalendar/isoString(_:)``.
  public mutating func iso(_ time: SimTime, calendar: SimCalendar) {
    iso(time, calendar: calendar, date: calendar.date(of: time))
  }

  /// As ``iso(_:calendar:)``, the date read through `dates`.
  public mutating func iso(_ time: SimTime, calendar: SimCalendar, dates: inout DateCache) {
    let date = dates.date(of: time, calendar)
    guard let head = dates.head else {
      iso(time, calendar: calendar, date: date)
      return
    }
    // The day's text as three stores, then the time from the day's start (no division
    // by the day's length).
    let raw = UnsafeMutableRawPointer(out + count)
    raw.storeBytes(of: head.0.littleEndian, as: UInt64.self)
    raw.storeBytes(of: head.1.littleEndian, toByteOffset: 8, as: UInt16.self)
    raw.storeBytes(of: head.2, toByteOffset: 10, as: UInt8.self)
    count &+= 11
    let seconds = Int((time.microseconds &- dates.start) / 1_000_000)
    two(seconds / 3600)
    byte(UInt8(ascii: ":"))
    two(seconds / 60 % 60)
    byte(UInt8(ascii: ":"))
    two(seconds % 60)
  }

  mutating func iso(_ time: SimTime, calendar: SimCalendar, date: CivilDate) {
    let seconds = Int(calendar.microsecondsIntoDay(of: time) / 1_000_000)
    let year = max(date.year, 0)
    guard year <= 9999 else {
      unsigned(UInt64(year))
      byte(UInt8(ascii: "-"))
      unsigned(UInt64(date.month), minimumDigits: 2)
      byte(UInt8(ascii: "-"))
      unsigned(UInt64(date.day), minimumDigits: 2)
      byte(UInt8(ascii: "T"))
      unsigned(UInt64(seconds / 3600), minimumDigits: 2)
      byte(UInt8(ascii: ":"))
      unsigned(UInt64(seconds / 60 % 60), minimumDigits: 2)
      byte(UInt8(ascii: ":"))
      unsigned(UInt64(seconds % 60), minimumDigits: 2)
      return
    }
    dateDigits(year: year, month: date.month, day: date.day)
    byte(UInt8(ascii: "T"))
    two(seconds / 3600)
    byte(UInt8(ascii: ":"))
    two(seconds / 60 % 60)
    byte(UInt8(ascii: ":"))
    two(seconds % 60)
  }

  /// `YYYY-MM-DD` for a year in 0…9999 (10 bytes): the date of ISO times and day rows.
  mutating func dateDigits(year: Int, month: Int, day: Int) {
    two(year / 100)
    two(year % 100)
    byte(UInt8(ascii: "-"))
    two(month)
    byte(UInt8(ascii: "-"))
    two(day)
  }

  /// `v` (0…99) as two digits.
  @inline(__always)
  mutating func two(_ v: Int) {
    out[count] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: v / 10)
    out[count &+ 1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: v % 10)
    count &+= 2
  }
}
