import FileFormats
import Foundation
import Randomness

/// `bgsim summarize`: the summary's statistics of one or more output folders, grouped by
/// the keys asked for (the arm, the cell, any swept key), for the metrics and statistics
/// asked for, on the rows a filter keeps.
///
/// The figures are the summary's own: the folder's `days.csv` and `launches.csv` read by
/// the code that writes `summary.csv`, under the folder's seed. Grouped as the summary
/// groups (by every swept key), each figure equals the summary's; grouped by fewer keys,
/// the cells that share the values asked for are pooled, and each owner's cells are one
/// cluster of the intervals (``OwnerRegrouping/poolsCells``).
public struct SummaryQuery: Sendable {
  /// A statistic, as `--stat` names it; each gives the summary's columns of that name.
  public enum Statistic: String, CaseIterable, Sendable {
    case n, observations, mean, sd, ci, median
    case medianCI = "median_ci"
    case p10, p90
    /// The p-value of "no difference" of a compared cell (`--compare`), read from its
    /// interval; empty elsewhere.
    case pValue = "p_value"

    /// The columns it prints, named as in `summary.csv`.
    var columns: [String] {
      switch self {
      case .ci: ["ci95_low", "ci95_high"]
      case .medianCI: ["median_ci95_low", "median_ci95_high"]
      default: [rawValue]
      }
    }

    func values(_ r: SummaryTables.Row) -> [String] {
      let x = SummaryTables.number
      switch self {
      case .n: return [String(r.n)]
      case .observations: return [String(r.observations)]
      case .mean: return [x(r.mean)]
      case .sd: return [x(r.sd)]
      case .ci: return [x(r.low), x(r.high)]
      case .median: return [x(r.median)]
      case .medianCI: return [x(r.medianLow), x(r.medianHigh)]
      case .p10: return [x(r.p10)]
      case .p90: return [x(r.p90)]
      case .pValue: return [r.pValue.map(x) ?? ""]
      }
    }
  }

  /// How the answer is printed.
  public enum Format: String, CaseIterable, Sendable {
    case table, csv, json
  }

  public var folders: [String]
  /// The grouping keys: `arm`, `cell` or swept keys, in the order of the columns (`arm`
  /// is added last when missing: each row is one arm's).
  public var by: [String] = []
  public var metrics: [String] = []
  public var statistics: [Statistic] = [.mean, .ci]
  /// `KEY=VALUE` filters: each keeps the rows whose KEY has that value.
  public var filters: [String] = []
  /// `KEY=VALUE`: print, instead of each cell's figures, each owner's difference between
  /// each cell and the cell where KEY has VALUE, the other keys alike
  /// (``SummaryQuery/comparing(_:metrics:)``).
  public var compare: String?
  public var format: Format = .table

  public init(folders: [String]) { self.folders = folders }

  /// The answer, as the format prints it.
  public func run() throws(UserError) -> String {
    guard !folders.isEmpty else { throw UserError("give at least one output folder of bgsim run") }
    // One folder named twice (`out` and `./out`) would print its rows twice.
    var named: [String: String] = [:]
    for folder in folders {
      let path = URL(fileURLWithPath: folder).standardizedFileURL.resolvingSymlinksInPath().path
      if let first = named[path] {
        throw UserError("\(first): given twice (\(first) and \(folder)); give each folder once")
      }
      named[path] = folder
    }
    let asked = try metricNames()
    // --compare pairs each owner's figures in two cells: these have none of their own (they
    // were left out of the rows, or, asked alone, read as cells that share no keys).
    if compare != nil, let m = asked?.first(where: { $0.observation != "owner" || !$0.isTestable }) {
      let what = m.isTestable ? "pooled over every \(m.observation)" : "one figure of all owners"
      throw UserError(
        "--metric \(m.rawValue): --compare pairs each owner's figures in two cells, and \(m.rawValue) is \(what), not one per owner; leave it out"
      )
    }
    var query = self
    query.statistics = Self.besideTheirFigures(statistics)
    var header: [String] = []
    var rows: [[String]] = []
    for folder in folders {
      let record = try OutputFolderRecord(path: folder)
      // By default every metric, the families the run reported (launched_by_…) included.
      let metrics = asked ?? MetricName.allCases + record.familyMetrics
      let (keys, body) = try query.answer(record, metrics: metrics)
      let h = (folders.count > 1 ? ["folder"] : []) + keys + ["metric"] + query.statistics.flatMap(\.columns)
      if header.isEmpty { header = h }
      guard header == h else {
        throw UserError(
          "\(folder): its columns (\(h.joined(separator: ", "))) differ from \(folders[0])'s; query them one at a time"
        )
      }
      rows += body.map { (folders.count > 1 ? [folder] : []) + $0 }
    }
    return Self.render(header: header, rows: rows, format: format)
  }

