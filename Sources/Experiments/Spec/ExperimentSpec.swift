import DeviceModel
import FileFormats
import Foundation
import IOSModel
import Randomness
import Results
import SimKernel

/// An experiment file, resolved: who the owners are, what the app declares, which
/// scheduler decides, the arms to compare, the sweep cells and the hypotheses.
public struct ExperimentSpec: Sendable {
  /// An alternative the experiment compares: the app's task behaviours.
  public struct Arm: Sendable {
    public var name: String
    public var tasks: [TaskBehaviorSpec]
    public var backgroundTime: BackgroundTimeSpec
  }

  /// One point of the sweep: its overrides and the experiment they give.
  public struct Cell: Sendable {
    public var index: Int
    public var overrides: [(path: String, value: String)]
  }

  public var name = "experiment"
  public var file = ""
  public var days = 30
  /// Days at the start that are simulated but left out of the summary and the
  /// hypotheses (a fresh install's first day); marked in `days.csv`.
  public var warmupDays = 1
  /// Whether the file asks for `warmup_days: auto`: the warm-up is the start-up
  /// transient a pilot run shows (``warmupPilotSpec()``), set before the run.
  public var warmupIsAuto = false
  /// What the pilot run of `warmup_days: auto` read, once it has run; nil before, and
  /// for a fixed warm-up.
  public var warmupPilot: StartupTransient?
  public var devices = 200
  public var replications = 1
  public var seed: UInt64 = 42
  public var startDate = CivilDate(iso: "2026-01-05")!
  public var era: IOSEra = .ios26
  /// The owners: one persona, or a mixture drawn per owner.
  public var personas: [(persona: Persona, weight: Double)] = [(Persona(), 1)]
  public var timeline: Timeline?
  /// A recorded phone (`trace: FILE`, as `bgsim trace --replay` reads it) that every
  /// owner's device replays: its charger, screen, battery and network.
  public var trace: RecordedTrace?
  public var app = AppSpec()
  /// Days the owner had the app before the run (`app.installed_days_before`): their opens
  /// of it and unlocks, drawn from the same habits, fill dasd's history before day 0; 0
  /// for a fresh install on day 0.
  public var installedDaysBefore = 0
  public var scheduler = SchedulerSpec()
  /// The owner's other apps with background work (none by default).
  public var otherApps = AppPopulation()
  /// Whether `other_app_days.csv` is written: each other app's day (`outputs`).
  public var otherAppDays = false
  public var arms: [Arm] = []
  public var hypotheses: [Hypothesis] = []
  /// The family members the hypotheses name (`launched_by_HH:MM`,
  /// `share_owners_at_least_N_per_day`), and those `advise` or `--by` add.
  public var families: [MetricName] = []
  /// The whole file as parsed, for sweeps and the manifest.
  public var tree: ConfigTree
  public var cells: [Cell] = [Cell(index: 0, overrides: [])]
  /// `sweep.baseline`: the swept key and value of the cell the others are compared with.
  public var baseline: (key: String, value: String)?
  /// A fit's posterior sample: each replication draws its parameters from it
  /// (``spec(cell:replication:)``); nil for the defaults.
  public var posterior: PosteriorSample?

  public static let keys = [
    "name", "description", "days", "warmup_days", "devices", "replications", "seed", "start", "ios",
    "persona", "timeline", "trace",
    "app",
    "scheduler", "other_apps", "outputs", "arms", "sweep", "hypotheses",
  ]
  /// Keys of the `app` section beyond an app file's: they set the owner's use of the app.
  static let appOwnerKeys = ["opens_per_day", "force_quit_probability", "installed_days_before"]

  /// Reads an experiment file.
  public static func load(file: String) throws(UserError) -> ExperimentSpec {
    do { return try ExperimentSpec(tree: try ConfigTree.load(file: file), file: file) } catch {
      throw UserError(error.description)
    }
  }

