import SimKernel

/// `BGContinuedProcessingTaskRequest` (iOS 26): submitted from the foreground after a
/// user action, it starts at once or queues for a free slot (``SimulatedApp``), so the
/// system scheduler does not judge it: it lists no activity.
public struct ContinuedProcessingPath: LaunchPath {
  public init() {}
  public var name: String { "continued" }
  public var requestKind: BGTaskKind? { .continuedProcessing }

  public func activity(for request: BGTaskScheduler.PendingRequest) -> Activity? { nil }

  public func launch(
    _ activity: Activity, app: some LaunchableApp, conditions: LaunchConditions, loop: inout EventLoop
  )
    -> LaunchResult
  {
    app.launch(name: activity.name, loop: &loop)
  }
}
