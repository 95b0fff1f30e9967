import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Writes a file so that a crash never leaves a truncated file under the final name:
/// the text goes to a hidden temporary file beside it, which is synced and renamed into
/// place only by ``commit()``.
///
/// Writes go straight to the file descriptor (blocks of 64 KiB or more unbuffered, small
/// ones gathered into 1 MiB): a failed write (a full disk, say) is remembered and
/// reported by ``commit()`` as a ``UserError``, where `FileHandle.write` would stop
/// the program.
public final class AtomicFileWriter {
  public let path: String
  let temporaryPath: String
  let descriptor: Int32
  var buffer: [UInt8] = []
  var open = true
  /// Set once ``finish()`` handed the file over (its commit then owns the descriptor
  /// and the temporary file).
  var handedOver = false
  /// The `errno` of the first write that failed; later writes are dropped.
  var failure: Int32?

  static let bufferLimit = 1 << 20
  static let directLimit = 1 << 16

  /// Opens a temporary file beside `path`. Throws ``UserError`` when the folder is
  /// missing or not writable.
  public init(path: String) throws(UserError) {
    self.path = path
    let url = URL(fileURLWithPath: path)
    temporaryPath =
      url.deletingLastPathComponent()
      .appendingPathComponent(
        ".\(url.lastPathComponent).partial-\(ProcessInfo.processInfo.processIdentifier)"
      ).path
    descriptor = Glibc.open(temporaryPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      throw UserError("cannot write \(path): check that its folder exists and is writable")
    }
    buffer.reserveCapacity(Self.bufferLimit)
  }

  deinit {
    if open { _ = Glibc.close(descriptor) }
    if !handedOver { _ = unlink(temporaryPath) }
  }

  /// Appends text; it reaches the disk in 1 MiB blocks.
  public func write(_ text: String) {
    buffer.append(contentsOf: text.utf8)
    if buffer.count >= Self.bufferLimit { flush() }
  }

  /// Appends a block of data.
  public func write(_ data: Data) {
    data.withUnsafeBytes { write($0) }
  }

  /// Appends bytes; they reach the disk in 1 MiB blocks.
  public func write(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { write($0) }
  }

  /// Appends bytes: a large block straight to the file (after what is buffered), a small
  /// one to the buffer.
  public func write(_ bytes: UnsafeRawBufferPointer) {
    if bytes.count >= Self.directLimit {
      flush()
      writeAll(bytes)
      return
    }
    buffer.append(contentsOf: bytes)
    if buffer.count >= Self.bufferLimit { flush() }
  }

  func flush() {
    guard !buffer.isEmpty else { return }
    buffer.withUnsafeBytes { writeAll($0) }
    buffer.removeAll(keepingCapacity: true)
  }

  /// Writes every byte; remembers a failure.
  func writeAll(_ bytes: UnsafeRawBufferPointer) {
    guard failure == nil else { return }
    failure = FileDescriptorOutput.writeAll(bytes, to: descriptor)
  }

  /// Flushes, syncs, closes and renames the file into place.
  public func commit() throws(UserError) {
    try finish().commit()
  }

  /// Flushes what is buffered and hands the file over for ``Finished/commit()``, which
  /// may run on another thread (``DeferredCommits``). The writer takes no more text.
  public func finish() throws(UserError) -> Finished {
    guard open else { throw UserError("cannot write \(path): it was committed already") }
    flush()
    open = false
    handedOver = true
    return Finished(path: path, temporaryPath: temporaryPath, descriptor: descriptor, failure: failure)
  }

  /// A written file not yet in place: its data is synced to the disk, then it is closed
  /// and renamed to its final name. Until then a crash leaves only the temporary file.
  public struct Finished: Sendable {
    let path: String
    let temporaryPath: String
    let descriptor: Int32
    let failure: Int32?

    /// Syncs, closes and renames the file into place (or closes and removes it after a
    /// failed write, and throws).
    public func commit() throws(UserError) {
      var failure = self.failure
      if failure == nil, fsync(descriptor) != 0 { failure = errno }
      if Glibc.close(descriptor) != 0, failure == nil { failure = errno }
      if failure == nil, rename(temporaryPath, path) != 0 { failure = errno }
      if let failure {
        _ = unlink(temporaryPath)
        throw FileDescriptorOutput.error(writing: path, failure)
      }
    }

    /// Closes and removes the temporary file, leaving nothing under the final name.
    func discard() {
      _ = Glibc.close(descriptor)
      _ = unlink(temporaryPath)
    }
  }
}
