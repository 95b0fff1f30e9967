import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A 64-bit checksum of a file's bytes, to tell a part file from a damaged or foreign
/// one (truncated, garbled, swapped): not a cryptographic hash. Bytes are mixed eight
/// at a time (the rest one at a time, then the length), so the figure depends on every
/// byte and its place.
package struct FileChecksum: Hashable, Sendable {
  private(set) var state: UInt64 = 0x9E37_79B9_7F4A_7C15
  private(set) var count: UInt64 = 0
  /// Bytes not yet mixed (fewer than eight), little-endian in `pending`.
  private var pending: UInt64 = 0
  private var pendingCount = 0

  package init() {}

  private mutating func mix(_ word: UInt64) {
    var z = state ^ word
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    state = z ^ (z >> 31)
  }

  package mutating func add(_ bytes: UnsafeRawBufferPointer) {
    count &+= UInt64(bytes.count)
    var i = 0
    while pendingCount > 0, i < bytes.count {
      pending |= UInt64(bytes[i]) << (8 * UInt64(pendingCount))
      pendingCount += 1
      i += 1
      if pendingCount == 8 {
        mix(pending)
        pending = 0
        pendingCount = 0
      }
    }
    while i + 8 <= bytes.count {
      mix(bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self).littleEndian)
      i += 8
    }
    while i < bytes.count {
      pending |= UInt64(bytes[i]) << (8 * UInt64(pendingCount))
      pendingCount += 1
      i += 1
    }
  }

  /// The checksum of what was added, as 16 hex digits.
  package var text: String {
    var copy = self
    if copy.pendingCount > 0 { copy.mix(copy.pending) }
    copy.mix(count)
    let hex = String(copy.state, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }

  /// The checksum of the file at `path`, or nil if it cannot be read.
  package static func of(file path: String) -> String? {
    let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
    defer { buffer.deallocate() }
    var sum = FileChecksum()
    while true {
      let n = read(fd, buffer.baseAddress, buffer.count)
      if n < 0 { return nil }
      if n == 0 { break }
      sum.add(UnsafeRawBufferPointer(rebasing: buffer[0..<n]))
    }
    return sum.text
  }
}
