import FileFormats
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Pooled values as they were read, on disk: one record (group, value) each, so
/// that ``OrderStatistics`` can pass over them again without holding them in memory.
final class PooledValueSpill {
  let path: String
  private let descriptor: Int32
  private var buffer: [Int64] = []
  /// The `errno` of the first write that failed; ``finish()`` reports it.
  private var failure: Int32?

  /// Creates (or empties) the file at `path`.
  init(path: String) throws(UserError) {
    self.path = path
    descriptor = Glibc.open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      throw UserError("cannot write \(path): check that its folder exists and is writable")
    }
    buffer.reserveCapacity(1 << 16)
  }

  deinit { _ = Glibc.close(descriptor) }

  func append(group: Int32, value: Int64) {
    buffer.append(Int64(group))
    buffer.append(value)
    if buffer.count >= 1 << 16 { flush() }
  }

  /// The group of a record that marks the start of a cluster's values (an owner's, or a
  /// replication's): the value is the cluster's number. ``OrderStatistics`` skips it;
  /// ``ClusteredCounts`` counts each cluster's values apart.
  static let clusterMarker: Int32 = -1

  /// Marks that the pooled values that follow are those of a new cluster (numbered
  /// `cluster`: a replication, or 0 when each owner is its own).
  func appendClusterMarker(cluster: Int) {
    append(group: Self.clusterMarker, value: Int64(cluster))
  }

  /// Writes what is buffered (a failure is kept for ``finish()``).
  func flush() {
    guard !buffer.isEmpty else { return }
    if failure == nil {
      failure = buffer.withUnsafeBytes { FileDescriptorOutput.writeAll($0, to: descriptor) }
    }
    buffer.removeAll(keepingCapacity: true)
  }

  /// Writes what is buffered; throws if any write failed (a full disk, say), so that a
  /// summary is never computed from values that did not all reach the file.
  func finish() throws(UserError) {
    flush()
    if let failure { throw FileDescriptorOutput.error(writing: path, failure) }
  }

  /// Calls `body(group, value)` for every record of the file at `path`, in order,
  /// reading it in blocks of 1 MiB into one buffer (a fresh `Data` per block cost page
  /// faults and the zeroing of new pages, and joining a block to the record cut by the
  /// one before copied it).
  static func forEach(path: String, _ body: (Int32, Int64) -> Void) throws(UserError) {
    let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw UserError("cannot read \(path)") }
    defer { _ = Glibc.close(descriptor) }
    let capacity = 1 << 20
    let buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
    defer { buffer.deallocate() }
    // Bytes at the start of the buffer that a short read left of a record.
    var held = 0
    while true {
      let n = try FileDescriptorOutput.read(
        descriptor, into: buffer + held, count: capacity - held, what: path)
      if n == 0 { return }
      let total = held + n
      let whole = total / 16 * 16
      for r in 0..<whole / 16 {
        let group = buffer.loadUnaligned(fromByteOffset: r * 16, as: Int64.self)
        let value = buffer.loadUnaligned(fromByteOffset: r * 16 + 8, as: Int64.self)
        body(Int32(truncatingIfNeeded: group), value)
      }
      held = total - whole
      if held > 0 { buffer.copyMemory(from: buffer + whole, byteCount: held) }
    }
  }
}
