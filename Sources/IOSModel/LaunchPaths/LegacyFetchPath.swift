import SimKernel

/// Legacy background fetch (`setMinimumBackgroundFetchInterval`) as dasd's Background App
/// Refresh scheduler runs it (legacy-fetch.md §1–§2, grade H): for an app with the
/// `fetch` mode, a minimum interval and no permitted identifiers, opened within the
/// scheduler's history and, on a phone with other apps, kept by dasd's ranking
/// (``LaunchPathContext/keepsLegacyFetch``), one pending fetch with a 24-h window,
/// re-created
/// - when the app leaves the foreground, from then + the interval (while it is on screen
///   its fetch is cancelled; the first open is when the app stores its interval);
/// - after each fetch launch, from then + the interval;
/// - at each firing of dasd's 3-hourly fetch timer, from that moment, the interval not
///   added (``SystemScheduler`` fires it; ``observe(_:app:)`` with
///   ``LaunchPathInput/fetchTimer(at:spacedTo:)``); for an app dasd has launched more
///   than 9 times, a firing less than 450 s after its last launch of any kind starts
///   the fetch 450 s after that launch, its window collapsed to that moment
///   (dasd-decisions.md §4; legacy-fetch.md §5, item 5).
/// Each fetch is judged like a refresh request, against its own optimum over its window
/// (dasd-decisions.md §2), so a fetch re-created every 3 h waits for the moment the
/// owner's opens make best.
public struct LegacyFetchPath: LaunchPath {
  /// The pending fetch's window; nil while none is pending.
  var window: (start: SimTime, end: SimTime)?
  /// Whether the app has stored its interval with dasd (it does at its first open).
  var intervalStored = false
  /// Whether the app is on screen: its fetch is cancelled until it leaves.
  var onScreen = false
  static let activityName = TaskName(SystemWork.legacyFetch.rawValue)
  /// How long a fetch's window stays open after its start (legacy-fetch.md §1: 86,400 s).
  static let windowSeconds = 86_400.0

  public init() {}
  public var name: String { SystemWork.legacyFetch.rawValue }
  public var isIdle: Bool { window == nil }
  /// The pending fetch's start, for its timer.
  public var startsAt: SimTime? { window?.start }

  public mutating func observe(_ input: LaunchPathInput, app: some LaunchableApp) {
    guard app.configuration.usesLegacyFetch,
      let interval = app.configuration.minimumBackgroundFetchIntervalSeconds
    else { return }
    switch input {
    case .appOpened:
      (intervalStored, onScreen, window) = (true, true, nil)
    case .appClosed(let time):
      onScreen = false
      if intervalStored { open(from: time + .seconds(interval)) }
    case .fetchTimer(let time, let spaced):
      guard intervalStored, !onScreen else { break }
      if let spaced { window = (spaced, spaced) } else { open(from: time) }
    case .started(let time, let openedBefore):
      // An app opened before stored its interval then; dasd starting makes its fetch due.
      if openedBefore { intervalStored = true }
      if intervalStored, !onScreen { open(from: time) }
    case .transfer, .silentPush:
      break
    }
  }

  mutating func open(from start: SimTime) {
    window = (start, start + .seconds(Self.windowSeconds))
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
    open(from: now + .seconds(app.configuration.minimumBackgroundFetchIntervalSeconds ?? 0))
    return 0
  }
}
