#if canImport(Glibc)
  import Glibc
#endif

/// Writing to an open file descriptor without the traps of `FileHandle.write`: a failure
/// comes back as its `errno`, for the caller to report.
enum FileDescriptorOutput {
  /// Writes every byte of `bytes` to `descriptor`, retrying short and interrupted writes.
  /// Returns nil, or the `errno` of the write that failed.
  static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32? {
    guard var next = bytes.baseAddress else { return nil }
    var left = bytes.count
    while left > 0 {
      let n = Glibc.write(descriptor, next, left)
      if n < 0 {
        if errno == EINTR { continue }
        return errno
      }
      next += n
      left -= n
    }
    return nil
  }

  /// The error for a failed write of `path`: "cannot write PATH: No space left on device".
  static func error(writing path: String, _ code: Int32) -> UserError {
    UserError("cannot write \(path): \(String(cString: strerror(code)))")
  }
}