  /// Decodes an experiment, its sweep cells included; every key is checked.
  public init(tree: ConfigTree, file: String) throws(ConfigError) {
    self.tree = tree
    self.file = file
    if let misplaced = ConfigFileKind.misplaced(tree, readAs: .experiment) { throw misplaced }
    let root = try ConfigSection(tree, keys: Self.keys)
    try decodeBody(root)
    let base = self
    cells = try Self.cells(root) { key in base.takesWholeNumbers(key) }
    baseline = try Self.baseline(root, cells: cells)
    try checkSize(root)
    // Every cell must decode too: this catches a sweep over a key that does not exist.
    var anyOtherApps = false
    for cell in cells {
      let spec = try self.spec(for: cell)
      if !spec.otherApps.isEmpty { anyOtherApps = true }
      if let problem = spec.scheduler.thresholdProblem(appleMaintenance: spec.otherApps.hasAppleMaintenance) {
        throw problem
      }
    }
    if otherAppDays, !anyOtherApps,
      let flag = try root.section("outputs", keys: ["other_app_days"])?.value("other_app_days")
    {
      throw flag.error(
        "no cell has other apps or Apple's maintenance on the phones, so the file would be "
          + "empty; give other_apps some apps or remove it")
    }
    let armNames = arms.map(\.name)
    if let list = try root.list("hypotheses") {
      for item in list {
        let h: Hypothesis
        do {
          h = try Hypothesis(
            parsing: item.text, arms: armNames,
            metrics: MetricName.allCases.filter(\.isTestable).map(\.rawValue))
        } catch { throw item.tree.error(error.description) }
        if let problem = cellsProblem(h.cells) { throw item.tree.error("'\(item.text)': \(problem)") }
        if let k = hypotheses.firstIndex(where: h.isSameClaim) {
          throw item.tree.error(
            "'\(item.text)' is the claim of hypotheses[\(k)] again; give it once: each claim counts in the Holm adjustment of all"
          )
        }
        hypotheses.append(h)
      }
    }
    families = MetricName.familyOrder(hypotheses.compactMap { MetricName(rawValue: $0.metric) })
  }

  /// The experiment as one sweep cell sees it.
  public func spec(for cell: Cell) throws(ConfigError) -> ExperimentSpec {
    guard !cell.overrides.isEmpty else { return self }
    var overrides: [(path: String, value: ConfigTree)] = []
    var taskOverrides: [(path: String, value: ConfigTree)] = []
    let sweep = tree.entries(of: "sweep")
    for (path, value) in cell.overrides {
      let line = sweep?.line ?? tree.line
      let scalar = ConfigTree(value: .scalar(value), file: file, line: line, path: "sweep.\(path)")
      if let hint = ConfigTree.taskSweepHint(path) { throw scalar.error(hint) }
      if ConfigTree.isTaskSweepKey(path) {
        taskOverrides.append((path, scalar))
      } else {
        overrides.append((path, ConfigTree(value: .scalar(value), file: file, line: line, path: path)))
      }
    }
    var copy = self
    var applied = try tree.applying(overrides)
    for (path, value) in taskOverrides { applied = try applied.applyingTaskSweep(path, value) }
    copy.tree = applied
    try copy.decodeBody(try ConfigSection(applied, keys: Self.keys))
    return copy
  }

