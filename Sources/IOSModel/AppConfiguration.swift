/// What the app declares in its Info.plist and what the owner set in Settings, plus
/// the timing constants of the app-side rules. Sources: the calibration notes.
public struct AppConfiguration: Sendable, Hashable {
  /// The app's bundle identifier.
  public var bundleIdentifier = "com.example.app"
  /// `UIBackgroundModes`: `fetch`, `processing`, `remote-notification`, `audio`, …
  public var backgroundModes: Set<String> = ["fetch", "processing"]
  /// `BGTaskSchedulerPermittedIdentifiers`.
  public var permittedIdentifiers: [String] = []
  /// The Background App Refresh switch in Settings.
  public var backgroundAppRefresh = true
  /// The iOS generation.
  public var era: IOSEra = .ios26
  /// A debugger is attached: no suspension and no watchdog kills, as on a real device.
  public var debuggerAttached = false
  /// Run time of a refresh task before it expires [s].
  public var refreshTimeLimitSeconds: Double = 30
  /// Run time of a processing task before it expires [s]: about 5 min (field observation
  /// G1: two apps' processing runs, 2021 and 2024).
  public var processingTimeLimitSeconds: Double = 300
  /// Time the app gets after an expiration before the watchdog kills it [s].
  public var watchdogGraceSeconds: Double = 5
  /// Delay between leaving the screen (or finishing all work) and suspension [s].
  public var suspendDelaySeconds: Double = 5
  /// Pending refresh requests allowed at once.
  public var maximumPendingRefresh = 1
  /// Pending processing requests allowed at once.
  public var maximumPendingProcessing = 10
  /// Continued-processing tasks that may run at once.
  public var maximumRunningContinued = 1
  /// `setMinimumBackgroundFetchInterval` [s]; nil is Apple's default, "never".
  public var minimumBackgroundFetchIntervalSeconds: Double?
  /// Silent pushes the app's server sends per hour, as a Poisson process [1/h].
  public var silentPushesPerHour: Double = 0
  /// Run time of a legacy fetch, push or transfer-completion launch [s].
  public var legacyLaunchTimeLimitSeconds: Double = 30

  /// Whether the legacy background fetch path is open: the `fetch` mode, an interval
  /// set, and no `BGTaskSchedulerPermittedIdentifiers` (adding that key turns it off).
  public var usesLegacyFetch: Bool {
    backgroundModes.contains("fetch") && minimumBackgroundFetchIntervalSeconds != nil
      && permittedIdentifiers.isEmpty
  }

  /// Whether a silent push may launch the app: it needs the `remote-notification`
  /// background mode.
  public var receivesSilentPushes: Bool { backgroundModes.contains("remote-notification") }

  /// Why silent pushes sent to the app never launch it; nil when they may, or when none
  /// are sent.
  public var silentPushOffReason: String? {
    silentPushesPerHour > 0 && !receivesSilentPushes
      ? "the app lacks the `remote-notification` background mode" : nil
  }

  /// Why legacy background fetch never runs for an app that set a minimum interval;
  /// nil when it may run, or when the app never asked for it.
  public var legacyFetchOffReason: String? {
    guard minimumBackgroundFetchIntervalSeconds != nil, !usesLegacyFetch else { return nil }
    if !permittedIdentifiers.isEmpty {
      return "the app lists BGTaskSchedulerPermittedIdentifiers, which turns"
        + " setMinimumBackgroundFetchInterval off (iOS 13 and later)"
    }
    return "the app lacks the `fetch` background mode"
  }

  public init() {}
}
