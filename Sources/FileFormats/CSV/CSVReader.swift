import Foundation

/// Reads rows of bgsim's own CSV output quickly: bytes, field ranges, and conversions
/// only for the fields asked for. Fields are quoted only when they hold a comma, quote
/// or newline (RFC 4180), which is all our writer produces.
package struct CSVReader {
  /// The file, memory-mapped: large outputs are read without copying them.
  let file: MappedFile
  var bytes: UnsafeRawBufferPointer { file.bytes }
  var position = 0
  /// Field boundaries of the current row, starts and ends into `bytes`, in the first
  /// `fieldCount` entries (the arrays are kept at their capacity and written through
  /// pointers: appending checked each array twice per field).
  private(set) var starts = [Int](repeating: 0, count: 32)
  private(set) var ends = [Int](repeating: 0, count: 32)
  package private(set) var fieldCount = 0
  /// The current row's line in the file, from 1 (the header, when read, is line 1).
  package private(set) var line = 0

  package init(path: String, header: Bool = true) throws(UserError) {
    file = try MappedFile(path: path)
    if header { _ = next() }
  }

  /// Moves to the next row; false at the end.
  package mutating func next() -> Bool {
    fieldCount = 0
    line += 1
    let count = bytes.count
    guard position < count, let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else {
      return false
    }
    var start = position
    var quoted = false
    var i = position
    let raw = UnsafeRawPointer(base)
    while true {
      // Eight bytes at a time, up to the first that may be a quote (0x22), comma (0x2C)
      // or newline (0x0A): all below 0x2D, while digits, letters, '.' and '-' are
      // above. In (x − 0x2D…) & ~x & 0x80…, the lowest flagged byte is exactly the first
      // byte below 0x2D (higher flags may be borrows).
      while i &+ 8 <= count {
        let x = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
        let flags = (x &- 0x2D2D_2D2D_2D2D_2D2D) & ~x & 0x8080_8080_8080_8080
        if flags == 0 {
          i &+= 8
          continue
        }
        i &+= flags.trailingZeroBitCount &>> 3
        break
      }
      guard i < count else { break }
      let b = base[i]
      if b > UInt8(ascii: ",") {
        i &+= 1
        continue
      }
      if b == UInt8(ascii: "\"") {
        quoted.toggle()
      } else if !quoted, b == UInt8(ascii: ",") {
        addField(start, i)
        start = i &+ 1
      } else if !quoted, b == UInt8(ascii: "\n") {
        break
      }
      i &+= 1
    }
    addField(start, i)
    position = i + 1
    if position - file.releasedUpTo >= MappedFile.releaseBlock { file.release(upTo: range(0).start) }
    return true
  }

  @inline(__always)
  mutating func addField(_ start: Int, _ end: Int) {
    if fieldCount == starts.count {
      starts += starts
      ends += ends
    }
    starts.withUnsafeMutableBufferPointer { $0[fieldCount] = start }
    ends.withUnsafeMutableBufferPointer { $0[fieldCount] = end }
    fieldCount &+= 1
  }

  /// Where `field` lies in `bytes`; an empty range for a field the row does not have.
  @inline(__always)
  func range(_ field: Int) -> (start: Int, end: Int) {
    field < fieldCount ? (starts[field], ends[field]) : (0, 0)
  }

  /// The current row's field boundaries, to compare a later row with (``sameFields``).
  package var fields: (starts: [Int], ends: [Int]) {
    (Array(starts[0..<fieldCount]), Array(ends[0..<fieldCount]))
  }

  /// Whether fields `0..<n` hold the same bytes as in `other`'s current row.
  package func sameFields(_ n: Int, as other: (starts: [Int], ends: [Int])) -> Bool {
    guard fieldCount >= n, other.starts.count >= n else { return false }
    for f in 0..<n {
      let length = ends[f] - starts[f]
      guard length == other.ends[f] - other.starts[f] else { return false }
      for k in 0..<length where bytes[starts[f] + k] != bytes[other.starts[f] + k] { return false }
    }
    return true
  }

  package func isEmpty(_ field: Int) -> Bool { range(field).start == range(field).end }

  package func text(_ field: Int) -> String {
    var (s, e) = range(field)
    if e - s >= 2, bytes[s] == UInt8(ascii: "\""), bytes[e - 1] == UInt8(ascii: "\"") {
      s += 1
      e -= 1
      return String(decoding: bytes[s..<e], as: UTF8.self).replacingOccurrences(of: "\"\"", with: "\"")
    }
    return String(decoding: bytes[s..<e], as: UTF8.self)
  }

  package func equals(_ field: Int, _ literal: StaticString) -> Bool {
    let (s, e) = range(field)
    let n = e - s
    guard n == literal.utf8CodeUnitCount else { return false }
    return literal.withUTF8Buffer { lit in
      for k in 0..<n where bytes[s + k] != lit[k] { return false }
      return true
    }
  }

  /// The field's digits as a whole number: bgsim writes only digits here. Anything else
  /// (a sign, a point, a letter) or a number past `Int.max` gives `nil` in
  /// ``intIfWhole(_:)``, and `Int.max` here, which no index or count of a run reaches, so
  /// a damaged file never traps and never names a real cell, replication or device.
  package func int(_ field: Int) -> Int { intIfWhole(field) ?? Int.max }

  /// The field's digits as a whole number; nil if it is empty, holds anything but
  /// digits, or is past `Int.max`.
  package func intIfWhole(_ field: Int) -> Int? {
    let (s, e) = range(field)
    guard s < e else { return nil }
    var v = 0
    for k in s..<e {
      let digit = Int(bytes[k]) - 48
      guard (0...9).contains(digit) else { return nil }
      let (times, o1) = v.multipliedReportingOverflow(by: 10)
      let (sum, o2) = times.addingReportingOverflow(digit)
      guard !o1, !o2 else { return nil }
      v = sum
    }
    return v
  }

  package func double(_ field: Int) -> Double? {
    let (s, e) = range(field)
    return s == e ? nil : Double(String(decoding: bytes[s..<e], as: UTF8.self))
  }

  /// A number of seconds written with at most three decimals, in whole milliseconds;
  /// nil for an empty field. Other forms are read as a number and rounded.
  package func milliseconds(_ field: Int) -> Int64? {
    var (k, end) = range(field)
    guard k < end else { return nil }
    let negative = bytes[k] == UInt8(ascii: "-")
    if negative { k += 1 }
    var whole: Int64 = 0
    var digits = 0
    while k < end, bytes[k] &- 48 < 10, digits < 15 {
      whole = whole * 10 + Int64(bytes[k] &- 48)
      k += 1
      digits += 1
    }
    var fraction: Int64 = 0
    var decimals = 0
    if k < end, bytes[k] == UInt8(ascii: ".") {
      k += 1
      while k < end, bytes[k] &- 48 < 10, decimals < 3 {
        fraction = fraction * 10 + Int64(bytes[k] &- 48)
        k += 1
        decimals += 1
      }
    }
    guard k == end, digits > 0 else {
      return double(field).flatMap { $0.isFinite && abs($0) < 9e15 ? Int64(($0 * 1000).rounded()) : nil }
    }
    for _ in decimals..<3 { fraction *= 10 }
    let ms = whole * 1000 + fraction
    return negative ? -ms : ms
  }

  /// The two-digit hour of an ISO time `YYYY-MM-DDThh:…`.
  package func isoHour(_ field: Int) -> Int? {
    let (s, e) = range(field)
    guard e - s >= 13 else { return nil }
    let a = Int(bytes[s + 11] &- 48)
    let b = Int(bytes[s + 12] &- 48)
    return a * 10 + b
  }
}