  mutating func decodeBody(_ root: ConfigSection) throws(ConfigError) {
    name =
      try root.text("name", default: URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent)
      ?? name
    // The name becomes a folder under notebooks-data/: a plain file name only.
    if let n = root.value("name"),
      name.isEmpty || name == "." || name == ".." || name.hasPrefix(".") || name.contains("/")
        || name.contains("\0") || name.utf8.count > 200
    {
      throw n.error(
        "'\(name)' is not a plain name; use letters, digits, '-' and '_' (no '/', no leading '.')")
    }
    days = try root.integer("days", default: days, range: 1...3650)
    try decodeWarmup(root)
    devices = try root.integer("devices", default: devices, range: 1...10_000_000)
    replications = try root.integer("replications", default: replications, range: 1...10_000)
    seed = UInt64(try root.integer("seed", default: Int(seed), range: 0...Int.max))
    if let start = root.value("start") {
      guard let text = start.scalar, let date = CivilDate(iso: text) else {
        throw start.error("'\(start.scalar ?? "")' is not a date; write YYYY-MM-DD")
      }
      startDate = date
    }
    if let e = try root.text("ios", default: nil, allowed: IOSEra.allCases.map(\.rawValue)) {
      era = IOSEra(rawValue: e)!
    }
    if let p = root.value("persona") { personas = try PersonaCatalog.mixture(p, resolve: resolve) }
    if let t = root.value("timeline") {
      if let path = t.scalar {
        timeline = try Timeline.load(file: resolve(path), startDate: startDate)
      } else {
        timeline = try Timeline(list: t, randomHabits: true, startDate: startDate)
      }
    }
    if let t = root.value("trace") { trace = try RecordedTrace.load(at: t, resolve: resolve, days: days) }
    // The app: an app file's keys (without tasks, which the arms give) plus the owner's use.
    var appSection: ConfigSection?
    if let a = root.value("app") {
      appSection = try ConfigSection(a, keys: AppSpec.keys.filter { $0 != "tasks" } + Self.appOwnerKeys)
      app = try AppSpec(tree: a.removing(keys: Self.appOwnerKeys))
    }
    app.configuration.era = era
    if let s = appSection {
      let opens = try s.number("opens_per_day", default: -1, range: 0...500)
      let quit =
        s.has("force_quit_probability") ? try s.probability("force_quit_probability", default: 0) : -1
      for i in personas.indices {
        if opens >= 0 { personas[i].persona.usage.appOpensPerDay = opens }
        if quit >= 0 { personas[i].persona.usage.forceQuitProbability = quit }
      }
      installedDaysBefore = try s.integer("installed_days_before", default: 0, range: 0...365)
    }
    if let sch = root.value("scheduler") { scheduler = try SchedulerSpec(tree: sch) }
    if let o = root.value("other_apps") {
      otherApps = try AppPopulation(tree: o, resolve: resolve)
      try otherApps.refuse(underStudy: app.configuration.bundleIdentifier, at: root.value("app") ?? o)
    }
    if let out = try root.section("outputs", keys: ["other_app_days"]) {
      otherAppDays = try out.flag("other_app_days", default: false)
      if otherAppDays, root.value("other_apps") == nil {
        throw out.value("other_app_days")!.error(
          "other_app_days needs other apps on the phones; add an other_apps section or remove it")
      }
    }
    try decodeArms(root)
  }

  /// The `arms`: each a name and its tasks, with an optional background-time pattern.
  mutating func decodeArms(_ root: ConfigSection) throws(ConfigError) {
    guard let armsTree = root.value("arms") else {
      throw root.tree.error("missing key 'arms': name at least one arm, each with its tasks")
    }
    guard case .mapping(let entries) = armsTree.value, !entries.isEmpty else {
      throw armsTree.error("arms must be a mapping of arm names to {tasks: […]}")
    }
    arms = []
    for entry in entries {
      let s = try ConfigSection(entry.value, keys: ["tasks", "background_time"])
      var tasks: [TaskBehaviorSpec] = []
      if let list = s.value("tasks") {
        guard case .sequence(let items) = list.value else { throw list.error("expected a list of tasks") }
        for item in items {
          tasks.append(
            try TaskBehaviorSpec(try ConfigSection(item, keys: TaskBehaviorSpec.keys), app: app.configuration)
          )
        }
      }
      var bt = app.backgroundTime
      if let b = try s.section("background_time", keys: ["pattern", "work"]) {
        if let p = try b.text(
          "pattern", default: nil, allowed: BackgroundTimeSpec.Pattern.allCases.map(\.rawValue))
        {
          bt.pattern = BackgroundTimeSpec.Pattern(rawValue: p)!
        }
        bt.work = try b.distribution("work", default: bt.work, duration: true)
      }
      guard !entry.key.contains(","), !entry.key.contains(" ") else {
        throw entry.value.error("arm names may not contain commas or spaces")
      }
      arms.append(Arm(name: entry.key, tasks: tasks, backgroundTime: bt))
    }
  }

  /// A path named in the experiment file, resolved from the file's folder.
  func resolve(_ path: String) -> String {
    path.hasPrefix("/")
      ? path
      : URL(fileURLWithPath: file).deletingLastPathComponent().appendingPathComponent(path)
        .standardizedFileURL.path
  }

  /// The most sweep cells an experiment may have.
  public static let maximumCells = 10_000

  /// The most device-days one run may simulate (cells × replications × owners × days ×
  /// arms), and the most chunks it may be cut into: checked before anything is built.
  public static let maximumDeviceDays = 10_000_000_000
  public static let maximumChunks = 1_000_000

