/// Which iOS generation the app runs on. Background rules changed between eras.
public enum IOSEra: String, Sendable, Hashable, CaseIterable {
  /// iOS 4–6: about 600 s of background time after leaving the screen.
  case ios6 = "ios6"
  /// iOS 7–12: 180 s (crash logs show `permittedBackgroundDuration: 180.000000`).
  case ios7to12 = "ios7-12"
  /// iOS 13–15: about 30 s; BGTaskScheduler exists.
  case ios13 = "ios13"
  /// iOS 16–18.2: as iOS 13, but processing is spaced from the app's last launch
  /// (``spacesProcessingFromLastLaunch``).
  case ios16 = "ios16"
  /// iOS 18.3–25: as iOS 16, but a processing task still runs after the app is swiped
  /// away (developer forums thread 793189: Apple says this is intended).
  case ios18 = "ios18"
  /// iOS 26: as iOS 18, plus `BGContinuedProcessingTaskRequest`.
  case ios26 = "ios26"

  /// Background time after leaving the screen, `beginBackgroundTask` budget [s].
  /// Never documented by Apple; observed values (see the calibration notes).
  public var backgroundTimeBudgetSeconds: Double {
    switch self {
    case .ios6: 600
    case .ios7to12: 180
    case .ios13, .ios16, .ios18, .ios26: 30
    }
  }

  /// Whether BGTaskScheduler exists (iOS 13 and later).
  public var hasBackgroundTasksFramework: Bool { self != .ios6 && self != .ios7to12 }

  /// Whether a processing task still runs after the app is swiped away (iOS 18.3 and
  /// later).
  public var processingRunsAfterForceQuit: Bool { self == .ios18 || self == .ios26 }

  /// Whether dasd spaces a processing request from the app's last launch of any kind,
  /// collapsing its window (dasd-decisions.md §4, read in iOS 26.1 and 18.2; V3 on
  /// iOS 16 and P8 in 2023 run about every 30 min on the charger, V1 likewise). iOS 13–15
  /// keeps the paced rule its reports describe (P2, P5, P6, all from iOS 13–14: a few
  /// runs a day, about one a night); where between 14 and 16 it changed is not known.
  public var spacesProcessingFromLastLaunch: Bool { self == .ios16 || self == .ios18 || self == .ios26 }

  /// Whether silent pushes are spaced further whenever the phone is off power
  /// (``RateLimitPolicy/pushOffPowerSpacingSeconds``): S4 on iOS 10-11 ("throttled
  /// whenever the device is off power"); R5 on iOS 13 got 68 in 23.5 h, and dasd in
  /// iOS 26.1 stretches the push limit only in Low Power Mode (which vetoes pushes
  /// anyway).
  public var throttlesPushesOffPower: Bool { self == .ios6 || self == .ios7to12 }

  /// Whether continued-processing requests exist (iOS 26).
  public var hasContinuedProcessing: Bool { self == .ios26 }
  /// A phone not unlocked for 72 h restarts (iOS 18.1 on; ``DeviceModel/RestartSpec``).
  public var rebootsWhenInactive: Bool { self == .ios18 || self == .ios26 }
}
