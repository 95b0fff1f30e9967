/// One decision point being judged: what the policies see, and which of the usage
/// predictions were made. The predictions are made at most once per point, just
/// before the first policy that reads them; the app-open prediction asks for the
/// jitter (``UsageKnowledge/jitter(at:redrawSeconds:)``), the point's only random draw.
struct DecisionPoint {
  var context: PolicyContext
  var trigger: DecisionTrigger
  /// Whether the app-open prediction (and its draw) was made.
  var appOpenPredicted = false
  /// Whether the device-use prediction (no draw) was made.
  var deviceUsePredicted = false

  /// The fields ``launchChanged`` reads and puts back.
  typealias LaunchChanged = (
    runningTasks: Int, lastLaunch: LaunchTimes, silentPushes: Int,
    appOpenPredicted: Bool, deviceUsePredicted: Bool
  )

  /// What the companions need put back as it was before the app's first launch at the
  /// point: what a launch changes
  /// (``SystemScheduler/noteLaunch(_:group:at:app:device:loop:score:companion:)``), and
  /// which predictions were made (one made after the launch is made again for them, as
  /// it was when the whole point was kept).
  var launchChanged: LaunchChanged {
    get {
      (
        context.runningTasks, context.lastLaunch, context.silentPushesInPeriod, appOpenPredicted,
        deviceUsePredicted
      )
    }
    set {
      (
        context.runningTasks, context.lastLaunch, context.silentPushesInPeriod, appOpenPredicted,
        deviceUsePredicted
      ) = newValue
    }
  }
}
