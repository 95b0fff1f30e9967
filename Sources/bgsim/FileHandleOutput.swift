import Foundation
import Results

/// Writing to the standard streams.
enum FileHandleOutput {
  /// Writes one message, ending in a newline, to standard error.
  static func standardError(_ message: String) {
    let text = message.hasSuffix("\n") ? message : message + "\n"
    FileHandle.standardError.write(Data(text.utf8))
  }

  /// One note on standard error for each former metric name among the words of `texts`
  /// (``MetricName/formerNameNotes(in:)``).
  static func noteFormerMetricNames(in texts: [String], option: String) {
    for note in MetricName.formerNameNotes(in: texts) { standardError("bgsim: \(option): note: \(note)") }
  }
}
