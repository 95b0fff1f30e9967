import FileFormats

extension CSVSchema {
  /// The owner's columns every per-owner file begins with: cell, arm, replication,
  /// device (the swept keys, after cell, are in the row's prefix too).
  static let ownerColumns = 4

  /// Traps, in debug builds (and so in `swift test`), unless the row written to `out`
  /// since `start` has one field for each of this file's columns; release builds check
  /// nothing. Each typed row calls it after writing itself.
  @inline(__always)
  func checkRow(_ out: CSVBuffer, since start: Int, prefix: String) {
    #if DEBUG
      precondition(
        isRow(out, since: start, prefix: prefix),
        "a row of \(file) writes a field for each column of its schema"
      )
    #endif
  }

  /// Whether the text written to `out` since `start` (a row: `prefix`, the owner's
  /// fields each closed by a comma, then the rest and a newline) has one field for each
  /// of this file's columns.
  private func isRow(_ out: CSVBuffer, since start: Int, prefix: String) -> Bool {
    var owner = CSVBuffer(capacity: prefix.utf8.count + 1)
    owner.text(prefix)
    let prefixFields = owner.fields(since: 0) - 1
    return out.fields(since: start) == prefixFields + ownColumns.count - Self.ownerColumns
  }
}
