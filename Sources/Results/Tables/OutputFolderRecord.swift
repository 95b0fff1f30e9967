import FileFormats
import Foundation

/// A finished `bgsim run` output folder as ``SummaryQuery`` reads it: its arms, seed and
/// sweep from `manifest.json` and the summary's header, its rows through the schemas.
struct OutputFolderRecord {
  let path: String
  let arms: [String]
  let seed: UInt64
  /// Whether the intervals are over replications (a run with `--posterior`).
  let byReplication: Bool
  let sweptKeys: [String]
  /// Each cell's swept values, in the keys' order.
  let cellValues: [[String]]
  /// The members of metric families (`launched_by_HH:MM`, …) summary.csv holds, in order.
  let familyMetrics: [MetricName]
  let warmupDays: Int

  func file(_ name: String) -> String { URL(fileURLWithPath: path).appendingPathComponent(name).path }

  /// The folder a run under `plan` is writing, before its manifest: what the plan says.
  init(path: String, plan: SummaryPlan) {
    (self.path, arms, seed, byReplication) = (path, plan.arms, plan.seed, plan.byReplication)
    (sweptKeys, cellValues, warmupDays) = (plan.sweptKeys, plan.cellValues, plan.warmupDays)
    familyMetrics = plan.families.filter(\.isFamilyMember)
  }

  init(path: String) throws(UserError) {
    self.path = path
    let manifest = try OutputFileNames.requireRunFolder(path)
    try OutputFileNames.verifyRunFiles(path, manifest: manifest)
    let manifestPath = URL(fileURLWithPath: path).appendingPathComponent(OutputFileNames.manifest).path
    guard let arms = manifest.arms, !arms.isEmpty,
      let seed = manifest.seed, let cells = manifest.cells?.count, (1...1_000_000).contains(cells)
    else {
      throw UserError(
        "\(manifestPath): not the manifest of a bgsim run (no arms, seed or cells); the folder is damaged, run the experiment again"
      )
    }
    if FileManager.default.fileExists(
      atPath: URL(fileURLWithPath: path).appendingPathComponent("fit_summary.csv").path)
    {
      throw UserError("\(path): a fit's output; summarize reads the folders of bgsim run")
    }
    self.arms = arms
    self.seed = seed
    byReplication = manifest.intervals == "over replications"
    for schema in [CSVSchema.days, .launches] {
      let p = URL(fileURLWithPath: path).appendingPathComponent(schema.file).path
      guard FileManager.default.fileExists(atPath: p) else {
        throw UserError("\(p): missing; the folder is not a whole bgsim run, run the experiment again")
      }
    }
    // The swept keys and each cell's values, from the summary (its rows are by cell).
    let summaryPath = URL(fileURLWithPath: path).appendingPathComponent(CSVSchema.summary.file).path
    let layout = try CSVSchema.summary.layout(ofFile: summaryPath)
    sweptKeys = layout.sweptKeys
    var values: [Int: [String]] = [:]
    var families: [MetricName] = []
    var reader = try CSVReader(path: summaryPath)
    while reader.next() {
      let cell = try reader.whole(0, "cell", in: 0...(cells - 1), file: summaryPath)
      if values[cell] == nil { values[cell] = (0..<layout.sweptKeys.count).map { reader.text($0 + 1) } }
      if let m = MetricName(rawValue: reader.text(layout.index("metric"))), m.isFamilyMember,
        !families.contains(m)
      {
        families.append(m)
      }
    }
    familyMetrics = families
    cellValues = (0..<cells).map { values[$0] ?? Array(repeating: "", count: layout.sweptKeys.count) }
    if let w = manifest.warmupDays {
      guard RunRanges.day.contains(w) else {
        throw UserError(
          "\(manifestPath): warmup_days \(w) is out of range (0…\(RunRanges.day.upperBound)); the folder is damaged, run the experiment again"
        )
      }
      warmupDays = w
    } else {
      warmupDays = try Self.warmupDays(
        days: URL(fileURLWithPath: path).appendingPathComponent("days.csv").path)
    }
  }

  /// The warm-up of a folder written before the manifest recorded it: the days
  /// `days.csv` marks.
  static func warmupDays(days path: String) throws(UserError) -> Int {
    let d = try CSVSchema.days.layout(ofFile: path).index
    var reader = try CSVReader(path: path)
    var days = 0
    while reader.next() {
      guard reader.equals(d("warmup"), "1") else { continue }
      days = max(days, try reader.whole(d("day"), "day", in: RunRanges.day, file: path) + 1)
    }
    return days
  }

  /// The value of `key` (a swept key) in `cell`.
  func value(of key: String, cell: Int) -> String {
    guard let i = sweptKeys.firstIndex(of: key), cellValues.indices.contains(cell) else { return "" }
    return cellValues[cell][i]
  }

  /// The values `key` takes in the folder, in first-seen order.
  func values(of key: String) -> [String] {
    switch key {
    case "arm": return arms
    case "cell": return cellValues.indices.map(String.init)
    default:
      var seen = Set<String>()
      return cellValues.indices.map { value(of: key, cell: $0) }.filter { seen.insert($0).inserted }
    }
  }

  /// The summary's tables of this folder with its cells pooled into groups
  /// (``OwnerRegrouping``): the summary's own figures when each cell is its own group.
  /// `arms` are the arms as regrouped (the folder's by default).
  func tables(
    regrouping: OwnerRegrouping, groups: Int, families: [MetricName], arms: [String]? = nil,
    hypotheses: [Hypothesis] = []
  ) throws(UserError) -> SummaryTables {
    let arms = arms ?? self.arms
    var regrouping = regrouping
    regrouping.clustersOwners = !byReplication && regrouping.poolsCells
    let byReplication = byReplication || regrouping.clustersOwners
    var plan = SummaryPlan(
      arms: arms, cellValues: Array(repeating: [], count: max(groups, 1)), sweptKeys: sweptKeys,
      warmupDays: warmupDays, families: families, byReplication: byReplication, hypotheses: hypotheses,
      seed: seed)
    plan.clustersOwners = regrouping.clustersOwners
    // The pooled values go to a scratch file outside the folder, which may be read-only.
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
      "bgsim-summarize-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)"
    ).path
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    let spill = try PooledValueSpill(path: scratch)
    let p = try SummaryTables.read(
      days: [file("days.csv")], launches: [file("launches.csv")], headers: true, arms: arms,
      cells: max(groups, 1),
      sweptKeys: sweptKeys, byReplication: byReplication, families: plan.families, warmupDays: warmupDays,
      regrouping: regrouping, spill: spill)
    return try SummaryTables.tables(p, directory: path, plan: plan, spills: [scratch], write: false)
  }
}
