import SimKernel

/// Legacy background fetch (`setMinimumBackgroundFetchInterval`): for an app with the
/// `fetch` mode, a minimum interval and no permitted identifiers, opened within the
/// scheduler's history and, on a phone with other apps, kept by dasd's ranking
/// (``LaunchPathContext/keepsLegacyFetch``). The first open sets a
/// window from now + interval to now + 24 h; each fetch opens the next one.
public struct LegacyFetchPath: LaunchPath {
  /// The current window, once the app has set an interval and been opened.
  var window: (start: SimTime, end: SimTime)?
  static let activityName = TaskName(SystemWork.legacyFetch.rawValue)

  public init() {}
  public var name: String { SystemWork.legacyFetch.rawValue }
  public var isIdle: Bool { window == nil }

  public mutating func observe(_ input: LaunchPathInput, app: some LaunchableApp) {
    guard case .appOpened(let time) = input, window == nil,
      let interval = app.configuration.minimumBackgroundFetchIntervalSeconds,
      app.configuration.usesLegacyFetch
    else { return }
    window = (time + .seconds(interval), time + .days(1))
  }

  public func hasDueWork(at now: SimTime, _ context: LaunchPathContext) -> Bool {
    guard let window, eligible(context) else { return false }
    return window.start <= now
  }

  public func appendActivities(to list: inout [Activity], _ context: LaunchPathContext) {
    guard let window, eligible(context) else { return }
    var a = Activity(
      kind: .legacyFetch, name: Self.activityName, priority: .utility, submittedAt: window.start)
    a.earliest = window.start
    a.windowEnd = window.end
    list.append(a)
  }

  func eligible(_ context: LaunchPathContext) -> Bool {
    context.app.configuration.usesLegacyFetch && context.keepsLegacyFetch
  }

  public func launch(
    _ activity: Activity, app: some LaunchableApp, conditions: LaunchConditions, loop: inout EventLoop
  )
    -> LaunchResult
  {
    app.launchSystemWork(.legacyFetch, loop: &loop)
  }

  public mutating func launched(
    _ activity: Activity, at now: SimTime, app: some LaunchableApp, onCellular: Bool
  )
    -> Double
  {
    let every = SimDuration(seconds: app.configuration.minimumBackgroundFetchIntervalSeconds ?? 0)
    window = (now + every, now + .days(1))
    return 0
  }
}
