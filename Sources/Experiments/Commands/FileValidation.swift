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
      "\(file): experiment '\(spec.name)', \(Format.count(spec.days, "day")) × \(Format.count(spec.devices, "owner")) × \(Format.count(spec.replications, "replication")), "
      + "arms \(spec.arms.map(\.name).joined(separator: ", ")), \(Format.count(spec.cells.count, "cell")), \(Format.count(spec.hypotheses.count, "hypothesis", "hypotheses"))"
    return (summary, warnings(of: spec, file: file))
  }

  /// What would silently do nothing in an experiment: each arm's tasks that can never
  /// be submitted, an arm none of whose tasks can, legacy fetch and silent pushes that
  /// are off; one line each, `FILE: warning: …`. `bgsim validate` and `bgsim run` say them.
  public static func warnings(of spec: ExperimentSpec, file: String) -> [String] {
    // Each warning with the line of what it is about, when the file has one.
    let configuration = spec.app.configuration
    var warnings = spec.arms.flatMap { arm in
      arm.tasks.indices.flatMap { i in
        configuration.warnings(forTask: i, of: arm.tasks).map {
          (taskLine(spec, arm.name, i), "arm \(arm.name): \($0)")
        }
      }
        + (!arm.tasks.isEmpty && !arm.tasks.contains(where: configuration.canSubmit)
          ? [
            (
              spec.tree.line(at: ["arms", arm.name]),
              "arm \(arm.name): no mode permits any of its tasks, so the arm has no launches"
            )
          ]
          : [])
    }
    warnings += configuration.warnings(tasks: []).map { (spec.tree.line(at: ["app"]), $0) }
    warnings += powerKeyWarnings(spec)
    warnings += (spec.timeline?.warnings(days: spec.days) ?? []).map {
      (spec.tree.line(at: ["timeline"]), $0)
    }
    warnings += spec.personas.flatMap { p in
      p.persona.warnings.map { (spec.tree.line(at: ["persona"]), "persona \(p.persona.name): \($0)") }
    }
    warnings += spec.hypotheses.flatMap { h in
      MetricName.formerNameNotes(in: [h.text]).map {
        (spec.tree.line(at: ["hypotheses"]), "hypothesis '\(h.text)': \($0)")
      }
    }
    return warnings.map { OneLine.escaping("\(file)\($0.0.map { ":\($0)" } ?? ""): warning: \($0.1)") }
  }

  /// The line of task `task` of arm `arm` (or of its `key`) in the experiment's file.
  static func taskLine(_ spec: ExperimentSpec, _ arm: String, _ task: Int, key: String = "") -> Int? {
    spec.tree.line(at: ["arms", arm, "tasks", "\(task)", key])
      ?? spec.tree.line(at: ["arms", arm, "tasks", "\(task)"])
  }

  /// A processing task that sets `requires_external_power: false` in a model that runs
  /// processing only on power (in every cell): the request asks to run off power and never
  /// will, and two arms that differ only in it give the same launches (field report P2;
  /// dasd). `true`, what developers set, is what the model does anyway: silent.
  static func powerKeyWarnings(_ spec: ExperimentSpec) -> [(Int?, String)] {
    let cells = spec.cells.compactMap { try? spec.spec(for: $0) }
    guard (cells.isEmpty ? [spec] : cells).allSatisfy({ $0.scheduler.model.processingAlwaysNeedsPower })
    else {
      return []
    }
    return spec.arms.flatMap { arm in
      arm.tasks.enumerated().filter {
        $0.element.kind == .processing && $0.element.requiresExternalPowerGiven
          && !$0.element.requiresExternalPower
      }.map {
        (
          taskLine(spec, arm.name, $0.offset, key: "requires_external_power"),
          "arm \(arm.name): task \($0.element.identifier): requires_external_power: false has no effect: "
            + "this model runs processing only on the charger whatever the request says (field report P2); "
            + "set scheduler.policies.external_power.processing_always_needs_power: false to let it run off power"
        )
      }
    }
  }

  /// What would silently do nothing in an app, a scenario or a persona file
  /// (``AppConfiguration/warnings(tasks:)``, ``Persona/warnings``, a scenario's timeline
  /// events past its days or on a charger already so, ``Timeline/warnings(days:)``).
  public static func warnings(_ file: String, as kind: Kind) -> [String] {
    let start = CivilDate(iso: "2026-01-05")!
    let found: [String]? =
      switch kind {
      case .app: (try? AppSpec.load(file: file)).map { $0.configuration.warnings(tasks: $0.tasks) }
      case .scenario: (try? Scenario.load(file: file))?.warnings
      case .persona: (try? Persona.load(file: file))?.warnings
      case .timeline: (try? Timeline.load(file: file, startDate: start))?.idleChargerWarning.map { [$0] }
      case .trace: nil
      }
    return (found ?? []).map { "\(file): warning: \($0)" }
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
          "\(file): persona '\(p.name)', \(Format.compact(p.usage.unlocksPerDay)) unlocks a day"
      case .app:
        let a = try AppSpec.load(file: file)
        let tasks = a.tasks.map { "\($0.identifier) (\($0.kind.rawValue))" }.joined(separator: ", ")
        return "\(file): app \(a.configuration.bundleIdentifier), tasks: \(tasks.isEmpty ? "none" : tasks)"
      case .timeline:
        let t = try Timeline.load(file: file, startDate: startDate)
        return
          "\(file): timeline of \(Format.count(t.events.count, "event")) scripting \(t.scriptedAspects.map(\.rawValue).sorted().joined(separator: ", "))"
      case .trace:
        let t = try RecordedTrace.load(file: file)
        return "\(file): trace of \(t.observations.count) observations"
      case .scenario:
        let s = try Scenario.parse(tree: try ConfigTree.load(file: file), file: file)
        let tasks = s.app.tasks.map(\.identifier).joined(separator: ", ")
        return
          "\(file): scenario '\(s.name)', \(Format.count(s.days, "day")), persona '\(s.persona.name)', "
          + "scheduler \(s.scheduler.model.name), tasks: \(tasks.isEmpty ? "none" : tasks)"
      }
    } catch {
      throw UserError(error.description)
    }
  }
}
