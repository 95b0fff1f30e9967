import FileFormats
import Results

extension ExperimentSpec {
  /// The swept keys, in the order the sweep names them: every CSV with a `cell` column
  /// has one column per key right after it, holding the cell's value, so that a table
  /// groups by them with no join (`df.groupby(["app.opens_per_day", "arm"])`).
  public var sweepKeys: [String] { cells.first?.overrides.map(\.path) ?? [] }

  /// The layout of an output file of this experiment: `schema` with the swept keys.
  public func layout(_ schema: CSVSchema) -> CSVSchema { schema.sweeping(sweepKeys) }

  /// What follows the `cell` field of each row of sweep cell `cell`: `,VALUE…`, one per
  /// swept key (empty without a sweep).
  func sweepFields(cell: Int) -> String {
    guard cells.indices.contains(cell) else { return "" }
    return cells[cell].overrides.map { "," + CSVField.quoted($0.value) }.joined()
  }

  /// What the summary needs to know of this experiment.
  public var summaryPlan: SummaryPlan {
    SummaryPlan(
      arms: arms.map(\.name), cellValues: cells.map { $0.overrides.map(\.value) }, sweptKeys: sweepKeys,
      warmupDays: warmupDays, families: families, byReplication: posterior != nil, hypotheses: hypotheses,
      seed: seed)
  }
}

extension ExperimentSpec {
  /// The metrics of the summary, in its order: the fixed ones, then ``families``.
  public var summaryMetrics: [MetricName] { summaryPlan.summaryMetrics }

  /// This experiment with these metrics reported too (the family members among them:
  /// the fixed metrics are always reported).
  public func reporting(_ metrics: [MetricName]) -> ExperimentSpec {
    var copy = self
    copy.families = MetricName.familyOrder(families + metrics)
    return copy
  }
}
