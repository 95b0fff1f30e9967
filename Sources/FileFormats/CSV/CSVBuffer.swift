import SimKernel

/// Builds CSV text as bytes, with number and time formatting that avoids Foundation's
/// formatted strings (which dominated the cost of writing traces).
///
/// The text lives in the first `count` bytes of a zero-filled array that is grown ahead
/// of need, and each field, or a whole row through ``row(reserve:_:)``, is written
/// through one pointer into it (``CSVRowWriter``): appending to an array byte by byte,
/// or through `append(contentsOf:)`, checked its uniqueness and capacity every time and
/// cost a few hundred instructions per number.
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

  /// Writes with a ``CSVRowWriter`` that writes at most `reserve` bytes: one check of the
  /// storage for a whole row rather than one per field.
  @inline(__always)
  public mutating func row(reserve: Int, _ body: (inout CSVRowWriter) -> Void) {
    write(reserve) { out in
      var w = CSVRowWriter(out)
      body(&w)
      return w.count
    }
  }

  /// Text as is (the caller knows it needs no quoting).
  public mutating func text(_ s: String) { row(reserve: s.utf8.count) { $0.text(s) } }

  /// A field, quoted when it holds a comma, a quote or a newline (RFC 4180).
  public mutating func field(_ s: String) { row(reserve: CSVRowWriter.fieldBound(s)) { $0.field(s) } }

  public mutating func integer(_ value: Int64) { row(reserve: 21) { $0.integer(value) } }

  mutating func unsigned(_ value: UInt64, minimumDigits: Int = 1) {
    row(reserve: 20) { $0.unsigned(value, minimumDigits: minimumDigits) }
  }

  /// A number with `digits` decimals (0…6), rounded half away from zero; an empty
  /// field for NaN or infinity, and never "-0.0".
  public mutating func fixed(_ value: Double, digits: Int) {
    row(reserve: CSVRowWriter.fixedBound) { $0.fixed(value, digits: digits) }
  }

  /// Seconds from the start with three decimals, rounded exactly from microseconds
  /// (half up), so no floating-point step can change a digit.
  public mutating func seconds(_ time: SimTime) {
    row(reserve: CSVRowWriter.secondsBound) { $0.seconds(time) }
  }

  /// Local time as `YYYY-MM-DDThh:mm:ss`, the same text as ``SimCalendar/isoString(_:)``.
  public mutating func iso(_ time: SimTime, calendar: SimCalendar) {
    row(reserve: CSVRowWriter.isoBound) { $0.iso(time, calendar: calendar) }
  }

  /// A date as `YYYY-MM-DD`, the same text as its `description` (which builds strings).
  public mutating func date(_ date: CivilDate) {
    guard (0...9999).contains(date.year) else {
      text(date.description)
      return
    }
    row(reserve: 10) { $0.dateDigits(year: date.year, month: date.month, day: date.day) }
  }
}
