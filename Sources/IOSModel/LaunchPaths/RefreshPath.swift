import SimKernel

/// `BGAppRefreshTaskRequest`: judged at utility priority as work that launches the app
/// for its owner (the application policy weighs it), launched into the app's handler.
public struct RefreshPath: LaunchPath {
  public init() {}
  public var name: String { "refresh" }
  public var requestKind: BGTaskKind? { .refresh }

  public func activity(for request: BGTaskScheduler.PendingRequest) -> Activity? {
    var a = Activity(kind: .refresh, name: request.name, priority: .utility, submittedAt: request.submittedAt)
    a.earliest = request.earliestBeginDate
    return a
  }

  public func launch(
    _ activity: Activity, app: some LaunchableApp, conditions: LaunchConditions, loop: inout EventLoop
  )
    -> LaunchResult
  {
    app.launch(name: activity.name, loop: &loop)
  }
}
