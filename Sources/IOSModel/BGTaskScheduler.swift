import SimKernel

/// The app's view of the system's task scheduler, mirroring Apple's `BGTaskScheduler`.
///
/// ```swift
/// app.taskScheduler.register(forTaskWithIdentifier: "com.example.refresh") { task in
///   scheduleRefresh()                        // one request is one launch
///   task.expirationHandler = { work.cancel() }
///   work.start { task.setTaskCompleted(success: $0) }
/// }
/// var request = BGAppRefreshTaskRequest(identifier: "com.example.refresh")
/// request.earliestBeginDate = app.now + .minutes(15)
/// try app.taskScheduler.submit(request)
/// ```
///
/// Pending requests live in the system, so they survive the app's process; launch
/// handlers live in the process and must be registered again at every launch.
public final class BGTaskScheduler {
  /// A request waiting for the system to launch it.
  public struct PendingRequest: Sendable {
    /// The request as submitted.
    public var request: any BGTaskRequest { stored.request }
    let stored: StoredRequest
    /// The request's identifier, interned, and kept beside the request: the system reads
    /// it at every change of the pending list.
    public let name: TaskName
    /// When it was submitted.
    public let submittedAt: SimTime
    /// Submission number within the app, increasing.
    public let serial: Int
    /// The request's fields the system reads at every change of the pending list, copied
    /// out of the request (its type is one of several).
    public let kind: BGTaskKind
    public let earliestBeginDate: SimTime?
    public let requiresNetworkConnectivity: Bool
    public let requiresExternalPower: Bool

    /// Generic, so that a caller with a concrete request type reads its fields directly
    /// (a cast out of an existential costs a few hundred instructions per submission).
    init<R: BGTaskRequest>(request: R, name: TaskName, submittedAt: SimTime, serial: Int) {
      stored = StoredRequest(request)
      self.name = name
      self.submittedAt = submittedAt
      self.serial = serial
      kind = request.kind
      earliestBeginDate = request.earliestBeginDate
      // The stored request has sorted out the type already: no second cast.
      if case .processing(let processing) = stored {
        requiresNetworkConnectivity = processing.requiresNetworkConnectivity
        requiresExternalPower = processing.requiresExternalPower
      } else {
        requiresNetworkConnectivity = false
        requiresExternalPower = false
      }
    }
  }

  /// The app, set by the app as it is made (it owns this scheduler).
  unowned var app: SimulatedApp!
  /// Launch handlers by interned identifier: a launch finds its handler by comparing
  /// numbers, not by reading the identifier out of the request's existential box.
  var handlers = SmallTable<TaskName, StoredLaunchHandler>()
  /// Pending requests in submission order.
  public internal(set) var pending: [PendingRequest] = [] { didSet { pendingGeneration &+= 1 } }
  /// Changes whenever ``pending`` does, so that the system can keep what it derives
  /// from the list until the list changes.
  public private(set) var pendingGeneration = 0
  /// Continued-processing requests waiting for a free slot, in order.
  var continuedQueue: [PendingRequest] = []
  var nextSerial = 1
  /// ``isPermitted(_:_:app:)``'s answers so far.
  var permitted = SmallTable<TaskName, Bool>()

  /// Whether the app declares the `fetch` and `processing` background modes, looked up
  /// once (the configuration does not change; each submission checks them).
  let declaresFetch: Bool
  let declaresProcessing: Bool

  /// A scheduler for an app with `configuration`; the app sets ``app`` once it is made.
  init(configuration: AppConfiguration) {
    declaresFetch = configuration.backgroundModes.contains("fetch")
    declaresProcessing = configuration.backgroundModes.contains("processing")
  }

  /// Registers the code that runs when the system launches `identifier`. Returns false
  /// (and records why) after the app finished launching, for an identifier missing from
  /// the permitted list, or for one already registered; iOS would stop the app with an
  /// exception in each case.
  @discardableResult
  public func register(forTaskWithIdentifier identifier: String, launchHandler: @escaping (BGTask) -> Void)
    -> Bool
  {
    let config = app.configuration
    var problem: String?
    if !app.isFinishingLaunch {
      problem = "registered after the app finished launching"
    } else if !config.permittedIdentifiers.contains(identifier) {
      problem = "identifier not in BGTaskSchedulerPermittedIdentifiers"
    } else if handlers[app.taskName(identifier)] != nil {
      problem = "a launch handler is already registered"
    }
    if let problem {
      app.record(.registerFailed, identifier, problem)
      return false
    }
    handlers[app.taskName(identifier)] = StoredLaunchHandler(launchHandler)
    app.record(.register, identifier)
    return true
  }

