import SimKernel

extension SimulatedApp {
  /// Asks for extra time to finish work in the background, mirroring
  /// `UIApplication.beginBackgroundTask(withName:expirationHandler:)`. The budget
  /// depends on the iOS era. Begun after the time ran out, the task expires at once.
  @discardableResult
  public func beginBackgroundTask(withName name: String? = nil, expirationHandler: (() -> Void)?)
    -> UIBackgroundTaskIdentifier
  {
    guard state != .notRunning else { return .invalid }
    let id = nextBackgroundTaskID
    nextBackgroundTaskID += 1
    backgroundTasks[id] = .some(expirationHandler.map(StoredAction.init))
    record(.beginBackgroundTask, name ?? "", String(id))
    if !state.isForeground {
      if backgroundTimeExpired {
        request(.backgroundImmediateExpiry, at: now, payload: Int64(id))
      } else if backgroundDeadline == nil {
        // Launched straight into the background: the budget starts now.
        backgroundDeadline = now + .seconds(configuration.era.backgroundTimeBudgetSeconds)
        request(.backgroundTimeExpiry, at: backgroundDeadline!, payload: Int64(backgroundGeneration))
      }
    }
    return UIBackgroundTaskIdentifier(rawValue: id)
  }

  /// Ends background time begun with ``beginBackgroundTask(withName:expirationHandler:)``.
  /// Ending an unknown or already-ended identifier is recorded as misuse.
  public func endBackgroundTask(_ identifier: UIBackgroundTaskIdentifier) {
    guard backgroundTasks.removeValue(forKey: identifier.rawValue) != nil else {
      record(.misuse, "", "endBackgroundTask(\(identifier.rawValue)) for a task that is not running")
      return
    }
    record(.endBackgroundTask, "", String(identifier.rawValue))
    suspendIfIdle()
  }

  /// Seconds of background time left [s]; the largest finite value in the foreground.
  public var backgroundTimeRemaining: Double {
    if state.isForeground { return .greatestFiniteMagnitude }
    guard let deadline = backgroundDeadline else { return configuration.era.backgroundTimeBudgetSeconds }
    return max(0, (deadline - now).seconds)
  }

  /// Background time ran out: each outstanding expiration handler runs once; whatever
  /// is still not ended after the grace gets the app killed.
  func backgroundTimeRanOut() {
    guard !state.isForeground, state != .notRunning else { return }
    backgroundTimeExpired = true
    record(.backgroundTimeExpired, "", String(backgroundTasks.count))
    for id in backgroundTasks.allKeys.sorted() {
      if let handler = backgroundTasks[id] { handler?.run() }
    }
    if !backgroundTasks.isEmpty {
      request(
        .backgroundWatchdog, at: now + .seconds(configuration.watchdogGraceSeconds),
        payload: Int64(backgroundGeneration))
    }
  }
}
