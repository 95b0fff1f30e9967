import Foundation

/// Writing to the standard streams.
enum FileHandleOutput {
  /// Writes one message, ending in a newline, to standard error.
  static func standardError(_ message: String) {
    let text = message.hasSuffix("\n") ? message : message + "\n"
    FileHandle.standardError.write(Data(text.utf8))
  }
}
