extension CSVReader {
  /// Every row of a small CSV file, its header first, as text fields (quotes removed,
  /// doubled quotes made single, as ``text(_:)`` reads them).
  package static func rows(path: String) throws(UserError) -> [[String]] {
    var reader = try CSVReader(path: path, header: false)
    var out: [[String]] = []
    while reader.next() { out.append((0..<reader.fieldCount).map(reader.text)) }
    return out
  }
}
