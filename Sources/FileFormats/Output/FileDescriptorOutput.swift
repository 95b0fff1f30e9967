#if canImport(Glibc)
  import Glibc
#endif

/// Writing to an open file descriptor without the traps of `FileHandle.write`: a failure
/// comes back as its `errno`, for the caller to report.
package enum FileDescriptorOutput {
  /// Writes every byte of `bytes` to `descriptor`, retrying short and interrupted writes.
  /// Returns nil, or the `errno` of the write that failed.
  package static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32? {
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

  /// Reads up to `count` bytes from `descriptor` into `base`, retrying interrupted reads.
  /// Returns the bytes read (0 at the end of the file); a failure throws "cannot read
  /// `what`: reason".
  package static func read(
    _ descriptor: Int32, into base: UnsafeMutableRawPointer, count: Int, what: @autoclosure () -> String
  ) throws(UserError) -> Int {
    while true {
      let n = Glibc.read(descriptor, base, count)
      if n >= 0 { return n }
      if errno == EINTR { continue }
      throw UserError("cannot read \(what()): \(String(cString: strerror(errno)))")
    }
  }

  /// The error for a failed write of `path`: "cannot write PATH: No space left on device".
  package static func error(writing path: String, _ code: Int32) -> UserError {
    UserError("cannot write \(path): \(String(cString: strerror(code)))")
  }

  /// Appends the file at `path` to `writer`, read 1 MiB at a time into `buffer` (which
  /// the caller reuses for every part, so memory does not grow with the files). Reading
  /// into a buffer beat mapping each block and writing from the mapping: the page faults
  /// and unmappings cost more than the extra copy (a C program making the same calls:
  /// 17 against 28 ms for 42 MB in 17 parts on these machines, medians of 15 runs; the
  /// bench's device-days per second rose by a paired ratio of 1.03).
  package static func append(
    part path: String, to writer: AtomicFileWriter, buffer: UnsafeMutableRawBufferPointer
  )
    throws(UserError)
  {
    let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw UserError("missing part \(path); run again with --resume") }
    defer { _ = Glibc.close(descriptor) }
    guard let base = buffer.baseAddress else { return }
    while true {
      let n = try read(descriptor, into: base, count: buffer.count, what: "part \(path)")
      if n == 0 { return }
      writer.write(UnsafeRawBufferPointer(start: base, count: n))
    }
  }
}
