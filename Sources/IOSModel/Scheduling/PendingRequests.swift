import SimKernel

/// What the rule keeps of the app's pending requests between decision points: each
/// one's start as dasd set it at submission, its predicted optimum and threshold, and
/// the requests as activities, kept until the app's pending list changes.
struct PendingRequests {
  /// Each pending request's start as dasd sets it at submission
  /// (``SystemScheduler/startAfter(for:app:)``), by task name: the submission it belongs
  /// to, the start, and whether the window collapsed to it.
  var starts = SmallTable<TaskName, (submitted: SimTime, start: SimTime, collapsed: Bool)>()
  /// Each pending request's predicted optimum, with the submission it was predicted for
  /// (``RelativeThreshold``), and its threshold until the slot or the optimum ends.
  var optima = SmallTable<TaskName, KeptOptimum>()
  /// Each other app's pending request's optimum, by its index in the scheduler's
  /// ``SystemScheduler/otherApps`` (kept here, not in the app's entry: reading a field of
  /// an entry through the shared list copied the whole entry).
  var otherAppOptima: [KeptOptimum?] = []
  /// The app's pending requests as activities (most decision points find the same
  /// requests as the last one), and the app and pending-list generation they are of.
  var cache: [Activity] = []
  var cacheKey: (app: ObjectIdentifier, generation: Int)?
  /// The earliest start among the cached requests [µs]; `Int64.min` for one without a
  /// date, `Int64.max` when there is none.
  var dueAt = Int64.max

  /// Whether `activity`'s window collapsed to its start when it was submitted.
  func collapsed(_ activity: Activity) -> Bool {
    starts[activity.name].map { $0.submitted == activity.submittedAt && $0.collapsed } ?? false
  }

  /// The optimum kept for `client`'s request `name`.
  func kept(_ client: SystemScheduler.Predicting, _ name: TaskName) -> KeptOptimum? {
    switch client {
    case .appUnderStudy: optima[name]
    case .otherApp(let i): i < otherAppOptima.count ? otherAppOptima[i] : nil
    }
  }

  /// Keeps `entry` as `client`'s optimum for its request `name`.
  mutating func keep(_ entry: KeptOptimum, for client: SystemScheduler.Predicting, _ name: TaskName) {
    switch client {
    case .appUnderStudy: optima[name] = entry
    case .otherApp(let i):
      if otherAppOptima.count <= i {
        otherAppOptima += repeatElement(nil, count: i + 1 - otherAppOptima.count)
      }
      otherAppOptima[i] = entry
    }
  }
}
