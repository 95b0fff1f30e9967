import DeviceModel
import FileFormats
import IOSModel
import Results
import SimKernel

/// `bgsim validate`: reads configuration files without running anything.
public enum FileValidation {
  public enum Kind: String, CaseIterable, Sendable {
    case persona
    case app
    case timeline
    case trace
    case scenario
  }

  /// Checks an experiment file: keys, types, ranges, sweep cells and hypotheses.
  public static func checkExperiment(_ file: String) throws(UserError) -> String {
    try checkExperimentWithWarnings(file).summary
  }

  /// Checks an experiment file, and says what would silently do nothing: each arm's
  /// tasks that can never be submitted, an arm none of whose tasks can, legacy fetch
  /// and silent pushes that are off (one line each, `FILE: warning: …`).
  public static func checkExperimentWithWarnings(_ file: String) throws(UserError) -> (
    summary: String, warnings: [String]
  ) {
    var request = RunRequest()
    request.file = file
    let spec = try request.load()
    let summary =
      "\(file): experiment '\(spec.name)', \(spec.days) days × \(spec.devices) owners × \(spec.replications) replication(s), "
      + "arms \(spec.arms.map(\.name).joined(separator: ", ")), \(spec.cells.count) cell(s), \(spec.hypotheses.count) hypotheses"
    return (summary, warnings(of: spec, file: file))
  }

  /// What would silently do nothing in an experiment: each arm's tasks that can never
  /// be submitted, an arm none of whose tasks can, legacy fetch and silent pushes that
  /// are off; one line each, `FILE: warning: …`. `bgsim validate` and `bgsim run` say them.
  public static func warnings(of spec: ExperimentSpec, file: String) -> [String] {
    var warnings: [String] = []
    let configuration = spec.app.configuration
    for arm in spec.arms {
      warnings += arm.tasks.compactMap(configuration.warning(for:)).map { "arm \(arm.name): \($0)" }
      if !arm.tasks.isEmpty, !arm.tasks.contains(where: configuration.canSubmit) {
        warnings.append("arm \(arm.name): no mode permits any of its tasks, so the arm has no launches")
      }
    }
    warnings += configuration.warnings(tasks: [])
    warnings += powerKeyWarnings(spec)
    for h in spec.hypotheses {
      warnings += MetricName.formerNameNotes(in: [h.text]).map { "hypothesis '\(h.text)': \($0)" }
    }
    return warnings.map { OneLine.escaping("\(file): warning: \($0)") }
  }

  /// A processing task that sets `requires_external_power: false` in a model that runs
  /// processing only on power (in every cell): the request asks to run off power and
  /// never will, and two arms that differ only in it give the same launches (field
  /// report P2; dasd). `true`, what developers set, is what the model does anyway:
  /// silent.
  static func powerKeyWarnings(_ spec: ExperimentSpec) -> [String] {
    let cells = spec.cells.compactMap { try? spec.spec(for: $0) }
    guard (cells.isEmpty ? [spec] : cells).allSatisfy({ $0.scheduler.model.processingAlwaysNeedsPower })
    else {
      return []
    }
    return spec.arms.flatMap { arm in
      arm.tasks.filter {
        $0.kind == .processing && $0.requiresExternalPowerGiven && !$0.requiresExternalPower
      }.map {
        "arm \(arm.name): task \($0.identifier): requires_external_power: false has no effect: "
          + "this model runs processing only on the charger whatever the request says (field report P2); "
          + "set scheduler.policies.external_power.processing_always_needs_power: false to let it run off power"
      }
    }
  }

  /// What would silently do nothing in an app or a scenario file (``AppConfiguration/warnings(tasks:)``).
  public static func warnings(_ file: String, as kind: Kind) -> [String] {
    let app: AppSpec?
    switch kind {
    case .app: app = try? AppSpec.load(file: file)
    case .scenario: app = (try? Scenario.load(file: file))?.app
    default: app = nil
    }
    return (app.map { $0.configuration.warnings(tasks: $0.tasks) } ?? []).map { "\(file): warning: \($0)" }
  }

  /// Checks `file` as `kind`; returns a one-line summary, or throws the problem.
  public static func check(
    _ file: String, as kind: Kind, startDate: CivilDate = CivilDate(iso: "2026-01-05")!
  )
    throws(UserError) -> String
  {
    do {
      switch kind {
      case .persona:
        let p = try Persona.load(file: file)
        return
          "\(file): persona '\(p.name)', \(DurationTextFormat.number(p.usage.unlocksPerDay)) unlocks a day"
      case .app:
        let a = try AppSpec.load(file: file)
        let tasks = a.tasks.map { "\($0.identifier) (\($0.kind.rawValue))" }.joined(separator: ", ")
        return "\(file): app \(a.configuration.bundleIdentifier), tasks: \(tasks.isEmpty ? "none" : tasks)"
      case .timeline:
        let t = try Timeline.load(file: file, startDate: startDate)
        return
          "\(file): timeline of \(t.events.count) events scripting \(t.scriptedAspects.map(\.rawValue).sorted().joined(separator: ", "))"
      case .trace:
        let t = try RecordedTrace.load(file: file)
        return "\(file): trace of \(t.observations.count) observations"
      case .scenario:
        let s = try Scenario.parse(tree: try ConfigTree.load(file: file), file: file)
        let tasks = s.app.tasks.map(\.identifier).joined(separator: ", ")
        return
          "\(file): scenario '\(s.name)', \(s.days) day(s), persona '\(s.persona.name)', "
          + "scheduler \(s.scheduler.model.name), tasks: \(tasks.isEmpty ? "none" : tasks)"
      }
    } catch {
      throw UserError(error.description)
    }
  }
}

enum DurationTextFormat {
  static func number(_ v: Double) -> String { v == v.rounded() ? String(Int(v)) : String(v) }
}
