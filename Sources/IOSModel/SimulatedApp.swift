import SimKernel

/// The app under study: its process state, its `BGTaskScheduler`, its background time,
/// and the behaviour (its own code) that runs in it.
///
/// The app is driven from outside: the owner opens and leaves it (``userOpened(loop:)``,
/// ``userLeft(loop:)``, ``userForceQuit(loop:)``), the device reports use and
/// shutdowns, and the system's scheduler decides launches (``launch(identifier:loop:)``).
/// Launch requests go out through ``taskScheduler``'s pending list; launch decisions
/// come back in through `launch`. Every API call, state change, launch, expiry,
/// completion and kill is appended to ``events``.
///
/// The app keeps its identity for a whole run, so it is a class; it is confined to the
/// task that runs the simulation.
public final class SimulatedApp {
  public let configuration: AppConfiguration
  /// The kernel target of this app's own events.
  public let target: UInt32
  public let behavior: AppBehavior
  /// The scheduler the app's code talks to (Apple's `BGTaskScheduler.shared`). A
  /// constant: each call through a variable one retained and released it (two atomic
  /// operations), twice per launch.
  public let taskScheduler: BGTaskScheduler

  public internal(set) var state: ApplicationState = .notRunning
  /// The current simulated time, as of the last call into the app.
  public internal(set) var now: SimTime = .zero
  /// Set by a swipe-away in the app switcher; blocks every background launch until
  /// the owner opens the app again, and survives a restart of the phone.
  public internal(set) var isForceQuitFlagged = false
  /// Everything that happened since the owner last drained the list
  /// (``drainEvents()``), in order.
  @usableFromInline package internal(set) var events = Outbox<AppEvent>()
  /// The events of the last ``drainEvents()``, for the owner to read while new ones go to
  /// ``events``; emptied by ``finishDraining()``. The app's own code never touches them,
  /// only ``drainEvents()`` does.
  @usableFromInline package var drainedEvents = Outbox<AppEvent>()
  /// Interned task identifiers (``taskName(_:)``).
  var taskNames = SmallTable<String, TaskName>()
  /// +1 when a background task starts, −1 when it ends: the owner forwards these to
  /// the device's battery model, and empties the list (``clearWorkChanges()``).
  @usableFromInline package var workChanges = Outbox<Int>()
  /// Kills by the watchdog.
  public internal(set) var watchdogKills = 0
  /// Tasks that did not finish within the grace after expiring.
  public internal(set) var overruns = 0

  var isFinishingLaunch = false
  var runningTasks = SmallTable<Int, BGTask>()
  var nextTaskSerial = 1
  var backgroundTasks = SmallTable<Int, StoredAction?>()
  var nextBackgroundTaskID = 1
  var backgroundDeadline: SimTime?
  var backgroundTimeExpired = false
  var backgroundGeneration = 0
  var suspendGeneration = 0
  var timers = SmallTable<Int, StoredAction>()
  var deferredTimers: [StoredAction] = []
  var nextTimerID = 1
  var outbox = Outbox<(time: SimTime, kind: AppKernelEvent, payload: Int64)>()

  public init(configuration: AppConfiguration, behavior: AppBehavior, target: UInt32) {
    self.configuration = configuration
    self.behavior = behavior
    self.target = target
    taskScheduler = BGTaskScheduler(configuration: configuration)
    taskScheduler.app = self
  }

  deinit {
    // Tasks still running when the run ends: their handlers may hold them.
    for task in runningTasks.allValues { task.expirationHandler = nil }
  }

  /// Running continued-processing tasks.
  var runningContinuedCount: Int { runningTasks.allValues.filter { $0 is BGContinuedProcessingTask }.count }

  /// The tasks running now.
  public var running: [BGTask] { runningTasks.allValues.sorted { $0.serial < $1.serial } }

  /// How many tasks are running now.
  public var runningCount: Int { runningTasks.count }

  // MARK: Plumbing

  func record(_ kind: AppEvent.Kind, _ identifier: String = "", _ detail: String = "", value: Double? = nil) {
    record(kind, name: identifier.isEmpty ? .empty : taskName(identifier), detail, value: value)
  }

  func record(_ kind: AppEvent.Kind, name: TaskName, _ detail: String = "", value: Double? = nil) {
    events.append(AppEvent(time: now, kind: kind, name: name, detail: detail, value: value))
  }

  /// The interned name of a task identifier, remembered here: the app's few identifiers
  /// come back at every submission and launch, and a lookup in this small table
  /// compares strings that usually share their storage, where interning takes a lock
  /// and hashes the text.
  func taskName(_ identifier: String) -> TaskName {
    if let known = taskNames[identifier] { return known }
    let name = TaskName(identifier)
    taskNames[identifier] = name
    return name
  }

  func request(_ kind: AppKernelEvent, at time: SimTime, payload: Int64) {
    outbox.append((time, kind, payload))
  }

  /// Sets the clock, runs `body`, then schedules what it asked for.
  func enter(_ loop: inout EventLoop, _ body: () -> Void) {
    now = loop.now
    body()
    flush(&loop)
  }

