import FileFormats

extension SummaryQuery {
  /// `--compare KEY=VALUE`: for each cell whose KEY has another value, each owner's
  /// difference from the same owner in the baseline cell (KEY = VALUE, every other swept
  /// key alike), for each arm and owner metric: mean, interval and p-value of "no
  /// difference" by the procedure of the summary's paired differences between arms.
  ///
  /// The cells of a sweep see the same owners (common random numbers), so the
  /// differences are paired. Each arm of each cell is read as an arm of its own
  /// (``OwnerRegrouping``) and the summary's paired differences between arms are taken
  /// between an arm in a cell and the same arm in the baseline. Memory holds every
  /// owner's figures until the folder is read.
  func comparing(_ folder: OutputFolderRecord, metrics: [MetricName]) throws(UserError) -> (
    [String], [[String]]
  ) {
    let (key, baseline) = try folder.keyValue(compare ?? "", "--compare")
    guard key != "arm" else {
      throw UserError(
        "--compare \(compare ?? ""): arms are compared in summary.csv already; compare a swept key or cell")
    }
    var groupKeys = by.flatMap { $0.split(separator: ",").map(String.init) }.filter { $0 != "arm" }
    if groupKeys.isEmpty { groupKeys = folder.sweptKeys.filter { $0 != key } }
    for k in groupKeys { try folder.check(k, "--by") }
    if let both = groupKeys.first(where: { $0 == key || $0 == "cell" }) {
      throw UserError("--by \(both): the cells are compared by \(key); group by the other swept keys")
    }
    let kept = try keptValues(folder)
    if kept[key] != nil {
      throw UserError("--where \(key): \(key) is the key compared; leave it out of --where")
    }
    func keeps(_ k: String, _ value: String) -> Bool { kept[k]?.contains(value) ?? true }
    func value(_ k: String, _ cell: Int) -> String {
      k == "cell" ? String(cell) : folder.value(of: k, cell: cell)
    }
    // Compared values in the folder's order, the baseline last: a pair of arms i < j is
    // arm i − arm j, so each difference is cell − baseline.
    let compared = folder.values(of: key).filter { $0 != baseline } + [baseline]
    let arms = folder.arms.filter { keeps("arm", $0) }
    let armNames = folder.arms.map { arm in compared.map { "\(arm) \(key)=\($0)" } }
    let regroupedArms = armNames.flatMap { $0 }
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
      arms: regroupedArms)
    var rows: [[String]] = []
    for (g, values) in groups.enumerated() {
      for arm in arms {
        let names = armNames[folder.arms.firstIndex(of: arm)!]
        for (c, other) in compared.dropLast().enumerated() {
          let label = "\(names[c]) vs \(names[compared.count - 1])"
          for metric in metrics {
            guard
              let r = tables.rows.first(where: {
                $0.cell == g && $0.kind == .pairedDifference && $0.arm == label && $0.metric == metric
              })
            else { continue }
            rows.append(
              values + [arm, "\(other) − \(baseline)", metric.rawValue] + statistics.flatMap { $0.values(r) })
          }
        }
      }
    }
    guard !rows.isEmpty else {
      throw UserError(
        "--compare \(compare ?? ""): no cell with \(key) = \(baseline) shares its other keys' values (\(groupKeys.joined(separator: ", "))) with another cell; name fewer with --by"
      )
    }
    return (groupKeys + ["arm", key], rows)
  }
}
