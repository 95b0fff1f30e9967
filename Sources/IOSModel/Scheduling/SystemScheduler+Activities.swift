import SimKernel

extension SystemScheduler {
  /// Rebuilds the cached request activities if the app's pending list changed.
  mutating func refreshRequestCache(_ app: some LaunchableApp) {
    let key = (ObjectIdentifier(app), app.pendingGeneration)
    if let cached = requests.cacheKey, cached.app == key.0, cached.generation == key.1 { return }
    fillRequestCache(app)
    requests.cacheKey = key
    requests.dueAt = Int64.max
    for a in requests.cache { requests.dueAt = min(requests.dueAt, a.earliest?.microseconds ?? Int64.min) }
  }

  /// Refills ``PendingRequests/cache`` with the app's pending `BGTaskScheduler` requests as
  /// activities, in submission order, each made by the path of its type.
  mutating func fillRequestCache(_ app: some LaunchableApp) {
    requests.cache.removeAllOfShortList()
    let pending = app.pendingRequests
    for i in pending.indices {
      guard let p = launchPaths.requestPath[LaunchPathSet.row(pending[i].kind)],
        var a = launchPaths.all[p].activity(for: pending[i])
      else { continue }
      a.path = UInt8(p)
      if let s = requests.starts[a.name], s.submitted == a.submittedAt, s.start > (a.earliest ?? .zero) {
        a.earliest = s.start
      }
      requests.cache.append(a)
    }
  }

  /// What the paths read when they list their own work.
  func pathContext(_ app: some LaunchableApp) -> LaunchPathContext {
    LaunchPathContext(app: app, keepsLegacyFetch: usage.appOpens.total > 0 && usage.otherApps.keepsFetch(0))
  }

  /// Passes `input` to every path, and notes whether they hold work of their own.
  mutating func observe(_ input: LaunchPathInput, app: some LaunchableApp) {
    for p in launchPaths.all.indices where launchPaths.holdsOwnWork[p] {
      launchPaths.all[p].observe(input, app: app)
    }
    notePathsChanged()
  }

  /// Notes whether any path holds work of its own (``LaunchPathSet/idle``); called after every
  /// call that may change a path.
  mutating func notePathsChanged() {
    launchPaths.idle = true
    for p in launchPaths.all.indices where launchPaths.holdsOwnWork[p] && !launchPaths.all[p].isIdle {
      launchPaths.idle = false
    }
  }

  /// Whether any activity could run now, checked without building the activity list
  /// (most decision points find nothing due). Call after ``refreshRequestCache(_:)``.
  func anythingDue(_ app: some LaunchableApp, now: SimTime) -> Bool {
    if requests.dueAt <= now.microseconds { return true }
    if launchPaths.idle { return false }
    let context = pathContext(app)
    for p in launchPaths.all.indices where launchPaths.all[p].hasDueWork(at: now, context) { return true }
    return false
  }

  /// The paths' own work (legacy fetch, silent pushes, background transfers) as
  /// activities, to be judged after the app's requests (``PendingRequests/cache``).
  func pathActivities(_ app: some LaunchableApp) -> [Activity] {
    var list: [Activity] = []
    let context = pathContext(app)
    for p in launchPaths.all.indices {
      let start = list.count
      launchPaths.all[p].appendActivities(to: &list, context)
      for k in start..<list.count { list[k].path = UInt8(p) }
    }
    return list
  }
}
