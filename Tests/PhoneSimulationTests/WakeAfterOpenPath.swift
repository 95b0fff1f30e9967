import IOSModel
import SimKernel

@testable import PhoneAssembly

/// A toy launch path, to show that adding one is one file plus one line of
/// registration (`paths: SystemScheduler.standardPaths + [WakeAfterOpenPath()]`): an
/// hour after each time the owner opens the app, the system may wake it once, judged as
/// refresh-like work and handled as a background fetch.
struct WakeAfterOpenPath: LaunchPath {
  /// When the next wake-up may happen; nil when none waits.
  var due: SimTime?
  static let activityName = TaskName("wake_after_open")

  var name: String { "wake_after_open" }
  var isIdle: Bool { due == nil }

  mutating func observe(_ input: LaunchPathInput, app: some LaunchableApp) {
    if case .appOpened(let time) = input { due = time + .hours(1) }
  }

  func hasDueWork(at now: SimTime, _ context: LaunchPathContext) -> Bool { due.map { $0 <= now } ?? false }

  func appendActivities(to list: inout [Activity], _ context: LaunchPathContext) {
    guard let due else { return }
    var a = Activity(kind: .legacyFetch, name: Self.activityName, priority: .utility, submittedAt: due)
    a.earliest = due
    list.append(a)
  }

  func launch(
    _ activity: Activity, app: some LaunchableApp, conditions: LaunchConditions, loop: inout EventLoop
  ) -> LaunchResult {
    app.launchSystemWork(.legacyFetch, loop: &loop)
  }

  mutating func launched(_ activity: Activity, at now: SimTime, app: some LaunchableApp, onCellular: Bool)
    -> Double
  {
    due = nil
    return 0
  }
}
