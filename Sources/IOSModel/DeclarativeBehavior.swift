import Randomness
import SimKernel

/// App code generated from a declarative ``AppSpec``: it registers a handler for each
/// task, submits requests by each task's policies, does the work for a drawn time,
/// honours (or ignores) expiration, and uses background time by the declared pattern,
/// bugs included.
public final class DeclarativeBehavior: AppBehavior {
  public let spec: AppSpec
  let stream: RandomStream
  var launchedBefore = false
  /// Per task identifier: the serial of its running task and the work timer.
  var work: [Int: AppTimer] = [:]

  /// `stream` supplies the work durations, outcomes and delays.
  public init(spec: AppSpec, stream: RandomStream) {
    self.spec = spec
    self.stream = stream
  }

  public func didFinishLaunching(_ app: SimulatedApp, inBackground: Bool) {
    for task in spec.tasks {
      app.taskScheduler.register(forTaskWithIdentifier: task.identifier) {
        [unowned self, unowned app] bgTask in
        self.run(task, bgTask, app)
      }
    }
    let first = !launchedBefore
    launchedBefore = true
    for task in spec.tasks where task.submit.contains(.onLaunch) || (first && task.submit.contains(.once)) {
      submit(task, app)
    }
  }

  public func didBecomeActive(_ app: SimulatedApp) {
    for task in spec.tasks where task.submit.contains(.onForeground) { submit(task, app) }
  }

  public func didEnterBackground(_ app: SimulatedApp) {
    for task in spec.tasks where task.submit.contains(.onBackground) { submit(task, app) }
    if let t = spec.backgroundTransfer {
      app.startBackgroundTransfer(bytes: t.bytes, discretionary: t.discretionary)
    }
    useBackgroundTime(app)
  }

  public func performFetch(_ app: SimulatedApp, completionHandler: @escaping (BackgroundFetchResult) -> Void)
  {
    fetchLike(app, completionHandler)
  }

  public func didReceiveRemoteNotification(
    _ app: SimulatedApp, completionHandler: @escaping (BackgroundFetchResult) -> Void
  ) { fetchLike(app, completionHandler) }

  /// A fetch or push: work for a drawn time, move the declared bytes, report.
  func fetchLike(_ app: SimulatedApp, _ done: @escaping (BackgroundFetchResult) -> Void) {
    let seconds = max(0, spec.fetchWork.sample(stream))
    let bytes = spec.fetchBytes
    app.after(seconds: seconds) { [unowned app] in
      if bytes > 0 { app.recordNetworkTransfer(bytes: bytes) }
      done(bytes > 0 ? .newData : .noData)
    }
  }

  /// Builds and submits the request for `task`; errors are already in the app's trace.
  func submit(_ task: TaskBehaviorSpec, _ app: SimulatedApp) {
    let delay = task.earliestBegin.map { max(0, $0.sample(stream)) }
    let earliest = delay.map { app.now + .seconds($0) }
    do {
      switch task.kind {
      case .refresh:
        var r = BGAppRefreshTaskRequest(identifier: task.identifier)
        r.earliestBeginDate = earliest
        try app.taskScheduler.submit(r)
      case .processing:
        var r = BGProcessingTaskRequest(identifier: task.identifier)
        r.earliestBeginDate = earliest
        r.requiresNetworkConnectivity = task.requiresNetworkConnectivity
        r.requiresExternalPower = task.requiresExternalPower
        try app.taskScheduler.submit(r)
      case .continuedProcessing:
        var r = BGContinuedProcessingTaskRequest(
          identifier: task.identifier, title: task.identifier, subtitle: "")
        r.strategy = task.strategy
        try app.taskScheduler.submit(r)
      }
    } catch {
      // The failure is recorded by the scheduler; the app carries on, as apps do.
    }
  }

  /// The launch handler: do the work, then complete (and resubmit if periodic).
  func run(_ task: TaskBehaviorSpec, _ bgTask: BGTask, _ app: SimulatedApp) {
    let seconds = max(0, task.work.sample(stream))
    let success = stream.uniform() < task.successProbability
    let serial = bgTask.serial
    work[serial] = app.after(seconds: seconds) { [unowned self, unowned app, unowned bgTask] in
      self.work[serial] = nil
      if let c = bgTask as? BGContinuedProcessingTask { c.progress = 1 }
      if task.networkBytes > 0 { app.recordNetworkTransfer(bytes: task.networkBytes) }
      if task.callsSetTaskCompleted { bgTask.setTaskCompleted(success: success) }
      if task.submit.contains(.onCompletion) { self.submit(task, app) }
    }
    bgTask.expirationHandler = { [unowned self, unowned app, unowned bgTask] in
      guard task.honoursExpiration else { return }
      if let timer = self.work.removeValue(forKey: serial) { app.cancel(timer) }
      if task.callsSetTaskCompleted { bgTask.setTaskCompleted(success: false) }
      if task.submit.contains(.onCompletion) { self.submit(task, app) }
    }
  }

  /// Background time on leaving the screen, correct or buggy as declared.
  func useBackgroundTime(_ app: SimulatedApp) {
    let seconds = max(0, spec.backgroundTime.work.sample(stream))
    switch spec.backgroundTime.pattern {
    case .none:
      return
    case .paired:
      var id = UIBackgroundTaskIdentifier.invalid
      id = app.beginBackgroundTask(withName: "work") { [unowned app] in app.endBackgroundTask(id) }
      let token = id
      app.after(seconds: seconds) { [unowned app] in app.endBackgroundTask(token) }
    case .leak:
      app.beginBackgroundTask(withName: "work", expirationHandler: nil)
    case .overwrite:
      // Two begins store into one variable; only the second is ever ended.
      var stored = app.beginBackgroundTask(withName: "sdk", expirationHandler: nil)
      stored = app.beginBackgroundTask(withName: "app", expirationHandler: nil)
      let token = stored
      app.after(seconds: seconds) { [unowned app] in app.endBackgroundTask(token) }
    }
  }
}
