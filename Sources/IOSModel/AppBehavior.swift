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
}

extension AppBehavior {
  public func didFinishLaunching(_ app: SimulatedApp, inBackground: Bool) {}
  public func willEnterForeground(_ app: SimulatedApp) {}
  public func didBecomeActive(_ app: SimulatedApp) {}
  public func didEnterBackground(_ app: SimulatedApp) {}
}

/// An app that does nothing in the background.
public final class IdleBehavior: AppBehavior {
  public init() {}
}
