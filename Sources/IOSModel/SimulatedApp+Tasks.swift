import SimKernel

extension SimulatedApp {
  /// The system decided to run the pending request `identifier`. The app side checks
  /// its own rules (force-quit flag, `earliestBeginDate`), launches or resumes the
  /// process, and calls the registered launch handler.
  @discardableResult
  public func launch(identifier: String, loop: inout EventLoop) -> LaunchResult {
    launch(name: taskName(identifier), loop: &loop)
  }

  /// As ``launch(identifier:loop:)``, for the interned identifier.
  @discardableResult
  public func launch(name: TaskName, loop: inout EventLoop) -> LaunchResult {
    var result = LaunchResult.notPending
    enter(&loop) { result = launchNow(name: name) }
    return result
  }

  func launchNow(name: TaskName) -> LaunchResult {
    guard let index = taskScheduler.pending.firstIndex(where: { $0.name == name }) else {
      return .notPending
    }
    if isForceQuitFlagged,
      !(configuration.era.processingRunsAfterForceQuit && taskScheduler.pending[index].kind == .processing)
    {
      record(.launchRefused, name: name, "force_quit")
      return .refused(reason: "force_quit")
    }
    if let earliest = taskScheduler.pending[index].earliestBeginDate, now < earliest {
      record(.launchRefused, name: name, "before_earliest_begin_date")
      return .refused(reason: "before_earliest_begin_date")
    }
    return start(taskScheduler.pending.remove(at: index))
  }

  /// Starts the next queued continued-processing requests while slots are free.
  func startQueuedContinued() {
    while runningContinuedCount < configuration.maximumRunningContinued, !taskScheduler.continuedQueue.isEmpty
    {
      let entry = taskScheduler.continuedQueue.removeFirst()
      _ = start(entry)
    }
  }

  /// Starts the process in the background, or resumes it from suspension, so that it
  /// can run a task.
  func wakeForBackgroundWork() {
    switch state {
    case .notRunning: launchProcess(inBackground: true)
    case .suspended: setState(.background)
    default: break
    }
  }

  /// Runs a pending request's task: process up, task object made, launch handler called.
  func start(_ entry: BGTaskScheduler.PendingRequest) -> LaunchResult {
    let request = entry.stored
    let kind = entry.kind
    wakeForBackgroundWork()
    let serial = nextTaskSerial
    nextTaskSerial += 1
    let task: BGTask
    switch kind {
    case .refresh:
      task = BGAppRefreshTask(request: request, name: entry.name, serial: serial, launchedAt: now, app: self)
    case .processing:
      task = BGProcessingTask(request: request, name: entry.name, serial: serial, launchedAt: now, app: self)
    case .continuedProcessing:
      let t = BGContinuedProcessingTask(
        request: request, name: entry.name, serial: serial, launchedAt: now, app: self)
      if let r = request.request as? BGContinuedProcessingTaskRequest {
        t.updateTitle(r.title, subtitle: r.subtitle)
      }
      task = t
    }
    record(.launch, name: task.name, kind.rawValue)
    guard let handler = taskScheduler.handlers[entry.name] else {
      // iOS stops an app that has no handler for a task it is launched for.
      kill(reason: "no_launch_handler")
      return .launched(serial: serial)
    }
    runningTasks.insertNew(task, for: serial)
    workChanges.append(1)
    switch kind {
    case .refresh:
      self.request(
        .taskLimit, at: now + .seconds(configuration.refreshTimeLimitSeconds), payload: Int64(serial))
    case .processing:
      self.request(
        .taskLimit, at: now + .seconds(configuration.processingTimeLimitSeconds), payload: Int64(serial))
    case .continuedProcessing: break
    }
    handler.run(task)
    return .launched(serial: serial)
  }

  /// `setTaskCompleted(success:)` was called.
  func taskCompleted(_ task: BGTask, success: Bool) {
    guard !task.finished else {
      record(.misuse, name: task.name, "setTaskCompleted called on a finished task")
      return
    }
    finish(task, outcome: success ? .success : .failure)
  }

  func finish(_ task: BGTask, outcome: TaskCompletion) {
    task.finished = true
    // A finished task's handler is never called; dropping it frees a handler that holds
    // the task (``DeclarativeLaunch``).
    task.expirationHandler = nil
    runningTasks[task.serial] = nil
    workChanges.append(-1)
    record(.complete, name: task.name, outcome.rawValue)
    if task is BGContinuedProcessingTask { startQueuedContinued() }
    suspendIfIdle()
  }