/// A file mapped read-only into memory for as long as this object lives.
final class MappedFile {
  let bytes: UnsafeRawBufferPointer
  /// Pages before this offset were handed back to the system.
  private(set) var releasedUpTo = 0
  /// Read pages are handed back in blocks of this size [bytes], so that reading a large
  /// file sequentially keeps the resident memory flat.
  static let releaseBlock = 1 << 20

  init(path: String) throws(UserError) {
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else { throw UserError("cannot read \(path)") }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else { throw UserError("cannot read \(path)") }
    let size = Int(info.st_size)
    if size == 0 {
      bytes = UnsafeRawBufferPointer(start: nil, count: 0)
      return
    }
    guard let p = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), p != MAP_FAILED else {
      throw UserError("cannot read \(path)")
    }
    bytes = UnsafeRawBufferPointer(start: p, count: size)
  }

  /// Hands the pages wholly before `offset` back to the system. The mapping is private
  /// and never written, so a later read of them faults them in again from the file.
  func release(upTo offset: Int) {
    let page = Int(sysconf(Int32(_SC_PAGESIZE)))
    let end = offset / page * page
    guard end > releasedUpTo, let base = bytes.baseAddress else { return }
    madvise(UnsafeMutableRawPointer(mutating: base + releasedUpTo), end - releasedUpTo, MADV_DONTNEED)
    releasedUpTo = end
  }

  deinit {
    if let p = bytes.baseAddress { munmap(UnsafeMutableRawPointer(mutating: p), bytes.count) }
  }
}
