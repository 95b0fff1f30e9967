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
  func sweepFields(cell: Int) -> String { summaryPlan.sweepFields(cell: cell) }

  /// What the summary needs to know of this experiment.
  public var summaryPlan: SummaryPlan {
    SummaryPlan(
      arms: arms.map(\.name), cellValues: cells.map { $0.overrides.map(\.value) }, sweptKeys: sweepKeys,
      warmupDays: warmupDays, launchedBy: launchedBy, byReplication: posterior != nil, hypotheses: hypotheses)
  }
}

extension ExperimentSpec {
  /// The metrics of the summary, in its order: the fixed ones, then `launched_by_HH:MM`
  /// for each time of ``launchedBy``.
  public var summaryMetrics: [MetricName] { summaryPlan.summaryMetrics }

  /// This experiment with `launched_by` metrics for these times of day [s] too.
  public func reporting(launchedBy times: [Int]) -> ExperimentSpec {
    var copy = self
    copy.launchedBy = Array(Set(launchedBy + times)).sorted()
    return copy
  }
}
