import Experiments
import FileFormats
import Foundation
import Randomness

/// A fit file: which model parameters to learn, from which observations, with how many
/// simulations (``ABCFit``).
///
/// ```yaml
/// name: scheduler-constants
/// parameters:                              # dotted keys of scheduler, app or persona
///   scheduler.threshold: [0.3, 0.8]        # a range: a uniform prior
///   scheduler.owners.leniency_sigma: "lognormal(median: 1, sigma: 0.5)"
/// targets:
///   suite: ../validation                   # relative to this file
///   cases: [R2, R7]                        # default: every expressible case of the suite
///   exclude: [F1]                          # cases left out
///   owners: 24                             # owners per case (default: each case's own)
/// # or, to fit to a device's own launch log (``LaunchLog``; `--log LOG` names it too):
/// # targets: {log: device.csv, tasks: [com.example.refresh], replicates: 4,
/// #           scenario: {persona: typical, app: {…}, scheduler: {…}}}
/// budget:
///   draws: 256                             # parameter sets simulated
///   keep: 26                               # the closest kept (default: a tenth)
///   tolerance: 0.5                         # and only those this close (default: any)
/// ```
public struct FitSpec: Sendable {
  public var name = "fit"
  public var file = ""
  public var parameters: [FitParameter] = []
  /// The folder of validation cases and the cases chosen from it (none for a log).
  public var suite = ""
  public var cases: [ValidationCase] = []
  /// What the draws are compared with: the cases, or a launch log.
  public var target: any FitTarget = SuiteTarget(cases: [])
  public var draws = 256
  public var keep = 26
  /// The largest distance kept (``ABCFit/distance(_:_:)``); infinite for any.
  public var tolerance = Double.infinity
  /// The text of the file, for the fingerprint of a resumed fit.
  public var text = ""

  public static let keys = ["name", "parameters", "targets", "budget"]
  /// The most draws a fit may ask for.
  public static let maximumDraws = 1_000_000

  public init() {}

  /// Reads a fit file and the validation cases or the log it names; every parameter is
  /// tried on every case, so that an unknown key or a value out of range is found here.
  /// `log`, when given, is the launch log to fit to (it replaces `targets.log`).
  public static func load(file: String, log: String? = nil) throws(UserError) -> FitSpec {
    do {
      var spec = try parse(tree: try ConfigTree.load(file: file), file: file, log: log)
      spec.text = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
      return spec
    } catch { throw UserError(error.description) }
  }

  static func parse(tree: ConfigTree, file: String, log: String? = nil) throws(ConfigError) -> FitSpec {
    if let misplaced = ConfigFileKind.misplaced(tree, readAs: .fit) { throw misplaced }
    let root = try ConfigSection(tree, keys: keys)
    var spec = FitSpec()
    spec.file = file
    spec.name =
      try root.text("name", default: URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent)
      ?? spec.name
    if let n = root.value("name"), spec.name.isEmpty || spec.name.hasPrefix(".") || spec.name.contains("/") {
      throw n.error("'\(spec.name)' is not a plain name; use letters, digits, '-' and '_'")
    }
    guard let p = root.value("parameters"), case .mapping(let entries) = p.value, !entries.isEmpty else {
      throw tree.error("'parameters' is missing; e.g. parameters: {scheduler.threshold: [0.3, 0.8]}")
    }
    for e in entries { spec.parameters.append(try FitParameter(key: e.key, line: e.line, tree: e.value)) }
    guard
      let t = try root.section(
        "targets", keys: ["suite", "cases", "exclude", "owners", "log", "tasks", "replicates", "scenario"])
    else {
      throw tree.error("'targets' is missing; e.g. targets: {suite: experiments/validation}")
    }
    let folder = URL(fileURLWithPath: file).deletingLastPathComponent()
    func resolve(_ path: String) -> String {
      path.hasPrefix("/") ? path : folder.appendingPathComponent(path).standardizedFileURL.path
    }
    if let named = try t.text("log", default: nil), log == nil {
      try spec.parseLog(t, path: resolve(named))
    } else if let log {
      try spec.parseLog(t, path: log)
    } else {
      try spec.parseSuite(t, resolve: resolve)
    }
    let b = try root.section("budget", keys: ["draws", "keep", "tolerance"])
    spec.draws = try b?.integer("draws", default: 256, range: 1...maximumDraws) ?? 256
    if spec.draws < spec.parameters.count {
      throw (b?.value("draws") ?? tree).error(
        "\(Format.count(spec.draws, "draw")) \(spec.draws == 1 ? "is" : "are") fewer than the \(spec.parameters.count) parameters; give at least \(spec.parameters.count)"
      )
    }
    spec.keep =
      try b?.integer("keep", default: max(1, spec.draws / 10), range: 1...spec.draws)
      ?? max(1, spec.draws / 10)
    spec.tolerance = try b?.number("tolerance", default: .infinity, range: 0...1e9) ?? .infinity
    // Each parameter at both ends of its prior, on every case (or the log's scenario): a
    // key the scenarios do not have, or a value they refuse, is found now, not after
    // hours of draws.
    let probes = spec.cases + ((spec.target as? LogTarget).map { [$0.template] } ?? [])
    for parameter in spec.parameters {
      for u in [0.001, 0.999] {
        let setting = parameter.setting(at: u, file: file)
        for c in probes { _ = try c.setting([setting]) }
      }
    }
    return spec
  }

