import SimKernel

/// Builds CSV text as bytes, with number and time formatting that avoids Foundation's
/// formatted strings (which dominated the cost of writing traces).
///
/// The text lives in the first `count` bytes of a zero-filled array that is grown ahead
/// of need, and each field is written through one pointer into it: appending to an
/// array byte by byte, or through `append(contentsOf:)`, checked its uniqueness and
/// capacity every time and cost a few hundred instructions per number.
public struct CSVBuffer: Sendable {
  /// Its `count` is the capacity; the bytes past `length` are scratch.
  var storage: [UInt8]
  var length = 0

  public init(capacity: Int = 1 << 16) { storage = [UInt8](repeating: 0, count: max(capacity, 64)) }

  /// The text so far.
  public var bytes: [UInt8] { Array(storage[0..<length]) }

  public var count: Int { length }
  /// Calls `body` with the written bytes, without copying them.
  public func withBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
    try storage.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[0..<length])) }
  }
  public mutating func removeAll() { length = 0 }

  static let powers: [Int64] = [1, 10, 100, 1000, 10_000, 100_000, 1_000_000]

  /// Makes room for `extra` more bytes, then lets `body` write at most that many at the
  /// end; it returns how many it wrote.
  @inline(__always)
  mutating func write(_ extra: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
    if length + extra > storage.count {
      storage.append(contentsOf: repeatElement(0, count: max(storage.count, extra)))
    }
    let start = length
    length += storage.withUnsafeMutableBufferPointer { body($0.baseAddress.unsafelyUnwrapped + start) }
  }

  @inline(__always)
  mutating func byte(_ b: UInt8) {
    write(1) {
      $0[0] = b
      return 1
    }
  }

  public mutating func comma() { byte(UInt8(ascii: ",")) }
  public mutating func newline() { byte(UInt8(ascii: "\n")) }

  /// Drops an unfinished row: everything after the last newline.
  public mutating func dropUnfinishedRow() {
    while length > 0, storage[length - 1] != UInt8(ascii: "\n") { length -= 1 }
  }

  public mutating func text(_ s: String) {
    var s = s
    s.withUTF8 { utf8 in
      write(utf8.count) { out in
        if let base = utf8.baseAddress { out.update(from: base, count: utf8.count) }
        return utf8.count
      }
    }
  }

  /// A CSV field from free text: quoted (RFC 4180) when it holds a comma, quote or newline.
  public mutating func field(_ s: String) {
    var s = s
    s.withUTF8 { utf8 in
      let special = utf8.contains {
        $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\n")
      }
      write(special ? 2 * utf8.count + 2 : utf8.count) { out in
        guard special else {
          if let base = utf8.baseAddress { out.update(from: base, count: utf8.count) }
          return utf8.count
        }
        var n = 0
        out[n] = UInt8(ascii: "\"")
        n += 1
        for b in utf8 {
          if b == UInt8(ascii: "\"") {
            out[n] = b
            n += 1
          }
          out[n] = b
          n += 1
        }
        out[n] = UInt8(ascii: "\"")
        return n + 1
      }
    }
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
  mutating func unsigned(_ value: UInt64, minimumDigits: Int = 1) {
    let width = max(Self.digitCount(value), min(minimumDigits, 20))
    write(width) { out in
      Self.put(value, width: width, at: out)
      return width
    }
  }

  /// Decimal digits of `value` (1 for 0).
  @inline(__always)
  static func digitCount(_ value: UInt64) -> Int {
    var digits = 1
    var limit: UInt64 = 10
    while value >= limit, digits < 20 {
      digits += 1
      let (next, overflow) = limit.multipliedReportingOverflow(by: 10)
      if overflow { break }
      limit = next
    }
    return digits
  }

  /// Writes `value` as exactly `width` decimal digits (zero-padded) at `out`.
  @inline(__always)
  static func put(_ value: UInt64, width: Int, at out: UnsafeMutablePointer<UInt8>) {
    var v = value
    var i = width
    while i > 0 {
      i -= 1
      out[i] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: v % 10)
      v /= 10
    }
  }

  /// Writes `whole.fraction` (the fraction zero-padded to `decimals` digits, none for
  /// 0), with a leading minus sign when `negative`, in one step.
  @inline(__always)
  mutating func decimal(negative: Bool, whole: UInt64, fraction: UInt64, decimals: Int) {
    let wholeDigits = Self.digitCount(whole)
    let sign = negative ? 1 : 0
    let total = sign + wholeDigits + (decimals > 0 ? 1 + decimals : 0)
    write(total) { out in
      if negative { out[0] = UInt8(ascii: "-") }
      Self.put(whole, width: wholeDigits, at: out + sign)
      if decimals > 0 {
        out[sign + wholeDigits] = UInt8(ascii: ".")
        Self.put(fraction, width: decimals, at: out + sign + wholeDigits + 1)
      }
      return total
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

  /// Local time as `YYYY-MM-DDThh:mm:ss`, the same text as ``SimCalendar/isoString(_:)``.
  public mutating func iso(_ time: SimTime, calendar: SimCalendar) {
    let date = calendar.date(of: time)
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
    write(19) { b in
      func two(_ at: Int, _ v: Int) {
        b[at] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: v / 10)
        b[at + 1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: v % 10)
      }
      two(0, year / 100)
      two(2, year % 100)
      b[4] = UInt8(ascii: "-")
      two(5, date.month)
      b[7] = UInt8(ascii: "-")
      two(8, date.day)
      b[10] = UInt8(ascii: "T")
      two(11, seconds / 3600)
      b[13] = UInt8(ascii: ":")
      two(14, seconds / 60 % 60)
      b[16] = UInt8(ascii: ":")
      two(17, seconds % 60)
      return 19
    }
  }
}
