import SimKernel

/// One of the owner's other apps with background work, as the system scheduler keeps
/// it: its archetype's work, its place in the owner's usage, its own open history (the
/// app-usage prediction stays per app, as dasd has it), and its work pending or running.
struct OtherApp {
  /// Its bundle identifier, `com.other.<archetype>-<n>`.
  let bundle: String
  let work: AppArchetype.Work
  /// Its archetype's place in ``AppArchetype/allCases``: apps of one archetype are
  /// judged as the same activity.
  let archetype: Int
  /// The activity it is judged as (its identifier is the bundle).
  let activity: Activity
  let group: ActivityGroup
  /// Its rank in the owner's use (1: the most opened); beyond the apps used, never opened.
  let rank: Int
  var opens: UsageHistory
  /// When its next request may begin; nil while a run is under way, or while no push is held.
  var dueAt: SimTime?
  /// When its next silent push arrives (messengers).
  var nextPushAt = SimTime.zero
  /// The run under way: when it ends, when it started and whether on external power.
  var run: (end: SimTime, start: SimTime, onPower: Bool)?
  var lastLaunch = LaunchTimes()
  /// Launches so far.
  var launches = 0

  /// Whether its work waits to be judged at `now`.
  @inline(__always)
  func isDue(at now: SimTime) -> Bool {
    guard run == nil, let dueAt else { return false }
    return dueAt <= now
  }

  init(bundle: String, archetype: AppArchetype, rank: Int, opens: UsageHistory) {
    self.bundle = bundle
    self.archetype = AppArchetype.allCases.firstIndex(of: archetype) ?? 0
    let work = archetype.work
    self.work = work
    self.rank = rank
    self.opens = opens
    var a = Activity(
      kind: work.kind, identifier: bundle,
      priority: work.kind == .processing ? .maintenance : .utility, submittedAt: .zero)
    a.requiresNetwork = work.requiresNetwork
    a.requiresExternalPower = work.requiresExternalPower
    a.discretionary = work.kind != .silentPush
    a.expectedBytes = work.bytes
    activity = a
    group = ActivityGroup(a)
  }
}
