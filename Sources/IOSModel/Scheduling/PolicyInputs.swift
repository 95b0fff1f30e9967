/// The parts of a ``PolicyContext`` a policy reads. Policies declare them
/// (``SchedulingPolicy/reads``), and the scheduler's shortcuts are derived from those
/// declarations: a veto that reads only ``standingState`` stands until that state
/// changes, and a score that reads only what is known can be bounded in advance.
public struct PolicyInputs: OptionSet, Sendable, Hashable {
  public let rawValue: UInt32
  public init(rawValue: UInt32) { self.rawValue = rawValue }

  /// Whether the phone is on (``PolicyContext/isPoweredOn``).
  public static let powerState = PolicyInputs(rawValue: 1 << 0)
  /// ``PolicyContext/isPluggedIn``.
  public static let pluggedIn = PolicyInputs(rawValue: 1 << 1)
  /// ``PolicyContext/network``.
  public static let network = PolicyInputs(rawValue: 1 << 2)
  /// ``PolicyContext/thermal``.
  public static let thermal = PolicyInputs(rawValue: 1 << 3)
  /// The app switcher's flag (``PolicyContext/isForceQuitFlagged``).
  public static let forceQuitFlag = PolicyInputs(rawValue: 1 << 4)
  /// The Background App Refresh switch (``PolicyContext/backgroundAppRefresh``).
  public static let backgroundAppRefresh = PolicyInputs(rawValue: 1 << 5)
  /// The app's state (``PolicyContext/appState``).
  public static let appState = PolicyInputs(rawValue: 1 << 6)
  /// The time (``PolicyContext/now``).
  public static let time = PolicyInputs(rawValue: 1 << 7)
  /// ``PolicyContext/batteryPercent``.
  public static let batteryLevel = PolicyInputs(rawValue: 1 << 8)
  /// ``PolicyContext/isLowPowerMode``.
  public static let lowPowerMode = PolicyInputs(rawValue: 1 << 9)
  /// Whether the owner uses the phone, for how long it has been idle, and the time
  /// since the latest thundering-herd trigger.
  public static let deviceInUse = PolicyInputs(rawValue: 1 << 10)
  /// ``PolicyContext/appOpenProbability`` (its jitter drawn at most once per decision point).
  public static let appOpenPrediction = PolicyInputs(rawValue: 1 << 11)
  /// ``PolicyContext/deviceUseProbability``.
  public static let deviceUsePrediction = PolicyInputs(rawValue: 1 << 12)
  /// ``PolicyContext/daysSinceAppOpened`` and ``PolicyContext/isAmongRecentApps``.
  public static let daysSinceAppOpened = PolicyInputs(rawValue: 1 << 13)
  /// The energy budget and its size.
  public static let energyBudget = PolicyInputs(rawValue: 1 << 14)
  /// ``PolicyContext/dataBudget``.
  public static let dataBudget = PolicyInputs(rawValue: 1 << 15)
  /// ``PolicyContext/lastLaunch``.
  public static let lastLaunch = PolicyInputs(rawValue: 1 << 16)
  /// ``PolicyContext/runningTasks``.
  public static let runningTasks = PolicyInputs(rawValue: 1 << 17)
  /// ``PolicyContext/overruns``.
  public static let overruns = PolicyInputs(rawValue: 1 << 18)

  /// ``PolicyContext/era``, the app's iOS generation, and what else of the phone is fixed
  /// for its life (``PolicyContext/owner``).
  public static let era = PolicyInputs(rawValue: 1 << 19)

  /// Everything: what a policy that declares nothing is taken to read.
  public static let all = PolicyInputs(rawValue: (1 << 20) - 1)
  /// The usage predictions, made once per decision point just before the first policy
  /// that reads them.
  public static let predictions: PolicyInputs = [.appOpenPrediction, .deviceUsePrediction]
  /// The state the scheduler keeps to tell that nothing changed: the device's power,
  /// charger, network and thermal state, the app's two settings and its iOS generation. A veto that reads
  /// no more than this stands until one of them, or the pending requests, change.
  public static let standingState: PolicyInputs = [
    .powerState, .pluggedIn, .network, .thermal, .forceQuitFlag, .backgroundAppRefresh, .era,
  ]
}
