import FileFormats
import Foundation

extension SummaryTables {
  /// These tables with each sweep cell's paired difference from the plan's baseline cell
  /// (``SummaryPlan/baseline``, ``CellComparison``), read from the merged `days.csv` and
  /// `launches.csv` in `directory` and appended to its `summary.csv` (kind
  /// `cell_difference`, the cell's own index and swept values), and with the verdicts of
  /// the claims between two cells (``Hypothesis/cells``), appended to `hypotheses.csv`
  /// as the left cell's; itself when there is neither. The differences' p-values are
  /// Holm-adjusted over the cells compared, per arm and metric; a claim's over the
  /// combinations of the other swept keys, as a claim's over cells.
  public func addingCellDifferences(directory: String, plan: SummaryPlan) throws(UserError) -> SummaryTables {
    let claims = plan.hypotheses.filter { $0.cells != nil }
    guard plan.cells.count > 1, plan.baseline != nil || !claims.isEmpty else { return self }
    let folder = OutputFolderRecord(path: directory, plan: plan)
    // The cell with `key` = `value` and the group's values of the other keys.
    func cell(_ key: String, _ value: String, _ groupValues: [String]) -> Int? {
      let others = plan.sweptKeys.filter { $0 != key }
      return plan.cells.first { c in
        folder.value(of: key, cell: c) == value
          && zip(others, groupValues).allSatisfy { folder.value(of: $0, cell: c) == $1 }
      }
    }
    var added: [Row] = []
    if let baseline = plan.baseline {
      let comparison = CellComparison(
        folder: folder, key: baseline.key, baseline: baseline.value,
        groupKeys: plan.sweptKeys.filter { $0 != baseline.key })
      // Only the owner figures have paired differences (not the medians or the ICC).
      for d in try comparison.differences(metrics: plan.summaryMetrics) {
        guard let c = cell(baseline.key, d.value, d.groupValues) else { continue }
        added.append(d.row.relabelled(arm: d.row.arm, cell: c, kind: .cellDifference))
      }
    }
    added = Self.holmAdjusting(added, kind: .cellDifference)
    // In the summary's order: by cell, arm and metric.
    func order(_ r: Row) -> (Int, Int, Int) {
      (r.cell, plan.arms.firstIndex(of: r.arm) ?? 0, plan.summaryMetrics.firstIndex(of: r.metric) ?? 0)
    }
    added.sort { order($0) < order($1) }
    var claimed: [Verdict] = []
    for h in claims {
      guard let c = h.cells else { continue }
      let comparison = CellComparison(
        folder: folder, key: c.key, baseline: c.right, groupKeys: plan.sweptKeys.filter { $0 != c.key },
        kept: [c.key: [c.left, c.right]])
      for (values, v) in try comparison.verdicts(h) {
        guard let left = cell(c.key, c.left, values) else { continue }
        claimed.append(v.moved(to: left))
      }
    }
    try append(added.map { Self.summaryLine($0, plan: plan) }, to: CSVSchema.summary.file, in: directory)
    try append(
      claimed.map { Self.hypothesisLine($0, plan: plan) }, to: CSVSchema.hypotheses.file, in: directory)
    return SummaryTables(rows: rows + added, verdicts: verdicts + claimed, transient: transient)
  }

  /// Rewrites `file` in `directory` with `lines` after what it holds.
  func append(_ lines: [String], to file: String, in directory: String) throws(UserError) {
    guard !lines.isEmpty else { return }
    let path = URL(fileURLWithPath: directory).appendingPathComponent(file).path
    guard let existing = FileManager.default.contents(atPath: path) else {
      throw UserError(
        "\(path): missing while the comparisons between cells were added; run the experiment again")
    }
    let writer = try AtomicFileWriter(path: path)
    writer.write(existing)
    for line in lines { writer.write(line) }
    try writer.commit()
  }
}

extension SummaryTables.Verdict {
  /// This verdict as cell `cell`'s.
  func moved(to cell: Int) -> Self {
    Self(
      cell: cell, hypothesis: hypothesis, estimate: estimate, low: low, high: high, pValue: pValue,
      pHolm: pHolm,
      result: result, ownersNeeded: ownersNeeded, unit: unit)
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
