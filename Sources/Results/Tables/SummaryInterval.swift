/// One 95 % interval of a run's summaries, as a coverage study checks it: what it
/// describes, its estimate and its bounds.
public struct SummaryInterval: Sendable {
  public let cell: Int
  public let kind: SummaryRowKind
  public let arm: String
  /// The other app it describes (`other_app_summary.csv`); empty for `summary.csv`'s.
  public let app: String
  public let metric: String
  /// `mean` or `median`.
  public let statistic: String
  public let estimate: Double
  public let low: Double
  public let high: Double

  /// What it describes, the same in every run of one experiment.
  public var id: String { "\(cell)|\(kind.rawValue)|\(arm)|\(app)|\(metric)|\(statistic)" }

  /// A run's intervals: each mean's of `summary.csv` (and the median's of delays and
  /// staleness), then each of `other_app_summary.csv`'s.
  public static func all(_ summary: SummaryTables, _ others: OtherAppSummary?) -> [SummaryInterval] {
    var out: [SummaryInterval] = []
    for r in summary.rows {
      let name = r.metric.rawValue
      out.append(
        SummaryInterval(
          cell: r.cell, kind: r.kind, arm: r.arm, app: "", metric: name, statistic: "mean", estimate: r.mean,
          low: r.low, high: r.high))
      if r.kind == .arm, r.metric.isSummarisedByMedian {
        out.append(
          SummaryInterval(
            cell: r.cell, kind: r.kind, arm: r.arm, app: "", metric: name, statistic: "median",
            estimate: r.median, low: r.medianLow, high: r.medianHigh))
      }
    }
    for r in others?.rows ?? [] {
      out.append(
        SummaryInterval(
          cell: r.cell, kind: r.kind, arm: r.arm, app: r.app, metric: r.metric.rawValue, statistic: "mean",
          estimate: r.mean, low: r.low, high: r.high))
    }
    return out
  }
}
