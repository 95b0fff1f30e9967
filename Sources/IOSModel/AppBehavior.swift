/// The app's own code: what it does when launched, when it comes to the foreground and
/// when it leaves. Write one in Swift against the mirrored API (register handlers in
/// ``didFinishLaunching(_:inBackground:)``, submit requests, set expiration handlers,
/// call `setTaskCompleted`), or describe one in YAML (``DeclarativeBehavior``).
///
/// Every method has an empty default, so a behaviour implements only what it needs.
public protocol AppBehavior: AnyObject {
  /// The process started; register every launch handler here, as on iOS.
  func didFinishLaunching(_ app: SimulatedApp, inBackground: Bool)
  /// The app is about to come to the foreground.
  func willEnterForeground(_ app: SimulatedApp)
  /// The app became active.
  func didBecomeActive(_ app: SimulatedApp)
  /// The app left the screen.
  func didEnterBackground(_ app: SimulatedApp)
  /// Legacy background fetch (`performFetchWithCompletionHandler`).
  func performFetch(_ app: SimulatedApp, completionHandler: @escaping (BackgroundFetchResult) -> Void)
  /// A silent push arrived (`didReceiveRemoteNotification:fetchCompletionHandler:`).
  func didReceiveRemoteNotification(
    _ app: SimulatedApp, completionHandler: @escaping (BackgroundFetchResult) -> Void)
  /// A background URLSession's transfers finished (`handleEventsForBackgroundURLSession`).
  func handleEventsForBackgroundURLSession(_ app: SimulatedApp, completionHandler: @escaping () -> Void)
}

/// What a fetch or push handler reports, mirroring `UIBackgroundFetchResult`.
public enum BackgroundFetchResult: String, Sendable, Hashable {
  case newData = "new_data"
  case noData = "no_data"
  case failed
}

extension AppBehavior {
  public func didFinishLaunching(_ app: SimulatedApp, inBackground: Bool) {}
  public func willEnterForeground(_ app: SimulatedApp) {}
  public func didBecomeActive(_ app: SimulatedApp) {}
  public func didEnterBackground(_ app: SimulatedApp) {}
  public func performFetch(_ app: SimulatedApp, completionHandler: @escaping (BackgroundFetchResult) -> Void)
  {
    completionHandler(.noData)
  }
  public func didReceiveRemoteNotification(
    _ app: SimulatedApp, completionHandler: @escaping (BackgroundFetchResult) -> Void
  ) { completionHandler(.noData) }
  public func handleEventsForBackgroundURLSession(
    _ app: SimulatedApp, completionHandler: @escaping () -> Void
  ) {
    completionHandler()
  }
}

/// An app that does nothing in the background.
public final class IdleBehavior: AppBehavior {
  public init() {}
}
