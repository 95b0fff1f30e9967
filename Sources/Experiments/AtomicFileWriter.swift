import Foundation

/// Writes a file so that a crash never leaves a truncated file under the final name:
/// the text goes to a hidden temporary file beside it, which is renamed into place
/// only by ``commit()``.
public final class AtomicFileWriter {
  public let path: String
  let temporaryPath: String
  let handle: FileHandle
  var buffer = Data()
  var committed = false

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
    guard FileManager.default.createFile(atPath: temporaryPath, contents: nil),
      let handle = FileHandle(forWritingAtPath: temporaryPath)
    else {
      throw UserError("cannot write \(path): check that its folder exists and is writable")
    }
    self.handle = handle
    buffer.reserveCapacity(1 << 20)
  }

  deinit {
    if !committed {
      try? handle.close()
      try? FileManager.default.removeItem(atPath: temporaryPath)
    }
  }

  /// Appends text; it reaches the disk in 1 MiB blocks.
  public func write(_ text: String) {
    buffer.append(contentsOf: text.utf8)
    if buffer.count >= 1 << 20 { flush() }
  }

  /// Appends a block of data straight to the file (after what is buffered).
  public func write(_ data: Data) {
    flush()
    handle.write(data)
  }

  /// Appends bytes; they reach the disk in 1 MiB blocks.
  public func write(_ bytes: [UInt8]) {
    buffer.append(contentsOf: bytes)
    if buffer.count >= 1 << 20 { flush() }
  }

  /// Appends bytes; they reach the disk in 1 MiB blocks.
  public func write(_ bytes: UnsafeRawBufferPointer) {
    buffer.append(contentsOf: bytes)
    if buffer.count >= 1 << 20 { flush() }
  }

  func flush() {
    handle.write(buffer)
    buffer.removeAll(keepingCapacity: true)
  }

  /// Flushes, closes and renames the file into place.
  public func commit() throws(UserError) {
    flush()
    do {
      try handle.synchronize()
      try handle.close()
      if FileManager.default.fileExists(atPath: path) { try FileManager.default.removeItem(atPath: path) }
      try FileManager.default.moveItem(atPath: temporaryPath, toPath: path)
      committed = true
    } catch {
      throw UserError("cannot write \(path): \(error.localizedDescription)")
    }
  }
}
