/// The kernel event kinds a ``SimulatedApp`` schedules for itself. Each carries a
/// number that the app checks when it fires, so stale events are simply ignored.
enum AppKernelEvent: UInt32 {
  /// An app timer fires (payload: timer id).
  case timer = 100
  /// The suspension delay ended (payload: suspension generation).
  case suspend
  /// A task used up its run time (payload: task serial).
  case taskLimit
  /// The grace after a task's expiry ended (payload: task serial).
  case taskWatchdog
  /// Background time ran out (payload: background generation).
  case backgroundTimeExpiry
  /// The grace after background time ran out ended (payload: background generation).
  case backgroundWatchdog
  /// A background task begun after expiry expires at once (payload: its id).
  case backgroundImmediateExpiry
  /// A background transfer's bytes have moved (payload: the run's task serial).
  case transferDone
}

/// What became of a launch the system asked for.
public enum LaunchResult: Sendable, Hashable {
  /// The task started (its serial).
  case launched(serial: Int)
  /// The app side refused: force-quit flag, or earlier than `earliestBeginDate`.
  case refused(reason: String)
  /// No request with that identifier is pending.
  case notPending
}

/// A timer the app's code started with ``SimulatedApp/after(seconds:_:)``.
public struct AppTimer: Hashable, Sendable {
  public let id: Int
}
