extension CSVReader {
  /// Field `field` (column `name`) of the current row as a whole number in `range`; any
  /// other text is refused in one line naming `file`, the line and the column, before
  /// any arithmetic is done with it.
  package func whole(_ field: Int, _ name: String, in range: ClosedRange<Int>, file: String) throws(UserError)
    -> Int
  {
    guard let v = intIfWhole(field), range.contains(v) else { throw damaged(field, name, file: file) }
    return v
  }

  /// Field `field` (column `name`) as a finite number in `range`, nil when empty; any
  /// other text is refused in one line.
  package func number(_ field: Int, _ name: String, in range: ClosedRange<Double>, file: String)
    throws(UserError) -> Double?
  {
    guard !isEmpty(field) else { return nil }
    guard let v = double(field), v.isFinite, range.contains(v) else { throw damaged(field, name, file: file) }
    return v
  }

  func damaged(_ field: Int, _ name: String, file: String) -> UserError {
    let text = String(text(field).prefix(40))
    return UserError(
      "\(file) line \(line): \(name) '\(text)' is out of range; the file is damaged, run the experiment again"
    )
  }
}

/// The ranges a run's fields can take: every day of a run of at most 3,650 days (and
/// the quarter of an hour after it), every owner and replication of a run of at most
/// 10¹⁰ device-days.
package enum RunRanges {
  package static let day = 0...3_650
  package static let seconds = 0.0...(3_651.0 * 86_400)
  package static let index = 0...10_000_000_000
  package static let count = 0...10_000_000
  package static let percent = 0.0...100
}
