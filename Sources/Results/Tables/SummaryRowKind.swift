/// What a summary row describes, in `summary.csv`, `other_app_summary.csv` and a
/// coverage study's rows (their `kind` column).
public enum SummaryRowKind: String, Sendable, Hashable {
  /// One arm's figure over its owners.
  case arm
  /// The paired difference A − B over the owners, between two arms.
  case pairedDifference = "paired_difference"
  /// The paired difference over the owners between a sweep cell and the baseline cell
  /// the sweep names, in one arm (``CellComparison``).
  case cellDifference = "cell_difference"
}
