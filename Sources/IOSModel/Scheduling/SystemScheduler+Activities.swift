import DeviceModel
import SimKernel

extension SystemScheduler {
  /// Rebuilds the cached request activities if the app's pending list changed.
  mutating func refreshRequestCache(_ app: SimulatedApp) {
    let key = (ObjectIdentifier(app), app.taskScheduler.pendingGeneration)
    if let cached = requestCacheKey, cached.app == key.0, cached.generation == key.1 { return }
    fillRequestCache(app)
    requestCacheKey = key
    requestsDueAt = Int64.max
    for a in requestCache { requestsDueAt = min(requestsDueAt, a.earliest?.microseconds ?? Int64.min) }
  }

  /// Whether any activity could run now, checked without building the activity list
  /// (most decision points find nothing due). Call after ``refreshRequestCache(_:)``.
  mutating func anythingDue(_ app: SimulatedApp, now: SimTime) -> Bool {
    if requestsDueAt <= now.microseconds { return true }
    if let window = fetchWindow, app.configuration.usesLegacyFetch, appOpens.total > 0, window.start <= now {
      return true
    }
    return pendingPushes > 0 || !transfers.isEmpty
  }

  /// The older paths' work (legacy fetch, silent pushes, background transfers) as
  /// activities, to be judged after the app's requests (``requestCache``). Usually
  /// empty, which costs nothing.
  mutating func otherActivities(_ app: SimulatedApp) -> [Activity] {
    var list: [Activity] = []
    // Legacy fetch, for an app among the owner's recent apps (top 50 by use, here: opened
    // within the history), in its window.
    if let window = fetchWindow, app.configuration.usesLegacyFetch, appOpens.total > 0 {
      var a = Activity(
        kind: .legacyFetch, name: Self.legacyFetchName, priority: .utility, submittedAt: window.start)
      a.earliest = window.start
      a.windowEnd = window.end
      list.append(a)
    }
    if pendingPushes > 0, let first = firstPendingPush {
      list.append(
        Activity(kind: .silentPush, name: Self.silentPushName, priority: .utility, submittedAt: first))
    }
    if let t = transfers.first {
      var a = Activity(
        kind: .backgroundTransfer, name: Self.backgroundTransferName,
        priority: t.discretionary ? .maintenance : .utility, submittedAt: t.at)
      a.discretionary = t.discretionary
      a.expectedBytes = t.bytes
      list.append(a)
    }
    return list
  }

  /// Refills ``requestCache`` with the app's pending BGTaskScheduler requests as
  /// activities, in the cache's own storage (a fresh array each time cost an allocation
  /// and a release per change of the pending list).
  mutating func fillRequestCache(_ app: SimulatedApp) {
    requestCache.removeAllOfShortList()
    // Fields read in place: copying an entry would retain its request's box.
    let pending = app.taskScheduler.pending
    for i in pending.indices {
      switch pending[i].kind {
      case .refresh:
        var a = Activity(
          kind: .refresh, name: pending[i].name, priority: .utility, submittedAt: pending[i].submittedAt)
        a.earliest = pending[i].earliestBeginDate
        requestCache.append(a)
      case .processing:
        var a = Activity(
          kind: .processing, name: pending[i].name, priority: .maintenance,
          submittedAt: pending[i].submittedAt)
        a.earliest = pending[i].earliestBeginDate
        a.requiresNetwork = pending[i].requiresNetworkConnectivity
        a.requiresExternalPower = pending[i].requiresExternalPower
        requestCache.append(a)
      case .continuedProcessing:
        break
      }
    }
  }

  /// An older-path activity ran: open the next fetch window, clear delivered pushes,
  /// charge a transfer's bytes.
  mutating func consumed(_ activity: Activity, app: SimulatedApp, device: some DeviceConditions, now: SimTime)
  {
    switch activity.kind {
    case .legacyFetch:
      let every = SimDuration(seconds: app.configuration.minimumBackgroundFetchIntervalSeconds ?? 0)
      fetchWindow = (now + every, now + .days(1))
    case .silentPush:
      pendingPushes = 0
      firstPendingPush = nil
    case .backgroundTransfer:
      if device.network == .cellular { data -= activity.expectedBytes }
      if !transfers.isEmpty { transfers.removeFirst() }
    default:
      break
    }
  }
}
