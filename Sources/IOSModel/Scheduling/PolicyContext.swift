import DeviceModel
import SimKernel

/// Everything a policy may look at when it judges an activity: the device (through
/// ``DeviceConditions`` values), the app, the owner's predicted behaviour, the budgets.
public struct PolicyContext: Sendable {
  public var now: SimTime
  /// Battery level [0…100 %].
  public var batteryPercent: Double
  public var isPluggedIn: Bool
  public var isInUse: Bool
  /// Other apps' background tasks running now (``OtherAppsWork``). Here, in the padding
  /// after the two flags: a larger context is copied with `memcpy` at every decision
  /// point (4 % more instructions on `bench devices`).
  public var otherAppsRunning: UInt16 = 0
  /// Size of the cellular data budget [bytes] (``SchedulerParameters/dataCapacity``).
  /// Single precision, to fit the padding beside the flags: 50 MiB is exact in it.
  public var dataCapacity: Float = 52_428_800
  /// Time since the screen went off [s].
  public var idleSeconds: Double
  public var network: NetworkKind
  public var isLowPowerMode: Bool
  public var thermal: ThermalState
  /// Whether the phone is on and unlocked since it booted: whether apps can run.
  public var isPoweredOn: Bool
  public var appState: ApplicationState
  public var backgroundAppRefresh: Bool
  public var isForceQuitFlagged: Bool
  /// Whether the app is among dasd's recently used apps (``RecentApps``), when the phone
  /// models the owner's other apps; nil: the app opened within the application policy's
  /// window counts as recent. (In the padding after the flags.)
  public var isAmongRecentApps: Bool? = nil
  /// Predicted probability that the owner opens the app in the look-ahead window; nil
  /// when there is no history to predict from.
  public var appOpenProbability: Double?
  /// What set off the latest thundering-herd trigger (``HerdTrigger``), and the time
  /// since it [s] (infinite before the first). Here, in the padding after the optional
  /// above: single precision is exact enough for a hold of minutes.
  public var herdTrigger = HerdTrigger.Reason.none
  /// The app's pending launch requests in dasd's sense: its task requests, and its
  /// legacy fetch and held push when it has them (1 for an other app's one work). Here,
  /// in the padding before the next field: the context is copied at every judgement.
  public var pendingLaunchRequests: UInt8 = 1
  public var herdTriggerSeconds: Float = .infinity
  /// Predicted probability that the owner uses the device in the next prediction
  /// window (``SchedulerParameters/predictionWindowSeconds``).
  public var deviceUseProbability: Double
  /// Predicted probability that the owner uses the device within the time a
  /// processing task wants to stay idle (``SchedulerParameters/processingIdleWindowSeconds``).
  public var processingIdleUseProbability = 0.0
  /// Days since the owner last opened the app; nil if never.
  public var daysSinceAppOpened: Double?
  /// Time since the app was installed [s]: since the owner first opened it, or since the
  /// start of the run when no open has come yet (the default: `now`).
  public var secondsSinceInstall: Double
  /// Energy budget left and its size [mWh].
  public var energyBudget: Double
  public var energyCapacity: Double
  /// Cellular data budget left [bytes].
  public var dataBudget: Double
  /// When the app was last launched for each kind of activity.
  public var lastLaunch: LaunchTimes
  /// The app's background tasks running now.
  public var runningTasks: Int
  /// The app's tasks that overran their time so far.
  public var overruns: Int
  /// How the owner's phone differs from the model's defaults.
  public var owner = OwnerEffects()
  /// Silent pushes launched in the device budget's current 24-hour period.
  public var silentPushesInPeriod = 0
  /// The iOS generation the app runs on.
  public var era: IOSEra = .ios26
  /// Whether verdicts should carry their reasons (costly; on for `bgsim explain`).
  public var explain = false
  /// Whether this is a predicted moment (a step of the optimum's scan), not a live
  /// decision: dasd's application policy adjusts only a live score (``ApplicationPolicy``).
  public var isPrediction = false

  public init(
    now: SimTime, batteryPercent: Double, isPluggedIn: Bool, isInUse: Bool, idleSeconds: Double,
    network: NetworkKind, isLowPowerMode: Bool, thermal: ThermalState, isPoweredOn: Bool,
    appState: ApplicationState, backgroundAppRefresh: Bool, isForceQuitFlagged: Bool,
    appOpenProbability: Double?, deviceUseProbability: Double, daysSinceAppOpened: Double?,
    energyBudget: Double, energyCapacity: Double, dataBudget: Double, lastLaunch: LaunchTimes,
    runningTasks: Int, overruns: Int
  ) {
    self.now = now
    self.secondsSinceInstall = now.seconds
    self.batteryPercent = batteryPercent
    self.isPluggedIn = isPluggedIn
    self.isInUse = isInUse
    self.idleSeconds = idleSeconds
    self.network = network
    self.isLowPowerMode = isLowPowerMode
    self.thermal = thermal
    self.isPoweredOn = isPoweredOn
    self.appState = appState
    self.backgroundAppRefresh = backgroundAppRefresh
    self.isForceQuitFlagged = isForceQuitFlagged
    self.appOpenProbability = appOpenProbability
    self.deviceUseProbability = deviceUseProbability
    self.daysSinceAppOpened = daysSinceAppOpened
    self.energyBudget = energyBudget
    self.energyCapacity = energyCapacity
    self.dataBudget = dataBudget
    self.lastLaunch = lastLaunch
    self.runningTasks = runningTasks
    self.overruns = overruns
  }
}
