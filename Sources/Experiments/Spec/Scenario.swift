import DeviceModel
import FileFormats
import Foundation
import IOSModel
import PhoneAssembly
import Randomness
import Results
import SimKernel

/// One phone, one app, one scheduler, for a few days: a scripted day to explain, or a
/// field report to reproduce. Files live in `experiments/scenarios/`.
///
/// ```yaml
/// name: night-charger-cleanup
/// days: 2
/// seed: 1
/// start: 2026-01-05
/// persona: typical            # a name, a file, or {name: typical, overrides: {usage.unlocks_per_day: 40}}
/// random_habits: true         # false: only the timeline acts
/// timeline:                   # inline, or a file path
///   - [20:40, plug]
/// app: ../apps/news.yaml      # a file (relative to this one) or an inline app
/// scheduler: {model: ios}
/// other_apps: {background_active: 10}   # the owner's other apps (``AppPopulation``)
/// ```
public struct Scenario: Sendable {
  public var name = "scenario"
  public var file = ""
  public var days = 1
  public var seed: UInt64 = 1
  public var startDate = CivilDate(iso: "2026-01-05")!
  public var persona = Persona()
  public var timeline: Timeline?
  public var app = AppSpec()
  public var scheduler = SchedulerSpec()
  /// The owner's other apps, judged by the same scheduler (none by default).
  public var otherApps = AppPopulation()
  /// Days the owner had the app before the run (`app.installed_days_before`, as in an
  /// experiment): their opens fill dasd's history at the start.
  public var installedDaysBefore = 0

  public init() {}

  /// What a run of it would silently not do, a line each: its app's (tasks, legacy fetch,
  /// pushes), its persona's and its timeline's warnings.
  public var warnings: [String] {
    app.configuration.warnings(tasks: app.tasks) + persona.warnings + (timeline?.warnings(days: days) ?? [])
  }

  public static let keys = [
    "name", "days", "seed", "start", "persona", "random_habits", "timeline", "app", "scheduler", "other_apps",
  ]

  /// Reads a scenario file; relative paths inside it are resolved from its folder.
  public static func load(file: String) throws(UserError) -> Scenario {
    do { return try parse(tree: try ConfigTree.load(file: file), file: file) } catch {
      throw UserError(error.description)
    }
  }

  package static func parse(tree: ConfigTree, file: String) throws(ConfigError) -> Scenario {
    var s = Scenario()
    s.file = file
    let folder = URL(fileURLWithPath: file).deletingLastPathComponent()
    func resolve(_ path: String) -> String {
      path.hasPrefix("/") ? path : folder.appendingPathComponent(path).standardizedFileURL.path
    }
    if let misplaced = ConfigFileKind.misplaced(tree, readAs: .scenario) { throw misplaced }
    let root = try ConfigSection(tree, keys: keys)
    s.name =
      try root.text("name", default: URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent)
      ?? s.name
    s.days = try root.integer("days", default: 1, range: 1...3650)
    s.seed = UInt64(try root.integer("seed", default: 1, range: 0...Int.max))
    if let start = root.value("start") {
      guard let text = start.scalar, let date = CivilDate(iso: text) else {
        throw start.error("'\(start.scalar ?? "")' is not a date; write YYYY-MM-DD")
      }
      s.startDate = date
    }
    if let p = root.value("persona") { s.persona = try personaSpec(p, resolve: resolve) }
    let randomHabits = try root.flag("random_habits", default: true)
    if let t = root.value("timeline") {
      if let path = t.scalar {
        s.timeline = try Timeline.load(file: resolve(path), startDate: s.startDate)
        s.timeline?.randomHabits = randomHabits
      } else {
        s.timeline = try Timeline(list: t, randomHabits: randomHabits, startDate: s.startDate)
      }
    } else if !randomHabits {
      s.timeline = Timeline(events: [], randomHabits: false)
    }
    if let a = root.value("app") {
      if let path = a.scalar {
        s.app = try AppSpec.load(file: resolve(path))
      } else {
        if case .mapping = a.value {
          let owner = try ConfigSection(a, keys: AppSpec.keys + ["installed_days_before"])
          s.installedDaysBefore = try owner.integer("installed_days_before", default: 0, range: 0...365)
        }
        s.app = try AppSpec(tree: a.removing(keys: ["installed_days_before"]))
      }
    }
    if let sch = root.value("scheduler") { s.scheduler = try SchedulerSpec(tree: sch) }
    if let o = root.value("other_apps") {
      s.otherApps = try AppPopulation(tree: o, resolve: resolve)
      try s.otherApps.refuse(underStudy: s.app.configuration.bundleIdentifier, at: root.value("app") ?? o)
    }
    if let problem = s.scheduler.thresholdProblem(appleMaintenance: s.otherApps.hasAppleMaintenance) {
      throw problem
    }
    return s
  }

  /// A persona given by name, by file, or as {name, overrides}.
  static func personaSpec(_ tree: ConfigTree, resolve: (String) -> String) throws(ConfigError) -> Persona {
    func file(_ text: String) throws(ConfigError) -> PersonaCatalog.Source {
      if text.hasSuffix(".yaml") || text.hasSuffix(".yml") { return .file(resolve(text)) }
      do { return try PersonaCatalog.source(for: text) } catch { throw tree.error(error.message) }
    }
    if let name = tree.scalar { return try PersonaCatalog.load(try file(name)) }
    let s = try ConfigSection(tree, keys: ["name", "overrides"])
    let name = try s.text("name", default: "typical") ?? "typical"
    var overrides: [(path: String, value: ConfigTree)] = []
    if let o = s.value("overrides") {
      guard case .mapping(let entries) = o.value else {
        throw o.error("overrides must be a mapping of key: value")
      }
      overrides = entries.map { ($0.key, $0.value) }
    }
    return try PersonaCatalog.load(try file(name), overrides: overrides)
  }

  /// The phone this scenario describes: owner `index` of its seed.
  public func recipe(device index: Int = 0, recordDecisions: Bool = true) -> PhoneRecipe {
    PhoneRecipe(
      persona: persona, app: app, scheduler: scheduler, timeline: timeline,
      calendar: SimCalendar(startDate: startDate), streams: RandomStreams(seed: seed), owner: index,
      recordDecisions: recordDecisions, otherApps: otherApps, installedDaysBefore: installedDaysBefore)
  }

  /// Runs the scenario on one phone with decisions recorded.
  public func run(device index: Int = 0, recordDecisions: Bool = true) -> PhoneLog {
    recipe(device: index, recordDecisions: recordDecisions).run(days: days)
  }
}
