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

  /// Appends the file at `path` to `writer`, mapped 1 MiB at a time and written from the
  /// mapping (no copy into a buffer of ours, and the mapped pages are handed back after
  /// each block, so memory does not grow with the file).
  static func append(part path: String, to writer: AtomicFileWriter) throws(UserError) {
    let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw UserError("missing part \(path); run again with --resume") }
    defer { _ = Glibc.close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      throw UserError("cannot read part \(path): \(String(cString: strerror(errno)))")
    }
    let size = Int(status.st_size)
    var offset = 0
    while offset < size {
      let length = min(1 << 20, size - offset)
      guard let block = mmap(nil, length, PROT_READ, MAP_PRIVATE, descriptor, off_t(offset)),
        block != MAP_FAILED
      else { throw UserError("cannot read part \(path): \(String(cString: strerror(errno)))") }
      writer.write(UnsafeRawBufferPointer(start: block, count: length))
      _ = munmap(block, length)
      offset += length
    }
  }
}