  /// The system needs the task to stop: its expiration handler runs once (and is
  /// cleared); without one the task ends unsuccessfully. A task still running after
  /// the grace gets the app killed.
  func expire(_ task: BGTask, reason: String) {
    guard !task.finished, !task.expired else { return }
    task.expired = true
    record(.expire, name: task.name, reason)
    if let handler = task.expirationHandler {
      task.expirationHandler = nil
      handler()
    } else {
      finish(task, outcome: .expiredWithoutHandler)
    }
    if !task.finished {
      request(
        .taskWatchdog, at: now + .seconds(configuration.watchdogGraceSeconds), payload: Int64(task.serial))
    }
  }

  func overran(_ task: BGTask) {
    overruns += 1
    if configuration.debuggerAttached {
      record(.misuse, name: task.name, "task overran its time; watchdog off under the debugger")
    } else {
      kill(reason: "task_overran")
    }
  }

  /// The system launches the app for its own kind of work (a legacy fetch, a silent
  /// push, finished background transfers). The app's handler must call its completion
  /// handler within the time limit (30 s), or the watchdog kills the app. A background
  /// transfer's run starts with the transfer: its handler is called, and its time limit
  /// starts, `transferSeconds` later, once the bytes have moved.
  @discardableResult
  public func launchSystemWork(_ work: SystemWork, transferSeconds: Double, loop: inout EventLoop)
    -> LaunchResult
  {
    let path = work.rawValue
    var result = LaunchResult.notPending
    enter(&loop) {
      if isForceQuitFlagged, work != .backgroundTransfer {
        record(.launchRefused, path, "force_quit")
        result = .refused(reason: "force_quit")
        return
      }
      wakeForBackgroundWork()
      let serial = nextTaskSerial
      nextTaskSerial += 1
      let task = SystemLaunchTask(path: path, serial: serial, launchedAt: now, app: self)
      runningTasks.insertNew(task, for: serial)
      workChanges.append(1)
      record(.launch, path, path)
      if work == .backgroundTransfer, transferSeconds > 0 {
        request(.transferDone, at: now + .seconds(transferSeconds), payload: Int64(serial))
        result = .launched(serial: serial)
        return
      }
      startSystemWork(task, work)
      result = .launched(serial: serial)
    }
    return result
  }

  /// Calls the app's handler for `task`, a run of the system's `work`, and starts its
  /// time limit.
  func startSystemWork(_ task: SystemLaunchTask, _ work: SystemWork) {
    request(
      .taskLimit, at: now + .seconds(configuration.legacyLaunchTimeLimitSeconds), payload: Int64(task.serial))
    switch work {
    case .legacyFetch:
      behavior.performFetch(self) { [unowned self, unowned task] r in
        self.systemTaskDone(task, TaskCompletion(r))
      }
    case .silentPush:
      behavior.didReceiveRemoteNotification(self) { [unowned self, unowned task] r in
        self.systemTaskDone(task, TaskCompletion(r))
      }
    case .backgroundTransfer:
      behavior.handleEventsForBackgroundURLSession(self) { [unowned self, unowned task] in
        self.systemTaskDone(task, .done)
      }
    }
  }

  func systemTaskDone(_ task: SystemLaunchTask, _ outcome: TaskCompletion) {
    guard !task.finished else { return }
    finish(task, outcome: outcome)
  }

  /// The owner cancelled a continued-processing task from its progress display.
  public func userCancelsContinuedTask(identifier: String, loop: inout EventLoop) {
    enter(&loop) {
      for task in running where task is BGContinuedProcessingTask && task.identifier == identifier {
        expire(task, reason: "user_cancelled")
      }
    }
  }

  /// The system is under pressure: the continued-processing task with the least
  /// progress is stopped first.
  public func systemPressure(loop: inout EventLoop) {
    enter(&loop) {
      let continued = running.compactMap { $0 as? BGContinuedProcessingTask }
      if let least = continued.min(by: { ($0.progress, $0.serial) < ($1.progress, $1.serial) }) {
        expire(least, reason: "system_pressure")
      }
    }
  }
}
