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

  /// `stream` supplies the work durations, outcomes and delays.
  /// Each task's submission policies, looked up once: the launch cycle asks them on
  /// every launch and completion, and hashing a `Set` there cost more than the rest.
  let submits: [SubmitFlags]

  struct SubmitFlags {
    var onLaunch, onCompletion, onStart, onForeground, onBackground, once: Bool

    init(_ policies: Set<TaskBehaviorSpec.SubmitPolicy>) {
      onLaunch = policies.contains(.onLaunch)
      onCompletion = policies.contains(.onCompletion)
      onStart = policies.contains(.onStart)
      onForeground = policies.contains(.onForeground)
      onBackground = policies.contains(.onBackground)
      once = policies.contains(.once)
    }
  }

  public init(spec: AppSpec, stream: RandomStream) {
    self.spec = spec
    self.stream = stream
    submits = spec.tasks.map { SubmitFlags($0.submit) }
  }

  public func didFinishLaunching(_ app: SimulatedApp, inBackground: Bool) {
    for (k, task) in spec.tasks.enumerated() {
      // The handler lives in the app's scheduler, so it must not keep the app alive
      // (unowned); it may keep the behaviour, which holds neither (and a strong
      // reference is read without the atomic check an unowned one costs at each launch).
      app.taskScheduler.register(forTaskWithIdentifier: task.identifier) {
        [self, unowned app] bgTask in
        self.run(k, bgTask, app)
      }
    }
    let first = !launchedBefore
    launchedBefore = true
    for k in spec.tasks.indices where submits[k].onLaunch || (first && submits[k].once) {
      submit(k, app)
    }
  }

  public func didBecomeActive(_ app: SimulatedApp) {
    for k in spec.tasks.indices where submits[k].onForeground { submit(k, app) }
  }

  public func didEnterBackground(_ app: SimulatedApp) {
    for k in spec.tasks.indices where submits[k].onBackground { submit(k, app) }
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
  /// Submits task `k` of the spec (its fields read in place, not copied).
  func submit(_ k: Int, _ app: SimulatedApp) {
    let delay = spec.tasks[k].earliestBegin.map { max(0, $0.sample(stream)) }
    var earliest = delay.map { app.now + .seconds($0) }
    if let timeOfDay = spec.tasks[k].earliestBeginTimeOfDay {
      // The next such time of day after now (runs start at midnight), then the delay.
      let now = app.now.seconds
      var next = (now / 86_400).rounded(.down) * 86_400 + timeOfDay
      if next <= now { next += 86_400 }
      earliest = SimTime(seconds: next + (delay ?? 0))
    }
    do {
      switch spec.tasks[k].kind {
      case .refresh:
        var r = BGAppRefreshTaskRequest(identifier: spec.tasks[k].identifier)
        r.earliestBeginDate = earliest
        try app.taskScheduler.submit(r)
      case .processing:
        var r = BGProcessingTaskRequest(identifier: spec.tasks[k].identifier)
        r.earliestBeginDate = earliest
        r.requiresNetworkConnectivity = spec.tasks[k].requiresNetworkConnectivity
        r.requiresExternalPower = spec.tasks[k].requiresExternalPower
        try app.taskScheduler.submit(r)
      case .continuedProcessing:
        let task = spec.tasks[k]
        var r = BGContinuedProcessingTaskRequest(
          identifier: task.identifier, title: task.identifier, subtitle: "")
        r.strategy = task.strategy
        try app.taskScheduler.submit(r)
      }
    } catch {
      // The failure is recorded by the scheduler; the app carries on, as apps do.
    }
  }

  /// The launch handler of task `k` of the spec: do the work, then complete (and
  /// resubmit if periodic). The closures hold the task's index, not a copy of its spec.
  func run(_ k: Int, _ bgTask: BGTask, _ app: SimulatedApp) {
    // The next request first, as a handler that reschedules before its work does.
    if submits[k].onStart { submit(k, app) }
    let seconds = max(0, spec.tasks[k].work.sample(stream))
    let success = stream.uniform() < spec.tasks[k].successProbability
    let launch = DeclarativeLaunch(behavior: self, task: bgTask, index: k, success: success)
    // Both closures capture the one launch object and nothing else, so it serves as their
    // context: no context is allocated for either (two per launch before). The task holds
    // its handler, which holds the launch, which holds the task: the app breaks that
    // cycle when the task leaves it (``SimulatedApp/finish(_:outcome:)``, termination).
    launch.timer = app.after(seconds: seconds) { [launch] in launch.workDone() }
    bgTask.expirationHandler = { [launch] in launch.expired() }
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
