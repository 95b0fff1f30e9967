import FileFormats

extension SummaryQuery {
  /// `--compare KEY=VALUE`: for each cell whose KEY has another value, each owner's
  /// difference from the same owner in the baseline cell (KEY = VALUE, every other swept
  /// key alike), for each arm and owner metric (``CellComparison``).
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
    let comparison = CellComparison(
      folder: folder, key: key, baseline: baseline, groupKeys: groupKeys, kept: kept)
    let differences = try comparison.differences(metrics: metrics)
    guard !differences.isEmpty else {
      throw UserError(
        "--compare \(compare ?? ""): no cell with \(key) = \(baseline) shares its other keys' values (\(groupKeys.joined(separator: ", "))) with another cell; name fewer with --by"
      )
    }
    let rows = differences.map { d in
      d.groupValues + [d.row.arm, "\(d.value) − \(baseline)", d.row.metric.rawValue]
        + statistics.flatMap { $0.values(d.row) }
    }
    return (groupKeys + ["arm", key], rows)
  }
}