  /// The sweep's cells: a factorial grid, or Sobol points over ranges; `takesWholeNumbers`
  /// says whether a key refuses a fractional value (a Sobol range over it draws whole
  /// numbers).
  static func cells(_ root: ConfigSection, takesWholeNumbers: (String) -> Bool = { _ in false })
    throws(ConfigError) -> [Cell]
  {
    guard let sweep = try root.section("sweep", keys: ["grid", "sobol", "baseline"]) else {
      return [Cell(index: 0, overrides: [])]
    }
    if let grid = sweep.value("grid") {
      guard case .mapping(let entries) = grid.value, !entries.isEmpty else {
        throw grid.error("grid maps keys to lists of values, e.g. {app.opens_per_day: [1, 5, 20]}")
      }
      // The cell count first: a grid is refused before it is built.
      var sizes: [Int] = []
      for e in entries {
        guard case .sequence(let items) = e.value.value, !items.isEmpty else {
          throw e.value.error("expected a non-empty list of values")
        }
        sizes.append(items.count)
      }
      let count = saturatingProduct(sizes)
      guard count <= maximumCells else {
        throw grid.error(
          "the grid has \(count == Int.max ? "too many" : String(count)) cells, more than \(maximumCells); sweep fewer keys or values"
        )
      }
      var combos: [[(String, String)]] = [[]]
      for e in entries {
        let values = try e.value.distinctScalars(
          notPlain: "sweep values must be plain values", twice: "each value makes one cell: give it once")
        combos = combos.flatMap { c in values.map { c + [(e.key, $0)] } }
      }
      return combos.enumerated().map { Cell(index: $0.offset, overrides: $0.element) }
    }
    if let sobol = try sweep.section("sobol", keys: ["samples", "ranges"]) {
      let samples = try sobol.integer("samples", default: 8, range: 1...maximumCells)
      guard let ranges = sobol.value("ranges"), case .mapping(let entries) = ranges.value, !entries.isEmpty
      else {
        throw sobol.tree.error("sobol needs ranges, e.g. {app.opens_per_day: [1, 20]}")
      }
      let bounds = try entries.map { e throws(ConfigError) in
        try SobolRange(e, wholeNumbers: takesWholeNumbers(e.key))
      }
      guard let sequence = SobolSequence(dimensions: bounds.count) else {
        throw ranges.error("Sobol sampling supports 1–\(SobolSequence.maximumDimensions) keys")
      }
      return (0..<samples).map { i in
        Cell(index: i, overrides: zip(bounds, sequence.next()).map { b, u in (b.key, b.value(at: u)) })
      }
    }
    throw sweep.tree.error("a sweep needs grid or sobol")
  }

  /// The product of `factors`, or `Int.max` where it would overflow.
  static func saturatingProduct(_ factors: [Int]) -> Int {
    var product = 1
    for f in factors {
      let (p, overflow) = product.multipliedReportingOverflow(by: f)
      if overflow { return Int.max }
      product = p
    }
    return product
  }

  /// Refuses a run larger than ``maximumDeviceDays`` or ``maximumChunks``.
  func checkSize(_ root: ConfigSection) throws(ConfigError) {
    let ownerArms = Self.saturatingProduct([cells.count, replications, devices, max(1, arms.count)])
    let deviceDays = Self.saturatingProduct([ownerArms, days])
    let perChunk = ExperimentRunner.ownersPerChunk(days: days, arms: arms.count)
    let chunks = Self.saturatingProduct([cells.count, replications, (devices + perChunk - 1) / perChunk])
    guard deviceDays <= Self.maximumDeviceDays, chunks <= Self.maximumChunks else {
      throw root.tree.error(
        "the run is too large: \(deviceDays == Int.max ? "over 10^18" : String(deviceDays)) device-days (cells × replications × devices × days × arms); at most \(Self.maximumDeviceDays) in \(Self.maximumChunks) chunks, so shard it or make it smaller"
      )
    }
  }
}

extension ConfigTree {
  /// The entry under `key` of a mapping, if any.
  func entries(of key: String) -> ConfigTree.Entry? {
    guard case .mapping(let entries) = value else { return nil }
    return entries.first { $0.key == key }
  }
}
