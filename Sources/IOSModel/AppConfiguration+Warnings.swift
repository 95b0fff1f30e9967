extension AppConfiguration {
  /// Whether a task of this kind can be submitted at all: its era has the API, the app
  /// declares its background mode, and Background App Refresh is on (continued
  /// processing needs none of those but ios26).
  public func canSubmit(_ task: TaskBehaviorSpec) -> Bool {
    guard era.hasBackgroundTasksFramework else { return false }
    switch task.kind {
    case .continuedProcessing: return era.hasContinuedProcessing
    case .refresh: return backgroundModes.contains("fetch") && backgroundAppRefresh
    case .processing: return backgroundModes.contains("processing") && backgroundAppRefresh
    }
  }

  /// Why a task would never run, in a line; nil when it may.
  public func warning(for t: TaskBehaviorSpec) -> String? {
    guard !canSubmit(t) else { return nil }
    if !era.hasBackgroundTasksFramework {
      return "task \(t.identifier): \(era.rawValue) has no BGTaskScheduler, so its submit fails (unavailable)"
    }
    switch t.kind {
    case .continuedProcessing:
      return
        "task \(t.identifier) is a continued-processing request, which needs ios26: on \(era.rawValue) its submit fails (unavailable)"
    case .refresh where !backgroundModes.contains("fetch"):
      return
        "task \(t.identifier) is a refresh request, which needs the `fetch` background mode: its submit fails (not permitted)"
    case .processing where !backgroundModes.contains("processing"):
      return
        "task \(t.identifier) is a processing request, which needs the `processing` background mode: its submit fails (not permitted)"
    default:
      return "task \(t.identifier): background_app_refresh is off, so its submit fails (unavailable)"
    }
  }

  /// Why parts of an app so configured would never run, a line each, for `bgsim
  /// validate` to warn about (a run goes ahead, as iOS would): each task's
  /// (``warnings(forTask:of:)``), legacy fetch and silent pushes.
  public func warnings(tasks: [TaskBehaviorSpec]) -> [String] {
    tasks.indices.flatMap { warnings(forTask: $0, of: tasks) }
      + (legacyFetchOffReason.map { ["legacy fetch never runs: \($0)"] } ?? [])
      + (silentPushOffReason.map { ["silent pushes never launch the app: \($0)"] } ?? [])
  }

  /// Why task `i` of `tasks` would never run (``warning(for:)``), or not as the task it
  /// reads as (``repeatedIdentifierWarning(_:at:)``), a line each.
  public func warnings(forTask i: Int, of tasks: [TaskBehaviorSpec]) -> [String] {
    [warning(for: tasks[i]), Self.repeatedIdentifierWarning(tasks, at: i)].compactMap { $0 }
  }

  /// Why task `i` of `tasks` is not the task it reads as, in a line: an earlier task has
  /// its identifier, so a handler is already registered for it (the registration is
  /// rejected, where iOS would stop the app), the earlier task's handler runs its launches,
  /// and the two submits replace each other's pending request. nil when its identifier is
  /// its own.
  public static func repeatedIdentifierWarning(_ tasks: [TaskBehaviorSpec], at i: Int) -> String? {
    let id = tasks[i].identifier
    guard let first = tasks[..<i].firstIndex(where: { $0.identifier == id }) else { return nil }
    return
      "task \(id) [\(i)] has the identifier of task [\(first)]: its registration is rejected (iOS would stop the app), task [\(first)]'s handler runs its launches, and each submit replaces the other's pending request; give each task its own identifier"
  }
}
