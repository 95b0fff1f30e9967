import SimKernel

/// Background URLSession transfers: the app hands a transfer to the system, which runs
/// the oldest waiting one when its activity passes, for as long as its bytes take on
/// the network (``LaunchConditions/transferBytesPerSecond``), and then launches the app
/// to handle the finished session. A discretionary transfer is maintenance work; one the app asked
/// to run at once is utility work that only the swipe flag and the budgets hold back.
public struct BackgroundTransferPath: LaunchPath {
  /// Transfers waiting: (handed over at, bytes, discretionary).
  var waiting: [(at: SimTime, bytes: Double, discretionary: Bool)] = []
  static let activityName = TaskName(SystemWork.backgroundTransfer.rawValue)

  public init() {}
  public var name: String { SystemWork.backgroundTransfer.rawValue }
  public var isIdle: Bool { waiting.isEmpty }

  public mutating func observe(_ input: LaunchPathInput, app: some LaunchableApp) {
    guard case .transfer(let time, let bytes, let discretionary) = input else { return }
    waiting.append((time, bytes, discretionary))
  }

  /// One transfer at a time: the next waits until the app has handled the last.
  public func hasDueWork(at now: SimTime, _ context: LaunchPathContext) -> Bool {
    !waiting.isEmpty && !context.app.isRunning(.backgroundTransfer)
  }

  public func appendActivities(to list: inout [Activity], _ context: LaunchPathContext) {
    guard let t = waiting.first, !context.app.isRunning(.backgroundTransfer) else { return }
    var a = Activity(
      kind: .backgroundTransfer, name: Self.activityName, priority: t.discretionary ? .maintenance : .utility,
      submittedAt: t.at)
    a.discretionary = t.discretionary
    a.expectedBytes = t.bytes
    list.append(a)
  }

  public func launch(
    _ activity: Activity, app: some LaunchableApp, conditions: LaunchConditions, loop: inout EventLoop
  )
    -> LaunchResult
  {
    // The bytes take their time on the network; then the app handles the session.
    let seconds =
      conditions.transferBytesPerSecond > 0 ? activity.expectedBytes / conditions.transferBytesPerSecond : 0
    return app.launchSystemWork(.backgroundTransfer, transferSeconds: seconds, loop: &loop)
  }

  public mutating func launched(
    _ activity: Activity, at now: SimTime, app: some LaunchableApp, onCellular: Bool
  )
    -> Double
  {
    if !waiting.isEmpty { waiting.removeFirst() }
    return onCellular ? activity.expectedBytes : 0
  }
}
