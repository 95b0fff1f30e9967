import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Writes a file so that a crash never leaves a truncated file under the final name:
/// the text goes to a hidden temporary file beside it, which is synced and renamed into
/// place only by ``commit()``. The temporary file is created new (`O_EXCL`), never
/// through a symbolic link (`O_NOFOLLOW`), under a name with 64 random bits, so a file
/// planted in the folder cannot redirect the writes. A checksum of the bytes written is
/// kept (``Finished/checksum``).
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
  /// The bytes written so far.
  var checksum = FileChecksum()
  /// The prefix of every temporary file's name, after the dot and the final name.
  static let partialMarker = ".partial-"

  static let bufferLimit = 1 << 20
  static let directLimit = 1 << 16

  /// Opens a temporary file beside `path`. Throws ``UserError`` when the folder is
  /// missing or not writable.
  public init(path: String) throws(UserError) {
    self.path = path
    let url = URL(fileURLWithPath: path)
    var temporary = ""
    var fd: Int32 = -1
    for _ in 0..<8 {
      let random = String(UInt64.random(in: .min ... .max), radix: 16)
      temporary =
        url.deletingLastPathComponent()
        .appendingPathComponent(
          ".\(url.lastPathComponent)\(Self.partialMarker)\(ProcessInfo.processInfo.processIdentifier)-\(random)"
        ).path
      fd = Glibc.open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
      if fd >= 0 || errno != EEXIST { break }
    }
    temporaryPath = temporary
    descriptor = fd
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
    checksum.add(bytes)
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
    return Finished(
      path: path, temporaryPath: temporaryPath, descriptor: descriptor, failure: failure,
      checksum: checksum.text)
  }

  /// A written file not yet in place: its data is synced to the disk, then it is closed
  /// and renamed to its final name. Until then a crash leaves only the temporary file.
  public struct Finished: Sendable {
    let path: String
    let temporaryPath: String
    let descriptor: Int32
    let failure: Int32?
    /// The checksum of the file's bytes (``FileChecksum``).
    package let checksum: String

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

extension AtomicFileWriter {
  /// Removes the temporary files that a killed run left in `directory` (the caller
  /// holds the folder's lock, so no other run is writing them). Returns how many.
  @discardableResult
  package static func removeStale(in directory: String) -> Int {
    removeFiles(in: directory) { $0.hasPrefix(".") && $0.contains(partialMarker) }
  }

  /// Removes the files (or links, never what they point to) in `directory` whose names
  /// pass `matching`. Returns how many.
  @discardableResult
  package static func removeFiles(in directory: String, matching: (String) -> Bool) -> Int {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    var removed = 0
    for name in names where matching(name) {
      if unlink(URL(fileURLWithPath: directory).appendingPathComponent(name).path) == 0 { removed += 1 }
    }
    return removed
  }
}