  /// Schedules the kernel events the app's code asked for since the last call.
  package func flush(_ loop: inout EventLoop) {
    // Most calls find nothing asked for: emptying an empty array still costs a call.
    guard !outbox.isEmpty else { return }
    for i in 0..<outbox.count {
      let request = outbox[i]
      loop.schedule(
        at: max(request.time, loop.now), target: target, kind: request.kind.rawValue,
        payload: request.payload)
    }
    outbox.removeAll()
  }

  /// Moves the recorded events to ``drainedEvents`` (emptying ``events``) for the owner
  /// to read; events recorded meanwhile go to ``events``. Call ``finishDraining()`` when
  /// done with them.
  package func drainEvents() {
    drainedEvents.removeAll()
    swap(&events, &drainedEvents)
  }

  /// Empties ``drainedEvents``, moving those for which `keep` is true to `log`.
  @inlinable
  package func finishDraining(keepingIn log: inout [AppEvent], where keep: (borrowing AppEvent) -> Bool) {
    drainedEvents.moveAll(into: &log, where: keep)
  }

  /// Empties ``drainedEvents``.
  @inlinable
  package func finishDraining() { drainedEvents.removeAll() }

  /// Empties ``workChanges`` once the owner has passed them on.
  @inlinable
  package func clearWorkChanges() { workChanges.removeAll() }

  func setState(_ new: ApplicationState) {
    guard new != state else { return }
    state = new
    record(.state, "", new.rawValue)
    if new != .suspended, new != .notRunning, !deferredTimers.isEmpty {
      let due = deferredTimers
      deferredTimers.removeAll()
      for action in due { action.run() }
    }
  }

  /// Hands a transfer to a background `URLSession`: the system runs it when it sees
  /// fit (discretionary ones wait for good conditions) and then launches the app to
  /// finish up.
  public func startBackgroundTransfer(bytes: Double, discretionary: Bool) {
    record(.transfer, discretionary ? "discretionary" : "", value: bytes.rounded(.towardZero))
  }

  /// Reports that the app's code moved `bytes` over the network (for the data budget).
  public func recordNetworkTransfer(bytes: Double) { record(.network, value: bytes.rounded(.towardZero)) }

  // MARK: Timers for the app's code

  /// Runs `action` after `seconds` of simulated time, as `DispatchQueue.asyncAfter`
  /// would; a suspended app runs it when it next runs. A killed app never does.
  @discardableResult
  public func after(seconds: Double, _ action: @escaping () -> Void) -> AppTimer {
    let id = nextTimerID
    nextTimerID += 1
    timers.insertNew(StoredAction(action), for: id)
    request(.timer, at: now + .seconds(max(0, seconds)), payload: Int64(id))
    return AppTimer(id: id)
  }

  /// Stops a timer before it fires.
  public func cancel(_ timer: AppTimer) { timers[timer.id] = nil }

  // MARK: Kernel events

  /// Handles one of the app's own kernel events.
  public func handle(_ event: Event, loop: inout EventLoop) {
    guard let kind = AppKernelEvent(rawValue: event.kind) else { return }
    enter(&loop) {
      let payload = Int(event.payload)
      switch kind {
      case .timer:
        guard let action = timers.removeValue(forKey: payload), state != .notRunning else { return }
        if state == .suspended { deferredTimers.append(action) } else { action.run() }
      case .suspend:
        if payload == suspendGeneration, state == .background, isIdle { setState(.suspended) }
      case .transferDone:
        if let task = runningTasks[payload] as? SystemLaunchTask, !task.finished {
          startSystemWork(task, .backgroundTransfer)
        }
      case .taskLimit:
        if let task = runningTasks[payload] as? SystemLaunchTask {
          // Older paths have no expiration handler: a missing completion is an overrun.
          record(.expire, task.identifier, "time_limit")
          overran(task)
        } else if let task = runningTasks[payload] {
          expire(task, reason: "time_limit")
        }
      case .taskWatchdog:
        if let task = runningTasks[payload] { overran(task) }
      case .backgroundTimeExpiry:
        if payload == backgroundGeneration { backgroundTimeRanOut() }
      case .backgroundWatchdog:
        if payload == backgroundGeneration, !state.isForeground, !backgroundTasks.isEmpty,
          state != .notRunning
        {
          if configuration.debuggerAttached {
            record(.misuse, "", "background task not ended; watchdog off under the debugger")
          } else {
            kill(reason: "background_task_not_ended")
          }
        }
      case .backgroundImmediateExpiry:
        if let handler = backgroundTasks[payload] {
          handler?.run()
          request(
            .backgroundWatchdog, at: now + .seconds(configuration.watchdogGraceSeconds),
            payload: Int64(backgroundGeneration))
        }
      }
    }
  }

  /// No task, no background time held: nothing keeps the app running.
  var isIdle: Bool { runningTasks.isEmpty && backgroundTasks.isEmpty }

  /// Suspends the app soon if nothing keeps it running.
  func suspendIfIdle() {
    guard state == .background, isIdle, !configuration.debuggerAttached else { return }
    suspendGeneration += 1
    request(
      .suspend, at: now + .seconds(configuration.suspendDelaySeconds), payload: Int64(suspendGeneration))
  }
}
