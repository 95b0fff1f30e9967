import FileFormats
import Foundation

/// `other_app_summary.csv`: what the owner's other apps did, per sweep cell, arm and
/// app, as means over owners with 95 % intervals, and the paired differences between
/// arms (the other apps are the same in every arm, so a difference is what the app
/// under study's strategy did to them). Computed from `other_apps.csv` alone, so merged
/// shards give the same bytes as one run; the owners are the units, as in
/// `summary.csv` (the replications, in a run with a posterior sample).
///
/// It is `summary.csv`'s engine, per app: the figures are one list of metrics
/// (``OtherAppFigures``), added up exactly in the summary's groups (``SummaryGroups``,
/// ``OwnerFigureSums``), with the same interval code (``OwnerMeanInterval``,
/// ``OwnerBootstrap``).
public struct OtherAppSummary: Sendable {
  public struct Row: Sendable, Equatable {
    public let cell: Int
    public let kind: SummaryRowKind
    /// The arm, or `A vs B` for the difference A − B.
    public let arm: String
    /// The app's bundle, or ``allApps`` for the sum over the owner's other apps.
    public let app: String
    public let metric: MetricName
    /// The units behind the interval (owners, or replications).
    public let n: Int
    public let unit: String
    public let mean: Double
    public let sd: Double
    public let low: Double
    public let high: Double
    /// The paired t-test's two-sided p-value (differences only).
    public let pValue: Double?
  }

  /// The metrics, in the order of each app's figures (``OtherAppFigures``).
  public static let metrics = OtherAppFigures.metrics

  /// The `app` of the rows that sum every other app of an owner.
  public static let allApps = "all_other_apps"

  public let rows: [Row]

  /// The summary of `other_apps.csv` in `directory` under `plan`; nil when the run wrote
  /// none (no cell had other apps). With `write`, `other_app_summary.csv` is written too.
  public static func compute(directory: String, plan: SummaryPlan, write: Bool = true) throws(UserError)
    -> OtherAppSummary?
  {
    let path = (directory as NSString).appendingPathComponent(CSVSchema.otherApps.file)
    guard FileManager.default.fileExists(atPath: path) else { return nil }
    var sums = Sums(plan: plan)
    try sums.read(path, layout: plan.layout(.otherApps))
    let summary = OtherAppSummary(rows: sums.rows())
    if write {
      try summary.write(
        to: (directory as NSString).appendingPathComponent(CSVSchema.otherAppSummary.file), plan)
    }
    return summary
  }

  func write(to path: String, _ plan: SummaryPlan) throws(UserError) {
    let file = try AtomicFileWriter(path: path)
    file.write(plan.layout(.otherAppSummary).header)
    for r in rows {
      var fields = CSVBuffer(capacity: 256)
      fields.field(r.arm)
      fields.comma()
      fields.field(r.app)
      let text = [
        String(r.cell) + plan.sweepFields(cell: r.cell), r.kind.rawValue,
        String(decoding: fields.bytes, as: UTF8.self),
        r.metric.rawValue, r.unit, String(r.n), SummaryTables.number(r.mean), SummaryTables.number(r.sd),
        SummaryTables.number(r.low), SummaryTables.number(r.high), r.pValue.map(SummaryTables.number) ?? "",
      ]
      file.write(text.joined(separator: ",") + "\n")
    }
    try file.commit()
  }
}
