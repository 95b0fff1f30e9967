import Foundation

/// Reading text files given on the command line, gzip-compressed ones included.
public enum TextFiles {
  /// The largest text a trace file may hold, decompressed [B].
  public static let maximumBytes = 256 << 20

  /// The file's text; `.gz` files are decompressed with the system's `gzip`.
  public static func read(_ path: String) throws(UserError) -> String {
    guard FileManager.default.fileExists(atPath: path) else { throw UserError("\(path): no such file") }
    if path.hasSuffix(".gz") {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = ["gzip", "-dc", path]
      let pipe = Pipe()
      process.standardOutput = pipe
      process.standardError = FileHandle.nullDevice
      do { try process.run() } catch { throw UserError("\(path): cannot run gzip to decompress it") }
      // Read in blocks and stop at the size limit: a small file that expands to
      // gigabytes is refused, not held in memory.
      var data = Data()
      let handle = pipe.fileHandleForReading
      while let block = try? handle.read(upToCount: 1 << 20), !block.isEmpty {
        data.append(block)
        if data.count > maximumBytes {
          // SIGKILL: a signal mask inherited from the parent may block SIGTERM.
          kill(process.processIdentifier, SIGKILL)
          process.waitUntilExit()
          throw UserError(
            "\(path): expands to more than \(maximumBytes >> 20) MiB; split the trace or give a shorter one")
        }
      }
      process.waitUntilExit()
      guard process.terminationStatus == 0 else { throw UserError("\(path): not a valid gzip file") }
      return text(of: data)
    }
    let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    guard size <= maximumBytes else {
      throw UserError("\(path): larger than \(maximumBytes >> 20) MiB; split the trace or give a shorter one")
    }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw UserError("\(path): cannot be read")
    }
    return text(of: data)
  }

  /// A file's bytes as UTF-8 text, without the byte-order mark that some editors and
  /// spreadsheet exports write first: it is no part of the content, and left in, it
  /// became part of the first header name or key ("time: missing column").
  public static func text(of data: Data) -> String {
    data.starts(with: byteOrderMark)
      ? String(decoding: data.dropFirst(byteOrderMark.count), as: UTF8.self)
      : String(decoding: data, as: UTF8.self)
  }

  /// UTF-8's encoding of U+FEFF.
  static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
}
