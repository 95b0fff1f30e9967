import FileFormats
import IOSModel
import Randomness

/// `bgsim explain`: the scheduler's decisions for a scenario, or for one owner of an
/// experiment, rendered as text.
public struct Explanation: Sendable {
  /// A scenario file, or an experiment file (its root has `arms`).
  public var file: String
  public var task: String?
  /// Overrides the file's days (≥ 1).
  public var days: Int?
  /// Overrides the file's master seed.
  public var seed: UInt64?
  /// Most decision lines per task.
  public var limit = 60
  /// Experiment files only: the arm (default: every arm), the owner, the replication and
  /// the sweep cell, all from 0.
  public var arm: String?
  public var device = 0
  public var replication = 0
  public var cell = 0

  public init(file: String) { self.file = file }

  /// Whether any experiment-only option was given.
  var usesExperimentOptions: Bool { arm != nil || device != 0 || replication != 0 || cell != 0 }

  public func render() throws(UserError) -> String {
    let tree: ConfigTree
    do { tree = try ConfigTree.load(file: file) } catch { throw UserError(error.description) }
    guard tree.entries(of: "arms") != nil else {
      if usesExperimentOptions {
        throw UserError(
          "\(file): --arm, --device, --replication and --cell apply to experiment files; this is a scenario")
      }
      var scenario: Scenario
      do { scenario = try Scenario.parse(tree: tree, file: file) } catch {
        throw UserError(error.description)
      }
      if let days { scenario.days = days }
      if let seed { scenario.seed = seed }
      try checkTask(among: [scenario.app])
      return DecisionReport.render(scenario.run(), identifier: task, limit: limit)
    }
    return try renderExperiment(tree)
  }

  func renderExperiment(_ tree: ConfigTree) throws(UserError) -> String {
    let base: ExperimentSpec
    do { base = try ExperimentSpec(tree: tree, file: file) } catch { throw UserError(error.description) }
    guard base.cells.indices.contains(cell) else {
      throw UserError(
        "\(file): --cell \(cell) is out of range; the sweep has cells 0…\(base.cells.count - 1) ("
          + base.cells.indices.map { base.summaryPlan.cellLabel($0) }.prefix(4).joined(separator: "; ")
          + (base.cells.count > 4 ? "; …" : "") + ")")
    }
    var spec: ExperimentSpec
    do { spec = try base.spec(for: base.cells[cell]) } catch { throw UserError(error.description) }
    if let days { spec.days = days }
    if let seed { spec.seed = seed }
    guard device < spec.devices else {
      throw UserError(
        "\(file): --device \(device) is out of range; the experiment has owners 0…\(spec.devices - 1)")
    }
    guard replication < spec.replications else {
      throw UserError(
        "\(file): --replication \(replication) is out of range; the experiment has replications 0…\(spec.replications - 1)"
      )
    }
    let names = spec.arms.map(\.name)
    if let arm, !names.contains(arm) {
      throw UserError(
        "\(file): no arm '\(arm)'\(NearestName.hint(arm, among: names)); the arms are \(names.joined(separator: ", "))"
      )
    }
    try checkTask(
      among: spec.arms.map { a in
        var app = spec.app
        app.tasks = a.tasks
        return app
      })
    var out: [String] = []
    for a in spec.arms where arm == nil || a.name == arm {
      let outcome = OwnerSimulation.recipe(
        spec, replication: replication, owner: device, arm: a, recordDecisions: true
      ).run(days: spec.days)
      out.append(
        "arm \(a.name), owner \(device), replication \(replication)\(base.cells.count > 1 ? ", " + base.summaryPlan.cellLabel(cell) : ""), \(Format.count(spec.days, "day"))"
      )
      out.append(DecisionReport.render(outcome, identifier: task, limit: limit))
    }
    return out.joined(separator: "\n")
  }

  /// Refuses a `--task` that no app of `apps` could have: a mistyped identifier would
  /// otherwise read as a task that never ran.
  public func checkTask(among apps: [AppSpec]) throws(UserError) {
    guard let task else { return }
    var known: [String] = []
    for app in apps {
      for name in app.tasks.map(\.identifier) + app.configuration.permittedIdentifiers
      where !known.contains(name) {
        known.append(name)
      }
    }
    let system = SystemWork.allCases.map(\.rawValue)
    guard !known.contains(task), !system.contains(task) else { return }
    let tasks = known.isEmpty ? "it submits none" : "its tasks are \(known.joined(separator: ", "))"
    throw UserError(
      "\(file): --task '\(task)' is no task of this app\(NearestName.hint(task, among: known + system)); \(tasks), "
        + "and the system's launch paths are \(system.joined(separator: ", "))"
    )
  }
}
