import FileFormats
import Results

extension ExperimentSpec {
  /// The swept keys, in the order the sweep names them: every CSV with a `cell` column
  /// has one column per key right after it, holding the cell's value, so that a table
  /// groups by them with no join (`df.groupby(["app.opens_per_day", "arm"])`).
  public var sweepKeys: [String] { cells.first?.overrides.map(\.path) ?? [] }

  /// The layout of an output file of this experiment: `schema` with the swept keys.
  public func layout(_ schema: CSVSchema) -> CSVSchema { schema.sweeping(sweepKeys) }

  /// What follows the `cell` field of each row of sweep cell `cell`: `,VALUE…`, one per
  /// swept key (empty without a sweep).
  func sweepFields(cell: Int) -> String {
    guard cells.indices.contains(cell) else { return "" }
    return cells[cell].overrides.map { "," + CSVField.quoted($0.value) }.joined()
  }

  /// `sweep.baseline: {KEY: VALUE}`: one swept key of a grid and one of its values.
  static func baseline(_ root: ConfigSection, cells: [Cell]) throws(ConfigError) -> (
    key: String, value: String
  )? {
    let sweep = root.value("sweep").flatMap { try? ConfigSection($0, keys: ["grid", "sobol", "baseline"]) }
    guard let node = sweep?.value("baseline") else { return nil }
    let keys = cells.first?.overrides.map(\.path) ?? []
    guard case .mapping(let entries) = node.value, entries.count == 1, let value = entries[0].value.scalar
    else {
      throw node.error(
        "baseline names one swept key and its value, e.g. {\(keys.first ?? "app.opens_per_day"): 5}")
    }
    let key = entries[0].key
    if let problem = gridCellProblem(key, [value], cells: cells, isGrid: sweep?.value("grid") != nil) {
      throw entries[0].value.error(problem)
    }
    return (key, value)
  }

  /// Why `key` = each of `values` names no cell of this grid sweep (`cells`); nil when
  /// every one does.
  static func gridCellProblem(_ key: String, _ values: [String], cells: [Cell], isGrid: Bool) -> String? {
    let taken = cells.compactMap { $0.overrides.first { $0.path == key }?.value }
    guard isGrid, !taken.isEmpty else {
      let keys = cells.first?.overrides.map(\.path) ?? []
      return "'\(key)' is not a key of the sweep's grid (\(keys.joined(separator: ", ")))"
    }
    for v in values where !taken.contains(v) {
      return "\(key) = \(v) is not one of its values (\(Array(Set(taken)).sorted().joined(separator: ", ")))"
    }
    return nil
  }

  /// Why a claim between two cells names cells this sweep does not have; nil when fine.
  func cellsProblem(_ c: Hypothesis.Cells?) -> String? {
    guard let c else { return nil }
    var isGrid = false
    if case .mapping(let entries)? = tree.entries(of: "sweep")?.value.value {
      isGrid = entries.contains { $0.key == "grid" }
    }
    return Self.gridCellProblem(c.key, [c.left, c.right], cells: cells, isGrid: isGrid)
  }

  /// What the summary needs to know of this experiment.
  public var summaryPlan: SummaryPlan {
    SummaryPlan(
      arms: arms.map(\.name), cellValues: cells.map { $0.overrides.map(\.value) }, sweptKeys: sweepKeys,
      warmupDays: warmupDays, families: families, byReplication: posterior != nil, hypotheses: hypotheses,
      seed: seed, baseline: baseline)
  }
}

extension ExperimentSpec {
  /// The metrics of the summary, in its order: the fixed ones, then ``families``.
  public var summaryMetrics: [MetricName] { summaryPlan.summaryMetrics }

  /// This experiment with these metrics reported too (the family members among them:
  /// the fixed metrics are always reported).
  public func reporting(_ metrics: [MetricName]) -> ExperimentSpec {
    var copy = self
    copy.families = MetricName.familyOrder(families + metrics)
    return copy
  }
}
