import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// One writer per output folder: an exclusive `flock` on `DIR/.bgsim.lock`, held for a
/// whole run, resume or merge and released when the process ends, however it ends. A
/// second run into the same folder is refused with the holder's process id.
public final class OutputLock: Sendable {
  let descriptor: Int32
  public static let fileName = ".bgsim.lock"

  /// Takes the lock on `directory` (which must exist), or throws naming the holder.
  public init(directory: String) throws(UserError) {
    let path = URL(fileURLWithPath: directory).appendingPathComponent(Self.fileName).path
    let fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o644)
    guard fd >= 0 else {
      throw UserError("cannot lock the output folder \(directory): check that it is writable")
    }
    if flock(fd, LOCK_EX | LOCK_NB) != 0 {
      var bytes = [UInt8](repeating: 0, count: 32)
      let n = pread(fd, &bytes, bytes.count, 0)
      close(fd)
      let holder =
        n > 0
        ? String(decoding: bytes[0..<n], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) : "?"
      throw UserError(
        "\(directory) is in use by another bgsim (PID \(holder)); wait for it to finish or use another --out")
    }
    let pid = "\(ProcessInfo.processInfo.processIdentifier)\n"
    _ = ftruncate(fd, 0)
    _ = pid.withCString { pwrite(fd, $0, strlen($0), 0) }
    descriptor = fd
  }

  deinit { close(descriptor) }
}
