import DeviceModel
import SimKernel

/// The system side of the boundary: it watches the app's pending requests and the
/// device, and decides when to launch. The iOS scheduler model and the stand-ins
/// (``ScriptedLauncher``) implement it; the experiment wiring calls it.
public protocol LaunchDecider {
  /// Called once at the start of a run; `target` addresses the decider's own events.
  mutating func start(
    app: some LaunchableApp, device: some DeviceConditions, target: UInt32, loop: inout EventLoop)
  /// One of the decider's own kernel events.
  mutating func handle(
    _ event: Event, app: some LaunchableApp, device: some DeviceConditions, loop: inout EventLoop)
  /// The device changed state (a chance to re-evaluate).
  mutating func deviceChanged(
    _ change: DeviceChange, app: some LaunchableApp, device: some DeviceConditions, loop: inout EventLoop
  )
  /// The app did things (submissions, completions, transfers) since the last call.
  mutating func appChanged(
    _ events: AppEvents, app: some LaunchableApp, device: some DeviceConditions, loop: inout EventLoop)
  /// A silent push from the app's server reached the device.
  mutating func silentPushArrived(
    app: some LaunchableApp, device: some DeviceConditions, loop: inout EventLoop)
  /// Why the identifier `name` was last launched (``LaunchCause``), for `launches.csv`;
  /// nil for a decider that keeps no reasons.
  func launchCause(_ name: TaskName) -> LaunchCause?
  /// The owner opened the other app of usage rank `rank` (1: the most used) at a
  /// screen-on (``DeviceModel/OtherAppUse``).
  mutating func otherAppOpened(rank: Int, at time: SimTime)
}

extension LaunchDecider {
  public func launchCause(_ name: TaskName) -> LaunchCause? { nil }
  public mutating func otherAppOpened(rank: Int, at time: SimTime) {}

  public mutating func silentPushArrived(
    app: some LaunchableApp, device: some DeviceConditions, loop: inout EventLoop
  ) {}

  public mutating func deviceChanged(
    _ change: DeviceChange, app: some LaunchableApp, device: some DeviceConditions, loop: inout EventLoop
  ) {}

  public mutating func appChanged(
    _ events: AppEvents, app: some LaunchableApp, device: some DeviceConditions, loop: inout EventLoop
  ) {}
}

/// A stand-in for the system that launches given identifiers at given times, like
/// Xcode's `_simulateLaunchForTaskWithIdentifier:` from the debugger. Each attempt's
/// result is kept in ``results``.
public struct ScriptedLauncher: LaunchDecider {
  public let plan: [(time: SimTime, identifier: String)]
  public private(set) var results: [(time: SimTime, identifier: String, result: LaunchResult)] = []

  public init(plan: [(time: SimTime, identifier: String)]) { self.plan = plan }

  public mutating func start(
    app: some LaunchableApp, device: some DeviceConditions, target: UInt32, loop: inout EventLoop
  ) {
    for (i, step) in plan.enumerated() {
      loop.schedule(at: step.time, target: target, payload: Int64(i))
    }
  }

  public mutating func handle(
    _ event: Event, app: some LaunchableApp, device: some DeviceConditions, loop: inout EventLoop
  ) {
    let step = plan[Int(event.payload)]
    results.append(
      (loop.now, step.identifier, app.launch(name: TaskName(step.identifier), loop: &loop)))
  }
}