  /// `statistics` with each interval beside the figure it is of: `ci` after `mean`,
  /// `median_ci` after `median`, added where not asked for (an interval never stands
  /// beside another statistic as if it were that one's).
  static func besideTheirFigures(_ statistics: [Statistic]) -> [Statistic] {
    var out: [Statistic] = []
    for s in statistics where !out.contains(s) {
      let figure: Statistic? = s == .ci ? .mean : s == .medianCI ? .median : nil
      if let figure, !statistics.contains(figure) { out.append(figure) }
      out.append(s)
    }
    return out
  }

  /// The metrics asked for; nil for the default (all).
  func metricNames() throws(UserError) -> [MetricName]? {
    let names = metrics.flatMap { $0.split(separator: ",").map(String.init) }
    guard !names.isEmpty else { return nil }
    var out: [MetricName] = []
    for name in names {
      if let problem = MetricName.familyProblem(name) { throw UserError("--metric: \(problem)") }
      guard let m = MetricName(rawValue: name) else {
        let known = MetricName.allCases.map(\.rawValue)
        throw UserError(
          "--metric: unknown metric '\(name)'\(NearestName.hint(name, among: known)) (metrics: \(known.joined(separator: ", ")), launched_by_HH:MM, share_owners_at_least_N_per_day)"
        )
      }
      if !out.contains(m) { out.append(m) }
    }
    return out
  }

  /// The values each `--where` filter keeps, by key.
  func keptValues(_ folder: OutputFolderRecord) throws(UserError) -> [String: Set<String>] {
    var kept: [String: Set<String>] = [:]
    for filter in filters {
      let (key, value) = try folder.keyValue(filter, "--where")
      kept[key, default: []].insert(value)
    }
    return kept
  }

  /// The key columns and rows of one folder.
  func answer(_ folder: OutputFolderRecord, metrics: [MetricName]) throws(UserError) -> (
    [String], [[String]]
  ) {
    if compare != nil { return try comparing(folder, metrics: metrics) }
    var by = by.flatMap { $0.split(separator: ",").map(String.init) }
    if by.isEmpty { by = folder.sweptKeys }
    for key in by { try folder.check(key, "--by") }
    if !by.contains("arm") { by.append("arm") }
    let kept = try keptValues(folder)
    func keeps(_ key: String, _ value: String) -> Bool { kept[key]?.contains(value) ?? true }
    // The groups: the cells kept, by their values of the keys other than the arm.
    let groupKeys = by.filter { $0 != "arm" }
    var groups: [[String]] = []
    var cellGroups: [Int] = []
    for cell in folder.cellValues.indices {
      let value = { (key: String) in key == "cell" ? String(cell) : folder.value(of: key, cell: cell) }
      guard (["cell"] + folder.sweptKeys).allSatisfy({ keeps($0, value($0)) }) else {
        cellGroups.append(-1)
        continue
      }
      let g = groupKeys.map(value)
      if let i = groups.firstIndex(of: g) {
        cellGroups.append(i)
      } else {
        cellGroups.append(groups.count)
        groups.append(g)
      }
    }
    let tables = try folder.tables(
      regrouping: OwnerRegrouping(cellGroups: cellGroups), groups: groups.count,
      families: metrics.filter(\.isFamilyMember))
    var rows: [[String]] = []
    for (g, values) in groups.enumerated() {
      for arm in folder.arms where keeps("arm", arm) {
        for metric in metrics {
          guard
            let r = tables.rows.first(where: {
              $0.cell == g && $0.kind == .arm && $0.arm == arm && $0.metric == metric
            })
          else { continue }
          let keyValues = by.map { $0 == "arm" ? arm : values[groupKeys.firstIndex(of: $0)!] }
          rows.append(keyValues + [metric.rawValue] + statistics.flatMap { $0.values(r) })
        }
      }
    }
    return (by, rows)
  }

  static func render(header: [String], rows: [[String]], format: Format) -> String {
    switch format {
    case .csv:
      return ([header] + rows).map { $0.map(CSVField.quoted).joined(separator: ",") }.joined(separator: "\n")
        + "\n"
    case .json:
      let numeric = Set(Statistic.allCases.flatMap(\.columns))
      let objects = rows.map { row in
        "  {"
          + zip(header, row).map { key, value in
            let shown =
              numeric.contains(key) ? (value.isEmpty ? "null" : value) : JSONText.string(value)
            return "\(JSONText.string(key)): \(shown)"
          }.joined(separator: ", ") + "}"
      }
      return "[\n" + objects.joined(separator: ",\n") + "\n]\n"
    case .table:
      return TextTable.lines([header] + rows, trimmed: true).joined(separator: "\n") + "\n"
    }
  }
}
