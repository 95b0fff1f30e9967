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
  /// The app's pending requests as activities (most decision points find the same
  /// requests as the last one), and the app and pending-list generation they are of.
  var cache: [Activity] = []
  var cacheKey: (app: ObjectIdentifier, generation: Int)?
  /// The earliest start among the cached requests [µs]; `Int64.min` for one without a
  /// date, `Int64.max` when there is none.
  var dueAt = Int64.max
}
