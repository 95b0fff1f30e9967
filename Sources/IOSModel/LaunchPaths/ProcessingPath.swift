import SimKernel

/// `BGProcessingTaskRequest`: judged at maintenance priority with the request's network
/// and power requirements, launched into the app's handler.
public struct ProcessingPath: LaunchPath {
  public init() {}
  public var name: String { "processing" }
  public var requestKind: BGTaskKind? { .processing }

  public func activity(for request: BGTaskScheduler.PendingRequest) -> Activity? {
    var a = Activity(
      kind: .processing, name: request.name, priority: .maintenance, submittedAt: request.submittedAt)
    a.earliest = request.earliestBeginDate
    a.requiresNetwork = request.requiresNetworkConnectivity
    a.requiresExternalPower = request.requiresExternalPower
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
