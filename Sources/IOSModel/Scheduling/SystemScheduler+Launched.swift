import DeviceModel
import SimKernel

extension SystemScheduler {
  /// A launch of `activity` happened at `point`: the path that holds its work hands it
  /// over, why it launched is kept (``LaunchCause``), the app's launch clock and count
  /// (a push delivered to the app on screen is no launch for dasd:
  /// ``PolicyContext/pushReachesAppOnScreen(_:)``) and the push budget move, and the run
  /// joins its group's load.
  mutating func noteLaunch(
    _ activity: Activity, group: ActivityGroup, at point: inout DecisionPoint, app: some LaunchableApp,
    device: some DeviceConditions, loop: inout EventLoop, score: Double, companion: Bool
  ) {
    let now = point.context.now
    let p = Int(activity.path)
    if launchPaths.holdsOwnWork[p] {
      drawData(
        launchPaths.all[p].launched(activity, at: now, app: app, onCellular: device.network == .cellular))
      notePathsChanged()
      armPathTimers(loop: &loop)
    }
    launches.causes[activity.name] = cause(of: activity, score: score, companion: companion, at: point)
    if !point.context.pushReachesAppOnScreen(activity) {
      if launches.last.latest != now { launches.count += 1 }
      launches.last[activity.kind] = now
      if activity.kind == .silentPush {
        countPushLaunch(at: now)
        point.context.silentPushesInPeriod = budgets.pushesInPeriod
      }
    }
    launches.running[activity.name] = (
      now, point.context.isPluggedIn, group, activity.requiresExternalPower
    )
    point.context.runningTasks = app.runningCount
    point.context.lastLaunch = launches.last
  }

  /// Why `activity`, scoring `score`, launches at `point`: on screen for a push that
  /// reaches the app in use, as a companion of the app's launch, or by the bar it
  /// reached (the model's, or its own before or after its best moment), as judging set it.
  /// Inlined: called out of line from a mutating launch, it was lent a copy of the
  /// scheduler (2,464 bytes) at every launch.
  @inline(__always)
  func cause(of activity: Activity, score: Double, companion: Bool, at point: DecisionPoint) -> LaunchCause {
    let reason: LaunchCause.Reason
    if point.context.pushReachesAppOnScreen(activity) {
      reason = .onScreen
    } else if companion {
      reason = .companion
    } else if activity.relativeThreshold.isNaN {
      reason = .threshold
    } else {
      let slot = requests.optima[activity.name]?.optimum.slot(at: point.context.now) ?? 0
      reason = slot == 0 ? .optimum : .relaxed
    }
    return LaunchCause(
      reason: reason, trigger: point.trigger, score: score, threshold: model.threshold(for: activity),
      submittedAt: activity.submittedAt)
  }

  /// Whether a due activity that did not reach its threshold can run in a launch of the
  /// app at the same point: the app's requests, and its legacy fetch and pushes, which
  /// dasd also holds as launch requests of the app (dasd-decisions.md §3); not a
  /// background transfer, whose own daemon runs it.
  static func canJoinALaunch(_ activity: Activity, isRequest: Bool) -> Bool {
    isRequest || activity.kind == .legacyFetch || activity.kind == .silentPush
  }
}