  /// Asks the system to launch the app for `request` later. Submitting an identifier
  /// that is already pending replaces the pending request.
  ///
  /// Generic over the request's type (an `any BGTaskRequest` is opened): code that
  /// builds a concrete request has its checks specialised, with no dynamic casts.
  public func submit<R: BGTaskRequest>(_ request: R) throws(BGTaskSchedulerError) {
    // The app, reached once: each read of an `unowned` reference is an atomic retain and
    // release.
    let app: SimulatedApp = self.app
    let name = app.taskName(request.identifier)
    do {
      try check(request, name: name, app: app)
    } catch {
      app.record(
        .submitFailed, request.identifier, request.kind.rawValue, value: Double(error.code.rawValue))
      throw error
    }
    if request.kind == .continuedProcessing {
      try submitContinued(request)
      return
    }
    if let i = pending.firstIndex(where: { $0.name == name }) {
      pending.remove(at: i)
      app.record(.replaced, name: name)
    }
    let limit =
      request.kind == .refresh
      ? app.configuration.maximumPendingRefresh : app.configuration.maximumPendingProcessing
    var sameKind = 0
    for i in pending.indices where pending[i].kind == request.kind { sameKind += 1 }
    if sameKind >= limit {
      let error = BGTaskSchedulerError(.tooManyPendingTaskRequests)
      app.record(
        .submitFailed, request.identifier, request.kind.rawValue, value: Double(error.code.rawValue))
      throw error
    }
    pending.append(PendingRequest(request: request, name: name, submittedAt: app.now, serial: nextSerial))
    nextSerial += 1
    app.record(.submit, name: name, request.kind.rawValue, value: request.earliestBeginDate?.seconds)
  }

  func check<R: BGTaskRequest>(_ request: R, name: TaskName, app: SimulatedApp) throws(BGTaskSchedulerError) {
    // Read in place: a copy of the configuration retains each of its sets.
    guard app.configuration.era.hasBackgroundTasksFramework else { throw BGTaskSchedulerError(.unavailable) }
    if request.kind == .continuedProcessing, !app.configuration.era.hasContinuedProcessing {
      throw BGTaskSchedulerError(.unavailable)
    }
    guard isPermitted(name, request.identifier, app: app) else {
      throw BGTaskSchedulerError(.notPermitted)
    }
    switch request.kind {
    case .refresh:
      guard declaresFetch else {
        throw BGTaskSchedulerError(.notPermitted)
      }
    case .processing:
      guard declaresProcessing else {
        throw BGTaskSchedulerError(.notPermitted)
      }
    case .continuedProcessing:
      // Continued processing starts from a user action in the foreground.
      guard app.state.isForeground else { throw BGTaskSchedulerError(.notPermitted) }
    }
    if request.kind != .continuedProcessing, !app.configuration.backgroundAppRefresh {
      throw BGTaskSchedulerError(.unavailable)
    }
  }

  /// Whether `identifier` (interned as `name`) is in `BGTaskSchedulerPermittedIdentifiers`,
  /// remembered per name: the list holds other copies of the texts, so each lookup
  /// compared them in full at every submission.
  func isPermitted(_ name: TaskName, _ identifier: String, app: SimulatedApp) -> Bool {
    if let known = permitted[name] { return known }
    let answer = app.configuration.permittedIdentifiers.contains(identifier)
    permitted[name] = answer
    return answer
  }

  func submitContinued<R: BGTaskRequest>(_ request: R) throws(BGTaskSchedulerError) {
    let entry = PendingRequest(
      request: request, name: app.taskName(request.identifier), submittedAt: app.now, serial: nextSerial)
    nextSerial += 1
    let free = app.runningContinuedCount < app.configuration.maximumRunningContinued && continuedQueue.isEmpty
    if !free, (request as? BGContinuedProcessingTaskRequest)?.strategy == .fail {
      let error = BGTaskSchedulerError(.immediateRunIneligible)
      app.record(
        .submitFailed, request.identifier, request.kind.rawValue, value: Double(error.code.rawValue))
      throw error
    }
    continuedQueue.append(entry)
    app.record(.submit, request.identifier, request.kind.rawValue)
    app.startQueuedContinued()
  }

  /// Withdraws the pending request with `identifier`, if any.
  public func cancel(taskRequestWithIdentifier identifier: String) {
    pending.removeAll { $0.stored.identifier == identifier }
    continuedQueue.removeAll { $0.stored.identifier == identifier }
    app.record(.cancel, identifier)
  }

  /// Withdraws every pending request.
  public func cancelAllTaskRequests() {
    pending.removeAll()
    continuedQueue.removeAll()
    app.record(.cancelAll)
  }

  /// The requests waiting to be launched.
  public func pendingTaskRequests() -> [any BGTaskRequest] {
    pending.map(\.request) + continuedQueue.map(\.request)
  }
}
