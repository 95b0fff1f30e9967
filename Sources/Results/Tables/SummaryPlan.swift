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
  /// The family members reported (`launched_by_HH:MM`, `share_owners_at_least_N_per_day`),
  /// in ``MetricName/familyOrder(_:)``.
  public var families: [MetricName]
  /// Whether intervals are over replication means (a run with `--posterior`).
  public var byReplication: Bool
  /// Whether the "replications" of ``byReplication`` are owners, each a cluster of its
  /// cells (`bgsim summarize` pooling cells, ``OwnerRegrouping/poolsCells``).
  var clustersOwners = false
  public var hypotheses: [Hypothesis]
  /// The run's master seed: the owner bootstrap's resamples are drawn from it.
  public var seed: UInt64
  /// The most owners (per cell and arm) whose intervals come from the owner bootstrap
  /// (``OwnerBootstrap``); above, the t and Woodruff intervals, which keep no owner.
  public var largestBootstrapOwners = OwnerBootstrap.largestOwners
  /// The sweep's baseline cell (`sweep.baseline`: a swept key and one of its values):
  /// `summary.csv` then gains each cell's paired difference from it (``CellComparison``).
  public var baseline: (key: String, value: String)?

  public init(
    arms: [String], cellValues: [[String]], sweptKeys: [String], warmupDays: Int, families: [MetricName],
    byReplication: Bool, hypotheses: [Hypothesis], seed: UInt64 = 0,
    baseline: (key: String, value: String)? = nil
  ) {
    self.seed = seed
    self.baseline = baseline
    self.arms = arms
    self.cellValues = cellValues.isEmpty ? [[]] : cellValues
    self.sweptKeys = sweptKeys
    self.warmupDays = warmupDays
    self.families = MetricName.familyOrder(families)
    self.byReplication = byReplication
    self.hypotheses = hypotheses
  }

  /// The sweep cells' indices.
  public var cells: Range<Int> { cellValues.indices }

  /// The metrics of the summary, in its order: the fixed ones, then ``families``.
  public var summaryMetrics: [MetricName] { MetricName.allCases + families }

  /// The layout of an output file under this plan: `schema` with the swept keys.
  public func layout(_ schema: CSVSchema) -> CSVSchema { schema.sweeping(sweptKeys) }

  /// What follows the `cell` field of each row of sweep cell `cell`: `,VALUE…`, one per
  /// swept key (empty without a sweep).
  public func sweepFields(cell: Int) -> String {
    guard cellValues.indices.contains(cell) else { return "" }
    return cellValues[cell].map { "," + CSVField.quoted($0) }.joined()
  }
}
