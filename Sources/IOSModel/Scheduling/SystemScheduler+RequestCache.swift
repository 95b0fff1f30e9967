/// The app's pending `BGTaskScheduler` requests as the rule's activities, rebuilt only
/// when the app's pending list changes (most decision points find the same requests).
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
}
