import SimKernel

/// One way iOS launches an app in the background, as the system scheduler sees it: the
/// path's pending work as activities, its launch, and what a run consumes.
///
/// A path either launches the app's task requests of one type (``requestKind``: refresh,
/// processing, continued processing), whose work is the app's pending `BGTaskScheduler`
/// requests of that type, or launches the system's own work (legacy fetch, silent
/// pushes, background transfers), which it keeps from what it observes. The scheduler
/// judges the app's requests first, in the order they were submitted, then each path's
/// own work in the order of its ``SystemScheduler/paths``. See "Launch paths" in the
/// `IOSModel` documentation.
public protocol LaunchPath {
  /// The name decisions and launch rows give the path's work.
  var name: String { get }
  /// The type of task request the path launches; nil for a path of the system's own work.
  var requestKind: BGTaskKind? { get }
  /// The activity a pending request of ``requestKind`` is judged as; nil when the
  /// system scheduler does not judge such requests.
  func activity(for request: BGTaskScheduler.PendingRequest) -> Activity?
  /// Whether the path holds no work of its own.
  var isIdle: Bool { get }
  /// When its pending work starts, if in the future dasd sets a timer at it (as at a
  /// request's start); nil for work that waits for a decision point.
  var startsAt: SimTime? { get }
  /// Whether any of its own work could run at `now`.
  func hasDueWork(at now: SimTime, _ context: LaunchPathContext) -> Bool
  /// Its own pending work, as activities, in the order they are judged.
  func appendActivities(to list: inout [Activity], _ context: LaunchPathContext)
  /// Something the app or its owner did that the path keeps track of (asked of paths
  /// of the system's own work only).
  mutating func observe(_ input: LaunchPathInput, app: some LaunchableApp)
  /// Launches the app for `activity`, one of this path's.
  func launch(
    _ activity: Activity, app: some LaunchableApp, conditions: LaunchConditions, loop: inout EventLoop
  ) -> LaunchResult
  /// The app was launched for `activity` at `now`: what the run consumes of the path's
  /// work (asked of paths of the system's own work only). Returns the bytes to charge to
  /// the cellular data budget.
  mutating func launched(_ activity: Activity, at now: SimTime, app: some LaunchableApp, onCellular: Bool)
    -> Double
}

/// What a path reads of the app and of the scheduler's history when it lists its work.
/// The conditions a launch starts in, for paths whose work depends on them.
public struct LaunchConditions: Sendable {
  /// Whether the phone is on cellular data.
  public let onCellular: Bool
  /// How fast a background transfer moves on the phone's network now [B/s] (0: no
  /// network).
  public let transferBytesPerSecond: Double

  public init(onCellular: Bool, transferBytesPerSecond: Double) {
    self.onCellular = onCellular
    self.transferBytesPerSecond = transferBytesPerSecond
  }
}

public struct LaunchPathContext {
  public let app: any LaunchableApp
  /// Whether the app keeps legacy fetch: the owner opened it within the history the
  /// scheduler keeps (a stand-in for dasd's cancelling of unused apps' work) and, with
  /// other apps on the phone, dasd's ranking keeps it (``LegacyFetchRanking``).
  public let keepsLegacyFetch: Bool
}

/// What a path may observe.
public enum LaunchPathInput: Sendable {
  /// The owner opened the app.
  case appOpened(at: SimTime)
  /// The app left the screen.
  case appClosed(at: SimTime)
  /// dasd's 3-hourly fetch timer fired (legacy-fetch.md §2); `spacedTo`, when dasd
  /// moves a new launch activity of the app past its last launch
  /// (``SystemScheduler/spacedFromLastLaunch(_:processing:era:)``): the fetch starts then, its window
  /// collapsed to that moment.
  case fetchTimer(at: SimTime, spacedTo: SimTime?)
  /// dasd started with the phone, the app opened before it or not (legacy-fetch.md §2 (d)).
  case started(at: SimTime, appOpenedBefore: Bool)
  /// The app handed a background URLSession transfer to the system [bytes].
  case transfer(at: SimTime, bytes: Double, discretionary: Bool)
  /// A silent push reached the device.
  case silentPush(at: SimTime)
}

extension LaunchPath {
  // A path of task requests holds no work of its own.
  public func activity(for request: BGTaskScheduler.PendingRequest) -> Activity? { nil }
  public var isIdle: Bool { true }
  public var startsAt: SimTime? { nil }
  public func hasDueWork(at now: SimTime, _ context: LaunchPathContext) -> Bool { false }
  public func appendActivities(to list: inout [Activity], _ context: LaunchPathContext) {}
  public mutating func observe(_ input: LaunchPathInput, app: some LaunchableApp) {}
  public mutating func launched(
    _ activity: Activity, at now: SimTime, app: some LaunchableApp, onCellular: Bool
  )
    -> Double
  { 0 }
}

extension LaunchPath {
  /// A path of the system's own work has no task requests.
  public var requestKind: BGTaskKind? { nil }
}
