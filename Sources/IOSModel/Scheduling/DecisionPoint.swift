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

  /// What a launch changes in the point
  /// (``SystemScheduler/noteLaunch(_:group:at:app:device:loop:score:companion:)``), kept
  /// for the companions, which are judged as the point stood before the app's first
  /// launch at it.
  var launchChanged: (runningTasks: Int, lastLaunch: LaunchTimes, silentPushes: Int) {
    get { (context.runningTasks, context.lastLaunch, context.silentPushesInPeriod) }
    set { (context.runningTasks, context.lastLaunch, context.silentPushesInPeriod) = newValue }
  }
}
