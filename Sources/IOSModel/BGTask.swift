import SimKernel

/// A background task the system launched, mirroring Apple's `BGTask`. The launch
/// handler receives it; the app's code must call ``setTaskCompleted(success:)`` when
/// done and should set ``expirationHandler`` to stop early when told.
public class BGTask {
  /// The identifier the task was requested with.
  public var identifier: String { stored.identifier }
  /// The identifier, interned (for the app's events).
  let name: TaskName
  /// Called when the system needs the task to stop (run time used up, or, for
  /// processing, the user picked up the device). Cleared after it runs, and when the
  /// task finishes or the app ends (it is never called then).
  public var expirationHandler: (() -> Void)?
  /// A number unique within the app, for the trace.
  public let serial: Int
  /// When it started.
  public let launchedAt: SimTime
  /// The request it fulfils.
  public var request: any BGTaskRequest { stored.request }
  let stored: StoredRequest
  unowned let app: SimulatedApp
  var finished = false
  var expired = false

  init(request: StoredRequest, name: TaskName, serial: Int, launchedAt: SimTime, app: SimulatedApp) {
    self.name = name
    stored = request
    self.serial = serial
    self.launchedAt = launchedAt
    self.app = app
  }

  /// Tells the system the work is done. Calling it again has no effect (and is
  /// recorded as misuse).
  public func setTaskCompleted(success: Bool) { app.taskCompleted(self, success: success) }

  /// Whether the task has ended, by completion, expiry without a handler, or a kill.
  public var isFinished: Bool { finished }
}

/// A launched `BGAppRefreshTaskRequest`: about 30 s of run time.
public final class BGAppRefreshTask: BGTask {}

/// A launched `BGProcessingTaskRequest`: minutes of run time while the device is idle.
public final class BGProcessingTask: BGTask {}

/// A running `BGContinuedProcessingTaskRequest` (iOS 26): shows progress; the user can
/// cancel it, which calls the expiration handler.
public final class BGContinuedProcessingTask: BGTask {
  /// Completed fraction [0…1], reported by the app.
  public var progress: Double = 0
  public private(set) var title = ""
  public private(set) var subtitle = ""

  /// Updates the text of the progress display.
  public func updateTitle(_ title: String, subtitle: String) {
    self.title = title
    self.subtitle = subtitle
  }
}

/// A launch by one of the older paths: legacy background fetch, a silent push, or the
/// end of background transfers. The app's completion handler ends it.
public final class SystemLaunchTask: BGTask {
  /// `legacy_fetch`, `silent_push` or `background_transfer`.
  public let path: String

  init(path: String, serial: Int, launchedAt: SimTime, app: SimulatedApp) {
    self.path = path
    super.init(
      request: .refresh(BGAppRefreshTaskRequest(identifier: path)), name: app.taskName(path), serial: serial,
      launchedAt: launchedAt, app: app)
  }
}
