import DeviceModel
import SimKernel

extension SystemScheduler {
  /// The state in which the only due activity was judged out of reach: no policy before
  /// the predictions vetoed it, and no app-open prediction could lift its score to the
  /// threshold (``StandardPolicies/cannotReach(_:_:isForeground:appOpenProbability:from:)``).
  ///
  /// While everything those policies read is unchanged, they answer as they did, so a
  /// later decision point needs only its new prediction (and its random draw) to be
  /// judged: out of reach again, or judged in full with that prediction. What the
  /// policies read: the pending requests (their generation), the power state, the
  /// force-quit flag, the Background App Refresh switch, external power, the network,
  /// the thermal state, the app's state, Low Power Mode (off: the memo is not made with
  /// it on, since its exceptions depend on the battery and the time) and the battery
  /// level against the battery policy's veto band for the activity's priority. The
  /// app-usage policy reads the days since the last open, so processing activities are
  /// left out.
  struct OutOfReach {
    var activity: Activity
    /// The pre-prediction policies' tally at best (``StandardPolicies/tallyAtBestBeforePredictions(_:thermal:)``).
    var atBest: ScoreTally
    var app: ObjectIdentifier
    var generation: Int
    var isPluggedIn: Bool
    var isPoweredOn: Bool
    var network: NetworkKind
    var thermal: ThermalState
    var isForceQuitFlagged: Bool
    var backgroundAppRefresh: Bool
    var appState: ApplicationState
    /// Unplugged, the battery policy vetoes below this level [%] (−∞: never).
    var batteryFloorPercent: Double

    /// Nil when the state is one the memo cannot stand for.
    init?(
      activity: Activity, atBest: ScoreTally, app: SimulatedApp, device: some DeviceConditions, now: SimTime,
      battery: BatteryLevelPolicy
    ) {
      guard activity.kind != .processing, !device.isLowPowerMode, !activity.isUrgentTransfer else {
        return nil
      }
      self.activity = activity
      self.atBest = atBest
      self.app = ObjectIdentifier(app)
      generation = app.taskScheduler.pendingGeneration
      isPluggedIn = device.isPluggedIn
      isPoweredOn = device.isPoweredOn
      network = device.network
      thermal = device.thermalState
      isForceQuitFlagged = app.isForceQuitFlagged
      backgroundAppRefresh = app.configuration.backgroundAppRefresh
      appState = app.state
      switch activity.priority {
      case .maintenance: batteryFloorPercent = battery.maintenanceVetoBelow
      case .utility: batteryFloorPercent = battery.utilityVetoBelow
      case .userInitiated: batteryFloorPercent = -.infinity
      }
    }

    /// Whether every input of the pre-prediction policies is as it was.
    @inline(__always)
    func holds(app: SimulatedApp, device: some DeviceConditions, now: SimTime) -> Bool {
      self.app == ObjectIdentifier(app) && generation == app.taskScheduler.pendingGeneration
        && isPluggedIn == device.isPluggedIn && isPoweredOn == device.isPoweredOn
        && network == device.network && thermal == device.thermalState && !device.isLowPowerMode
        && isForceQuitFlagged == app.isForceQuitFlagged
        && backgroundAppRefresh == app.configuration.backgroundAppRefresh && appState == app.state
        && (isPluggedIn || !(device.batteryPercent(at: now) < batteryFloorPercent))
    }
  }
}
