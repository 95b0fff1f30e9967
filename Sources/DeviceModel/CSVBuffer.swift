import SimKernel

/// Builds CSV text as bytes, with number and time formatting that avoids Foundation's
/// formatted strings (which dominated the cost of writing traces).
public struct CSVBuffer: Sendable {
  public private(set) var bytes: [UInt8] = []

  public init(capacity: Int = 1 << 16) { bytes.reserveCapacity(capacity) }

  public var count: Int { bytes.count }
  public mutating func removeAll() { bytes.removeAll(keepingCapacity: true) }

  static let powers: [Int64] = [1, 10, 100, 1000, 10_000, 100_000, 1_000_000]

  public mutating func comma() { bytes.append(UInt8(ascii: ",")) }

  /// Drops an unfinished row: everything after the last newline.
  public mutating func dropUnfinishedRow() {
    while let last = bytes.last, last != UInt8(ascii: "\n") { bytes.removeLast() }
  }
  public mutating func newline() { bytes.append(UInt8(ascii: "\n")) }

  public mutating func text(_ s: String) { bytes.append(contentsOf: s.utf8) }

  /// A CSV field from free text: quoted (RFC 4180) when it holds a comma, quote or newline.
  public mutating func field(_ s: String) {
    if s.utf8.contains(where: {
      $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\n")
    }) {
      bytes.append(UInt8(ascii: "\""))
      for b in s.utf8 {
        if b == UInt8(ascii: "\"") { bytes.append(b) }
        bytes.append(b)
      }
      bytes.append(UInt8(ascii: "\""))
    } else {
      text(s)
    }
  }

  public mutating func integer(_ value: Int64) {
    if value < 0 {
      bytes.append(UInt8(ascii: "-"))
      unsigned(UInt64(value.magnitude))
    } else {
      unsigned(UInt64(value))
    }
  }

  mutating func unsigned(_ value: UInt64, minimumDigits: Int = 1) {
    // Digits are written right to left into a stack buffer and appended in one go:
    // appending byte by byte checked the array's uniqueness and capacity each time.
    var digits:
      (
        UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
        UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8
      ) =
        (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    let width = 20
    var first = width
    var v = value
    let minimum = min(minimumDigits, width)
    withUnsafeMutableBytes(of: &digits) { buffer in
      repeat {
        first -= 1
        buffer[first] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: v % 10)
        v /= 10
      } while v > 0
      while width - first < minimum {
        first -= 1
        buffer[first] = UInt8(ascii: "0")
      }
      bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[first..<width]))
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
    if value < 0, scaled != 0 { bytes.append(UInt8(ascii: "-")) }
    unsigned(scaled / UInt64(scale))
    if digits > 0 {
      bytes.append(UInt8(ascii: "."))
      unsigned(scaled % UInt64(scale), minimumDigits: digits)
    }
  }

  /// Seconds from the start with three decimals, rounded exactly from microseconds
  /// (half up), so no floating-point step can change a digit.
  public mutating func seconds(_ time: SimTime) {
    let ms = (time.microseconds + (time.microseconds >= 0 ? 500 : -500)) / 1000
    if ms < 0 { bytes.append(UInt8(ascii: "-")) }
    unsigned(UInt64(ms.magnitude) / 1000)
    bytes.append(UInt8(ascii: "."))
    unsigned(UInt64(ms.magnitude) % 1000, minimumDigits: 3)
  }

  /// Local time as `YYYY-MM-DDThh:mm:ss`, the same text as ``SimCalendar/isoString(_:)``.
  public mutating func iso(_ time: SimTime, calendar: SimCalendar) {
    let date = calendar.date(of: time)
    let seconds = Int(calendar.microsecondsIntoDay(of: time) / 1_000_000)
    let year = max(date.year, 0)
    guard year <= 9999 else {
      unsigned(UInt64(year))
      bytes.append(UInt8(ascii: "-"))
      unsigned(UInt64(date.month), minimumDigits: 2)
      bytes.append(UInt8(ascii: "-"))
      unsigned(UInt64(date.day), minimumDigits: 2)
      bytes.append(UInt8(ascii: "T"))
      unsigned(UInt64(seconds / 3600), minimumDigits: 2)
      bytes.append(UInt8(ascii: ":"))
      unsigned(UInt64(seconds / 60 % 60), minimumDigits: 2)
      bytes.append(UInt8(ascii: ":"))
      unsigned(UInt64(seconds % 60), minimumDigits: 2)
      return
    }
    // Fixed width: formatted into a stack buffer and appended at once.
    var text: (UInt64, UInt64, UInt64) = (0, 0, 0)
    withUnsafeMutableBytes(of: &text) { b in
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
      bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: b[0..<19]))
    }
  }
}
