import Foundation

/// The columns of one output CSV file, declared once. The writers write the header from
/// it, the summary and the report read columns by the names in it, and a test checks
/// the DocC article *Output files* against it.
///
/// In a sweep, the files whose first column is `cell` carry one column per swept key
/// right after it (``sweeping(_:)``): bgsim's own columns keep their names and order,
/// and ``index(_:)`` gives their position in the file either way.
public struct CSVSchema: Sendable, Hashable {
  /// The file's name in the output folder.
  public let file: String
  /// bgsim's own columns, in order, without the swept keys.
  public let ownColumns: [String]
  /// The swept keys, after `cell`, in the sweep's order (none outside a sweep).
  public let sweptKeys: [String]

  public init(_ file: String, _ columns: [String]) {
    self.file = file
    self.ownColumns = columns
    self.sweptKeys = []
  }

  private init(file: String, ownColumns: [String], sweptKeys: [String]) {
    self.file = file
    self.ownColumns = ownColumns
    self.sweptKeys = sweptKeys
  }

  /// Whether the file has a `cell` column first, after which swept keys go.
  public var hasCell: Bool { ownColumns.first == "cell" }

  /// The columns of the file, in order: `cell`, the swept keys, then the rest.
  public var columns: [String] {
    sweptKeys.isEmpty ? ownColumns : [ownColumns[0]] + sweptKeys + ownColumns.dropFirst()
  }

  /// The header line, with its newline.
  public var header: String { columns.map(CSVField.quoted).joined(separator: ",") + "\n" }

  /// The same file in a sweep over `keys` (a file without `cell` is unchanged).
  public func sweeping(_ keys: [String]) -> CSVSchema {
    hasCell ? CSVSchema(file: file, ownColumns: ownColumns, sweptKeys: keys) : self
  }

  /// The layout of a file written with this schema, read off its header line: the
  /// columns between `cell` and bgsim's second column are the swept keys. Nil when the
  /// header is not `cell`, any keys, then the rest of ``ownColumns`` in order.
  public func reading(header: [String]) -> CSVSchema? {
    let swept = header.count - ownColumns.count
    guard swept >= 0, swept == 0 || hasCell else { return nil }
    let layout = sweeping(Array(header.dropFirst().prefix(swept)))
    return layout.columns == header ? layout : nil
  }

  /// The layout of the file at `path`, read off its header line (``reading(header:)``).
  public func layout(ofFile path: String) throws(UserError) -> CSVSchema {
    guard let handle = FileHandle(forReadingAtPath: path) else { throw UserError("cannot read \(path)") }
    let head = String(decoding: handle.readData(ofLength: 1 << 16), as: UTF8.self)
    try? handle.close()
    let header = head.prefix { $0 != "\n" }.split(separator: ",", omittingEmptySubsequences: false).map {
      String($0)
    }
    guard let layout = reading(header: header) else {
      let missing = ownColumns.first { !header.contains($0) }
      throw UserError(
        "\(path): "
          + (missing.map { "missing column '\($0)'" } ?? "columns out of order")
          + "; this file was not written by this bgsim, run the experiment again")
    }
    return layout
  }

  /// The position in the file of bgsim's column `name`, which must be one of
  /// ``ownColumns`` (a swept key of the same name does not hide it).
  public func index(_ name: String) -> Int {
    guard let i = ownColumns.firstIndex(of: name) else {
      preconditionFailure("\(file) has no column \(name)")
    }
    return i == 0 ? 0 : i + sweptKeys.count
  }
}
