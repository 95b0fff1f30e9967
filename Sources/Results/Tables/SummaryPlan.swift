import FileFormats

/// What the summary needs to know of an experiment, and nothing of its phones: the arms,
/// the sweep's cells and keys, the warm-up, the metrics and the claims to check. The
/// experiment makes one (`ExperimentSpec.summaryPlan`); the summary is then the tables of
/// the output files under this plan.
public struct SummaryPlan: Sendable {
  /// The arms' names, in the experiment's order.
  public var arms: [String]
  /// Each sweep cell's swept values, one per key in ``sweptKeys``' order (one empty cell
  /// outside a sweep).
  public var cellValues: [[String]]
  /// The swept keys, in the sweep's order (none outside a sweep).
  public var sweptKeys: [String]
  /// Days at the start of each owner's run left out of every figure [days].
  public var warmupDays: Int
  /// Times of day with a `launched_by_HH:MM` metric [s since midnight].
  public var launchedBy: [Int]
  /// Whether intervals are over replication means (a run with `--posterior`).
  public var byReplication: Bool
  public var hypotheses: [Hypothesis]

  public init(
    arms: [String], cellValues: [[String]], sweptKeys: [String], warmupDays: Int, launchedBy: [Int],
    byReplication: Bool, hypotheses: [Hypothesis]
  ) {
    self.arms = arms
    self.cellValues = cellValues.isEmpty ? [[]] : cellValues
    self.sweptKeys = sweptKeys
    self.warmupDays = warmupDays
    self.launchedBy = launchedBy
    self.byReplication = byReplication
    self.hypotheses = hypotheses
  }

  /// The sweep cells' indices.
  public var cells: Range<Int> { cellValues.indices }

  /// The metrics of the summary, in its order: the fixed ones, then `launched_by_HH:MM`
  /// for each time of ``launchedBy``.
  public var summaryMetrics: [MetricName] {
    MetricName.allCases + launchedBy.map(MetricName.launchedBy(seconds:))
  }

  /// The layout of an output file under this plan: `schema` with the swept keys.
  public func layout(_ schema: CSVSchema) -> CSVSchema { schema.sweeping(sweptKeys) }

  /// What follows the `cell` field of each row of sweep cell `cell`: `,VALUE…`, one per
  /// swept key (empty without a sweep).
  public func sweepFields(cell: Int) -> String {
    guard cellValues.indices.contains(cell) else { return "" }
    return cellValues[cell].map { "," + CSVField.quoted($0) }.joined()
  }
}
