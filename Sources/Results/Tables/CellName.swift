/// How a sweep cell is named wherever it is shown: by its swept values, `KEY = VALUE`
/// joined by commas in the sweep's key order (`tasks.earliest_begin = 06:00,
/// tasks.type = processing`); a run without a sweep has one unnamed cell.
public enum CellName {
  /// The name of the cell whose swept keys have these values (empty without a sweep).
  public static func of(keys: [String], values: [String]) -> String {
    zip(keys, values).map { "\($0) = \($1)" }.joined(separator: ", ")
  }

  /// `cell N (KEY = VALUE, …)`, or `cell N` without a sweep.
  public static func labelled(_ cell: Int, keys: [String], values: [String]) -> String {
    let name = of(keys: keys, values: values)
    return name.isEmpty ? "cell \(cell)" : "cell \(cell) (\(name))"
  }
}

extension SummaryPlan {
  /// The name of sweep cell `cell` (``CellName``).
  public func cellName(_ cell: Int) -> String {
    CellName.of(keys: sweptKeys, values: cellValues.indices.contains(cell) ? cellValues[cell] : [])
  }
}

extension SummaryPlan {
  /// `cell N (KEY = VALUE, …)` (``CellName/labelled(_:keys:values:)``).
  public func cellLabel(_ cell: Int) -> String {
    CellName.labelled(
      cell, keys: sweptKeys, values: cellValues.indices.contains(cell) ? cellValues[cell] : [])
  }
}