  /// `targets` naming validation cases.
  mutating func parseSuite(_ t: ConfigSection, resolve: (String) -> String) throws(ConfigError) {
    let named = try t.text("suite", default: nil) ?? ""
    if named.isEmpty {
      throw t.tree.error("targets needs suite (a folder of validation cases) or log (a launch log)")
    }
    suite = resolve(named)
    let names = try t.list("cases")?.map(\.text) ?? []
    let excluded = try t.list("exclude")?.map(\.text) ?? []
    // A case named twice would weigh twice in the distance (or be left out twice).
    for key in ["cases", "exclude"] {
      _ = try t.value(key)?.distinctScalars(
        notPlain: "name each case by its id", twice: "name each case once")
    }
    let owners = try t.has("owners") ? t.integer("owners", default: 24, range: 2...10_000) : nil
    let all: [ValidationCase]
    do { all = try ValidationCase.loadAll(folder: suite) } catch { throw t.tree.error(error.message) }
    do { _ = try ValidationCase.select(excluded, from: all, suite: suite) } catch {
      throw (t.value("exclude") ?? t.tree).error(error.message)
    }
    do {
      cases = try ValidationCase.select(names, from: all, suite: suite).filter {
        $0.scenario != nil && !excluded.contains($0.id)
      }
    } catch {
      throw (t.value("cases") ?? t.tree).error(error.message)
    }
    if cases.isEmpty { throw t.tree.error("no expressible case to fit to; name cases that have a figure") }
    if let owners { for i in cases.indices { cases[i].owners = owners } }
    target = SuiteTarget(cases: cases)
  }

  /// `targets` naming a launch log, the task whose launches to compare, and the scenario
  /// (app, persona, scheduler) of the log's phone.
  mutating func parseLog(_ t: ConfigSection, path: String) throws(ConfigError) {
    let tasks = try t.list("tasks")?.map(\.text) ?? []
    // A task named twice would weigh its figures twice in the distance.
    _ = try t.value("tasks")?.distinctScalars(
      notPlain: "name each task by its identifier", twice: "name each task once: each is compared once")
    if tasks.isEmpty { throw t.tree.error("a log target names the tasks to compare, e.g. tasks: [refresh]") }
    let replicates = try t.integer("replicates", default: 4, range: 1...100)
    guard let scenario = t.value("scenario") else {
      throw t.tree.error("a log target needs scenario: {app: …}, the app that the log's phone ran")
    }
    var template = ValidationCase()
    template.id = "log"
    template.file = file
    template.scenarioTree = scenario
    template.scenario = try Scenario.parse(tree: scenario, file: file)
    let known = template.scenario?.app.tasks.map(\.identifier) ?? []
    for task in tasks where !known.contains(task) {
      throw (t.value("tasks") ?? t.tree).error(
        "the scenario's app has no task '\(task)'\(NearestName.hint(task, among: known))")
    }
    let log: LaunchLog
    // The log's own error names the log and its line.
    do { log = try LaunchLog.load(file: path) } catch { throw ConfigError(placedMessage: error.message) }
    // A task the log never names (a typo, another app's identifier) would be fitted to
    // no launches at all: the closest draws would be those that launch least.
    let logged = Set(log.rows.map(\.taskID)).subtracting([""]).sorted()
    for task in tasks where !logged.contains(task) {
      throw (t.value("tasks") ?? t.tree).error(
        "the log \(path) has no line of task '\(task)'\(NearestName.hint(task, among: logged)); its tasks: "
          + (logged.isEmpty ? "none" : logged.joined(separator: ", ")))
    }
    target = LogTarget(log: log, tasks: tasks, template: template, replicates: replicates)
  }

  /// The settings of draw `point` (one value in (0, 1) per parameter).
  public func settings(at point: [Double]) -> [ParameterSetting] {
    zip(parameters, point).map { $0.setting(at: $1, file: file) }
  }
}
