import FileFormats

extension CSVSchema {
  /// The owner's columns every per-owner file begins with: cell, arm, replication,
  /// device (the swept keys, after cell, are in the row's prefix too).
  static let ownerColumns = 4

  /// Whether the text written to `out` since `start` (a row: `prefix`, the owner's
  /// fields each closed by a comma, then the rest and a newline) has one field for each
  /// of this file's columns. The typed rows check it in debug builds.
  func isRow(_ out: CSVBuffer, since start: Int, prefix: String) -> Bool {
    var owner = CSVBuffer(capacity: prefix.utf8.count + 1)
    owner.text(prefix)
    let prefixFields = owner.fields(since: 0) - 1
    return out.fields(since: start) == prefixFields + ownColumns.count - Self.ownerColumns
  }
}
