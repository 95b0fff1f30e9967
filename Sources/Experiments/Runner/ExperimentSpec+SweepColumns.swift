extension ExperimentSpec {
  /// The swept keys, in the order the sweep names them: every CSV with a `cell` column
  /// ends with one column per key, holding the cell's value, so that a table groups by
  /// them with no join (`df.groupby(["app.opens_per_day", "arm"])`).
  public var sweepKeys: [String] { cells.first?.overrides.map(\.path) ?? [] }

  /// What the header gains: `,KEY…` (empty without a sweep).
  var sweepHeaderSuffix: String { sweepKeys.map { "," + OwnerSimulation.csvField($0) }.joined() }

  /// What each row of sweep cell `cell` gains: `,VALUE…` (empty without a sweep).
  func sweepRowSuffix(cell: Int) -> String {
    guard cells.indices.contains(cell) else { return "" }
    return cells[cell].overrides.map { "," + OwnerSimulation.csvField($0.value) }.joined()
  }

  /// A header line with the swept keys after its last column.
  func header(_ schema: CSVSchema) -> String { String(schema.header.dropLast()) + sweepHeaderSuffix + "\n" }
}

extension ExperimentSpec {
  /// The metrics of the summary, in its order: the fixed ones, then `launched_by_HH:MM`
  /// for each time of ``launchedBy``.
  public var summaryMetrics: [MetricName] {
    MetricName.allCases + launchedBy.map(MetricName.launchedBy(seconds:))
  }

  /// This experiment with `launched_by` metrics for these times of day [s] too.
  public func reporting(launchedBy times: [Int]) -> ExperimentSpec {
    var copy = self
    copy.launchedBy = Array(Set(launchedBy + times)).sorted()
    return copy
  }
}
