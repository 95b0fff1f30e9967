import FileFormats

extension CSVSchema {
  /// The columns of bgsim's output files that hold words, not numbers: every other
  /// column (but the swept keys) holds a number or nothing.
  public static let textColumns: Set<String> = [
    "arm", "app", "task_id", "kind", "submitted_at_iso", "launched_at_iso", "outcome", "network",
    "launch_trigger", "launch_reason", "error_code", "date", "hypothesis", "result", "metric", "unit",
    "source", "event",
    "value",
    "work",
  ]

  /// Checks the whole file at `path` before a command reads it (``CSVFileCheck``): its
  /// header is this schema's, every row is whole with the header's fields, and every
  /// column but the swept keys and ``textColumns`` holds numbers. One line naming the file
  /// and line otherwise. Returns the checksum of the bytes checked (``RunManifest/files``).
  @discardableResult
  public func verify(path: String) throws(UserError) -> String {
    let layout = try layout(ofFile: path)
    let columns = layout.columns
    let swept = layout.sweptKeys.count
    return try CSVFileCheck.verify(path: path) { i in
      guard i < columns.count else { return false }
      let isSwept = i >= 1 && i <= swept
      return !isSwept && !Self.textColumns.contains(columns[i])
    }
  }
}
