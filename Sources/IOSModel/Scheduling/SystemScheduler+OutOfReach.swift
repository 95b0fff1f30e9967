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
  /// the thermal state (``StateInputs``), Low Power Mode (off: the memo is not made with
  /// it on, since its exceptions depend on the battery and the time) and the battery
  /// level against the battery policy's veto band for the activity's priority. The
  /// app-usage policy reads the days since the last open, so processing activities are
  /// left out. The app's state is kept as well, though only the bound reads it (whether
  /// the app is in the foreground, read afresh at each point).
  struct OutOfReach {
    var activity: Activity
    /// The pre-prediction policies' tally at best (``StandardPolicies/tallyAtBestBeforePredictions(_:thermal:)``).
    var atBest: ScoreTally
    /// The state the vetoes on state alone read.
    var inputs: StateInputs
    var appState: ApplicationState
    /// Unplugged, the battery policy vetoes below this level [%] (−∞: never).
    var batteryFloorPercent: Double
    /// Whether the activity is out of reach when no open is predicted (a prediction of
    /// 0, the answer at most points), decided when the memo is made: the bound reads the
    /// prediction and whether the app is in the foreground, and the memo holds only while
    /// the app's state is the same.
    var outOfReachWithoutOpens: Bool

    /// Nil when the state is one the memo cannot stand for.
    init?(
      activity: Activity, atBest: ScoreTally, app: SimulatedApp, device: some DeviceConditions,
      standard: StandardPolicies, threshold: Double
    ) {
      guard activity.kind != .processing, !device.isLowPowerMode, !activity.isUrgentTransfer else {
        return nil
      }
      self.activity = activity
      self.atBest = atBest
      inputs = StateInputs(app: app, device: device)
      appState = app.state
      outOfReachWithoutOpens = standard.cannotReach(
        threshold, activity, isForeground: app.state.isForeground, appOpenProbability: 0, from: atBest)
      let battery = standard.battery
      switch activity.priority {
      case .maintenance: batteryFloorPercent = battery.maintenanceVetoBelow
      case .utility: batteryFloorPercent = battery.utilityVetoBelow
      case .userInitiated: batteryFloorPercent = -.infinity
      }
    }

    /// Whether every input of the pre-prediction policies is as it was.
    @inline(__always)
    func holds(app: SimulatedApp, device: some DeviceConditions, now: SimTime) -> Bool {
      inputs.hold(app: app, device: device) && !device.isLowPowerMode && appState == app.state
        && (inputs.isPluggedIn || !(device.batteryPercent(at: now) < batteryFloorPercent))
    }
  }
}
