import FileFormats
import Foundation
import Randomness

extension SummaryTables {
  /// These tables with each sweep cell's paired difference from the plan's baseline cell
  /// (``SummaryPlan/baseline``, ``CellComparison``), read from the merged `days.csv` and
  /// `launches.csv` in `directory` and appended to its `summary.csv` (kind
  /// `cell_difference`, the cell's own index and swept values); itself without a
  /// baseline. The p-values are Holm-adjusted over the cells compared, per arm and metric.
  public func addingCellDifferences(directory: String, plan: SummaryPlan) throws(UserError) -> SummaryTables {
    guard let baseline = plan.baseline, plan.cells.count > 1 else { return self }
    let folder = OutputFolderRecord(path: directory, plan: plan)
    let groupKeys = plan.sweptKeys.filter { $0 != baseline.key }
    let comparison = CellComparison(
      folder: folder, key: baseline.key, baseline: baseline.value, groupKeys: groupKeys)
    // Only the owner figures have paired differences (not the medians or the ICC).
    let metrics = plan.summaryMetrics
    var added: [Row] = []
    for d in try comparison.differences(metrics: metrics) {
      // The compared cell: the one with this value of the key and the group's values.
      guard
        let cell = plan.cells.first(where: { c in
          folder.value(of: baseline.key, cell: c) == d.value
            && zip(groupKeys, d.groupValues).allSatisfy { folder.value(of: $0, cell: c) == $1 }
        })
      else { continue }
      added.append(d.row.relabelled(arm: d.row.arm, cell: cell, kind: .cellDifference))
    }
    var families: [String: [Int]] = [:]
    for (i, r) in added.enumerated() { families[r.arm + "|" + r.metric.rawValue, default: []].append(i) }
    for members in families.values {
      let adjusted = Statistics.holmAdjusted(members.map { added[$0].pValue ?? .nan })
      for (k, i) in members.enumerated() { added[i].pHolm = adjusted[k].isNaN ? nil : adjusted[k] }
    }
    // In the summary's order: by cell, arm and metric.
    func order(_ r: Row) -> (Int, Int, Int) {
      (r.cell, plan.arms.firstIndex(of: r.arm) ?? 0, plan.summaryMetrics.firstIndex(of: r.metric) ?? 0)
    }
    added.sort { order($0) < order($1) }
    let path = URL(fileURLWithPath: directory).appendingPathComponent(CSVSchema.summary.file).path
    guard let existing = FileManager.default.contents(atPath: path) else {
      throw UserError("\(path): missing while its cell differences were added; run the experiment again")
    }
    let writer = try AtomicFileWriter(path: path)
    writer.write(existing)
    for r in added { writer.write(Self.summaryLine(r, plan: plan)) }
    try writer.commit()
    return SummaryTables(rows: rows + added, verdicts: verdicts, transient: transient)
  }
}

extension SummaryTables.Row {
  /// This row under another arm label.
  func relabelled(arm: String, cell: Int? = nil, kind: SummaryRowKind? = nil) -> Self {
    Self(
      cell: cell ?? self.cell, kind: kind ?? self.kind, arm: arm, metric: metric, n: n, unit: unit,
      observations: observations, mean: mean, sd: sd, low: low, high: high, median: median,
      medianLow: medianLow, medianHigh: medianHigh, p10: p10, p90: p90, pValue: pValue, pHolm: pHolm)
  }
}
