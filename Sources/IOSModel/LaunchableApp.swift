import SimKernel

/// The app as the system scheduler sees it: its configuration and state, its pending
/// task requests, and the two ways to launch it. ``SimulatedApp`` is one; the decider
/// (``LaunchDecider``) and the launch paths (``LaunchPath``) see nothing else of it.
public protocol LaunchableApp: AnyObject {
  /// The app's Info.plist and settings: background modes, permitted identifiers, era.
  var configuration: AppConfiguration { get }
  var state: ApplicationState { get }
  /// Whether the owner swiped the app away since last opening it.
  var isForceQuitFlagged: Bool { get }
  /// The app's background tasks running now.
  var runningCount: Int { get }
  /// The app's tasks that overran their time so far.
  var overruns: Int { get }
  /// The app's pending `BGTaskScheduler` requests, in submission order.
  var pendingRequests: [BGTaskScheduler.PendingRequest] { get }
  /// A number that changes whenever ``pendingRequests`` does.
  var pendingGeneration: Int { get }
  /// Launches the app for its pending request `name`.
  func launch(name: TaskName, loop: inout EventLoop) -> LaunchResult
  /// Whether a run of the system's `work` is under way.
  func isRunning(_ work: SystemWork) -> Bool
  /// Launches the app for the system's own kind of work.
  func launchSystemWork(_ work: SystemWork, transferSeconds: Double, loop: inout EventLoop)
    -> LaunchResult
  /// The system suspends the running task `name` to make room for other work: its
  /// expiration handler runs, as for any expiry.
  func suspend(_ name: TaskName, loop: inout EventLoop)
}

extension SimulatedApp: LaunchableApp {
  public func isRunning(_ work: SystemWork) -> Bool {
    runningTasks.allValues.contains { ($0 as? SystemLaunchTask)?.path == work.rawValue }
  }

  public func suspend(_ name: TaskName, loop: inout EventLoop) {
    guard let task = running.first(where: { $0.name == name }) else { return }
    enter(&loop) { expire(task, reason: "suspended") }
  }

  public var pendingRequests: [BGTaskScheduler.PendingRequest] { taskScheduler.pending }
  public var pendingGeneration: Int { taskScheduler.pendingGeneration }
}

extension LaunchableApp {
  /// Launches the app for the system's own work that moves no data first.
  @discardableResult
  public func launchSystemWork(_ work: SystemWork, loop: inout EventLoop) -> LaunchResult {
    launchSystemWork(work, transferSeconds: 0, loop: &loop)
  }
}
