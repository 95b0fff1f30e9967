import Foundation

/// Reads rows of bgsim's own CSV output quickly: bytes, field ranges, and conversions
/// only for the fields asked for. Fields are quoted only when they hold a comma, quote
/// or newline (RFC 4180), which is all our writer produces.
struct CSVReader {
  /// The file, memory-mapped: large outputs are read without copying them.
  let file: MappedFile
  var bytes: UnsafeRawBufferPointer { file.bytes }
  var position = 0
  /// Field boundaries of the current row: starts and ends into `bytes`.
  var starts: [Int] = []
  var ends: [Int] = []

  init(path: String, header: Bool = true) throws(UserError) {
    file = try MappedFile(path: path)
    if header { _ = next() }
  }

  /// Moves to the next row; false at the end.
  mutating func next() -> Bool {
    starts.removeAll(keepingCapacity: true)
    ends.removeAll(keepingCapacity: true)
    let count = bytes.count
    guard position < count, let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else {
      return false
    }
    var start = position
    var quoted = false
    var i = position
    while i < count {
      let b = base[i]
      // Quote (0x22), comma (0x2C) and newline (0x0A) are all ≤ 0x2C; digits, letters,
      // '.' and '-' are above it, so most bytes take this one comparison.
      if b > UInt8(ascii: ",") {
        i &+= 1
        continue
      }
      if b == UInt8(ascii: "\"") {
        quoted.toggle()
      } else if !quoted, b == UInt8(ascii: ",") {
        starts.append(start)
        ends.append(i)
        start = i &+ 1
      } else if !quoted, b == UInt8(ascii: "\n") {
        break
      }
      i &+= 1
    }
    starts.append(start)
    ends.append(i)
    position = i + 1
    if position - file.releasedUpTo >= MappedFile.releaseBlock { file.release(upTo: starts[0]) }
    return true
  }

  /// Whether fields `0..<n` hold the same bytes as in `other`'s current row.
  func sameFields(_ n: Int, as other: (starts: [Int], ends: [Int])) -> Bool {
    guard starts.count >= n, other.starts.count >= n else { return false }
    for f in 0..<n {
      let length = ends[f] - starts[f]
      guard length == other.ends[f] - other.starts[f] else { return false }
      for k in 0..<length where bytes[starts[f] + k] != bytes[other.starts[f] + k] { return false }
    }
    return true
  }

  func isEmpty(_ field: Int) -> Bool { starts[field] == ends[field] }

  func text(_ field: Int) -> String {
    var s = starts[field]
    var e = ends[field]
    if e - s >= 2, bytes[s] == UInt8(ascii: "\""), bytes[e - 1] == UInt8(ascii: "\"") {
      s += 1
      e -= 1
      return String(decoding: bytes[s..<e], as: UTF8.self).replacingOccurrences(of: "\"\"", with: "\"")
    }
    return String(decoding: bytes[s..<e], as: UTF8.self)
  }

  func equals(_ field: Int, _ literal: StaticString) -> Bool {
    let n = ends[field] - starts[field]
    guard n == literal.utf8CodeUnitCount else { return false }
    return literal.withUTF8Buffer { lit in
      for k in 0..<n where bytes[starts[field] + k] != lit[k] { return false }
      return true
    }
  }

  func int(_ field: Int) -> Int {
    var v = 0
    for k in starts[field]..<ends[field] { v = v * 10 + Int(bytes[k] &- 48) }
    return v
  }

  func double(_ field: Int) -> Double? {
    isEmpty(field) ? nil : Double(String(decoding: bytes[starts[field]..<ends[field]], as: UTF8.self))
  }

  /// A number of seconds written with at most three decimals, in whole milliseconds;
  /// nil for an empty field. Other forms are read as a number and rounded.
  func milliseconds(_ field: Int) -> Int64? {
    var k = starts[field]
    let end = ends[field]
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
  func isoHour(_ field: Int) -> Int? {
    guard ends[field] - starts[field] >= 13 else { return nil }
    let a = Int(bytes[starts[field] + 11] &- 48)
    let b = Int(bytes[starts[field] + 12] &- 48)
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
