import SimKernel

/// Silent pushes (`content-available`): pushes that reach the device wait, coalesced,
/// until the system launches the app for them. A held push is replaced by the next one
/// (only the newest is kept, facts `multi-app.md` §1.6), so the launch's work arrived
/// with the newest push, and one launch delivers it. Only an
/// app with the `remote-notification` background mode is launched for them. The pushes
/// themselves come from the app's server, which the experiment wires.
public struct SilentPushPath: LaunchPath {
  /// Pushes received and not yet delivered.
  var pending = 0
  /// When the newest of them arrived: the one the launch delivers.
  var newestPending: SimTime?
  static let activityName = TaskName(SystemWork.silentPush.rawValue)

  public init() {}
  public var name: String { SystemWork.silentPush.rawValue }
  public var isIdle: Bool { pending == 0 }

  public mutating func observe(_ input: LaunchPathInput, app: some LaunchableApp) {
    guard case .silentPush(let time) = input, app.configuration.receivesSilentPushes else { return }
    pending += 1
    newestPending = time
  }

  public func hasDueWork(at now: SimTime, _ context: LaunchPathContext) -> Bool { pending > 0 }

  public func appendActivities(to list: inout [Activity], _ context: LaunchPathContext) {
    guard pending > 0, let newest = newestPending else { return }
    list.append(Activity(kind: .silentPush, name: Self.activityName, priority: .utility, submittedAt: newest))
  }

  public func launch(
    _ activity: Activity, app: some LaunchableApp, conditions: LaunchConditions, loop: inout EventLoop
  )
    -> LaunchResult
  {
    app.launchSystemWork(.silentPush, loop: &loop)
  }

  public mutating func launched(
    _ activity: Activity, at now: SimTime, app: some LaunchableApp, onCellular: Bool
  )
    -> Double
  {
    pending = 0
    newestPending = nil
    return 0
  }
}
