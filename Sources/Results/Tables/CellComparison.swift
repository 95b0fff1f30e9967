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

  /// Compared values in the folder's order, the baseline last: a pair of arms i < j is
  /// arm i − arm j, so each difference is cell − baseline.
  var compared: [String] { folder.values(of: key).filter { $0 != baseline } + [baseline] }

  /// Each arm of the folder in each compared cell, as an arm of its own (by arm, then
  /// compared value): `ARM@KEY=VALUE`, one word, so that a claim can name it.
  var armNames: [[String]] { folder.arms.map { arm in compared.map { "\(arm)@\(key)=\($0)" } } }

  /// The folder's cells regrouped: each kept cell in the group of its values of
  /// `groupKeys`, its arms renamed (``armNames``); and the groups' values.
  func regrouped() -> (OwnerRegrouping, [[String]]) {
    let (compared, armNames) = (self.compared, self.armNames)
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
    return (regrouping, groups)
  }

  /// The differences, by group, arm, compared value and metric.
  func differences(metrics: [MetricName]) throws(UserError) -> [Difference] {
    let (compared, armNames) = (self.compared, self.armNames)
    let (regrouping, groups) = regrouped()
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

  /// The verdicts of `h`, a claim between the cell where ``key`` is `h.cells.left` and
  /// the baseline (`h.cells.right`), one per group of the other keys, with the group's
  /// cell on the left as its cell: decided as a claim between two arms is (the paired
  /// interval at 1 − alpha, the p-value read from it, Holm-adjusted over the groups).
  func verdicts(_ h: Hypothesis) throws(UserError) -> [(
    groupValues: [String], verdict: SummaryTables.Verdict
  )] {
    guard let cells = h.cells, let a = folder.arms.firstIndex(of: h.arm),
      let c = compared.firstIndex(of: cells.left)
    else { return [] }
    let names = armNames[a]
    let options = "(paired, alpha = \(h.alpha))"
    let text =
      "\(names[c]) \(h.metric) \(h.comparison.rawValue) \(names[compared.count - 1]) \(h.metric) \(options)"
    let pseudo: Hypothesis
    do {
      pseudo = try Hypothesis(
        parsing: text, arms: armNames.flatMap { $0 }, metrics: MetricName.allCases.map(\.rawValue))
    } catch { throw UserError("\(h.text): \(error.problem)") }
    let (regrouping, groups) = regrouped()
    let metric = MetricName(rawValue: h.metric).map { [$0] } ?? []
    let tables = try folder.tables(
      regrouping: regrouping, groups: groups.count, families: metric.filter(\.isFamilyMember),
      arms: armNames.flatMap { $0 }, hypotheses: [pseudo])
    return tables.verdicts.map { v in
      (
        groups[v.cell],
        SummaryTables.Verdict(
          cell: v.cell, hypothesis: h.text, estimate: v.estimate, low: v.low, high: v.high, pValue: v.pValue,
          pHolm: v.pHolm, result: v.result, ownersNeeded: v.ownersNeeded, unit: v.unit)
      )
    }
  }
}
