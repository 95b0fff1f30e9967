import Foundation

/// Reading text files given on the command line, gzip-compressed ones included.
public enum TextFiles {
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
      let data = pipe.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      guard process.terminationStatus == 0 else { throw UserError("\(path): not a valid gzip file") }
      return String(decoding: data, as: UTF8.self)
    }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw UserError("\(path): cannot be read")
    }
    return String(decoding: data, as: UTF8.self)
  }
}
