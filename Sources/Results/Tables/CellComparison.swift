import FileFormats

/// The paired differences between sweep cells: for each cell whose `key` has another
/// value than `baseline` and the same values of `groupKeys`, each owner's difference
/// from the same owner in the baseline cell, for each arm and owner metric (`bgsim
/// summarize --compare`, and `summary.csv`'s `cell_difference` rows when a sweep names a
/// baseline).
///
/// The cells of a sweep see the same owners (common random numbers), so the differences
/// are paired. Each arm of each cell is read as an arm of its own (``OwnerRegrouping``)
/// and the summary's paired differences between arms (bootstrap-t or Student's t over
/// owners, the p-value read from the interval) are taken between an arm in a cell and
/// the same arm in the baseline. Memory holds every owner's figures while the folder is
/// read.
struct CellComparison {
  let folder: OutputFolderRecord
  let key: String
  let baseline: String
  let groupKeys: [String]
  /// The values each filter keeps, by key (none: every value).
  var kept: [String: Set<String>] = [:]

  /// One compared cell's difference: the group's values of `groupKeys`, the compared
  /// value of `key`, and the row (its `arm` the folder's arm, its `cell` the group).
  struct Difference {
    let groupValues: [String]
    let value: String
    let row: SummaryTables.Row
  }

  func value(_ k: String, _ cell: Int) -> String {
    k == "cell" ? String(cell) : folder.value(of: k, cell: cell)
  }

  func keeps(_ k: String, _ value: String) -> Bool { kept[k]?.contains(value) ?? true }

  /// The differences, by group, arm, compared value and metric.
  func differences(metrics: [MetricName]) throws(UserError) -> [Difference] {
    // Compared values in the folder's order, the baseline last: a pair of arms i < j is
    // arm i − arm j, so each difference is cell − baseline.
    let compared = folder.values(of: key).filter { $0 != baseline } + [baseline]
    let armNames = folder.arms.map { arm in compared.map { "\(arm) \(key)=\($0)" } }
    var groups: [[String]] = []
    var regrouping = OwnerRegrouping(cellGroups: [], armNames: [], armIndex: [:])
    for (a, arm) in folder.arms.enumerated() { regrouping.armIndex[arm] = a }
    for cell in folder.cellValues.indices {
      let c = compared.firstIndex(of: value(key, cell)) ?? 0
      regrouping.armNames?.append(armNames.map { $0[c] })
      guard (["cell"] + folder.sweptKeys).allSatisfy({ keeps($0, value($0, cell)) }) else {
        regrouping.cellGroups.append(-1)
        continue
      }
      let g = groupKeys.map { value($0, cell) }
      if let i = groups.firstIndex(of: g) {
        regrouping.cellGroups.append(i)
      } else {
        regrouping.cellGroups.append(groups.count)
        groups.append(g)
      }
    }
    let tables = try folder.tables(
      regrouping: regrouping, groups: groups.count, families: metrics.filter(\.isFamilyMember),
      arms: armNames.flatMap { $0 })
    var byLabel: [String: SummaryTables.Row] = [:]
    for r in tables.rows where r.kind == .pairedDifference { byLabel["\(r.cell)|\(r.arm)|\(r.metric)"] = r }
    var out: [Difference] = []
    for (g, values) in groups.enumerated() {
      for (a, arm) in folder.arms.enumerated() where keeps("arm", arm) {
        for (c, other) in compared.dropLast().enumerated() {
          for metric in metrics {
            guard let r = byLabel["\(g)|\(armNames[a][c]) vs \(armNames[a][compared.count - 1])|\(metric)"]
            else { continue }
            out.append(Difference(groupValues: values, value: other, row: r.relabelled(arm: arm)))
          }
        }
      }
    }
    return out
  }
}
