import Randomness
import SimKernel

/// One of the owner's other apps with background work (``OtherAppsWork``): its
/// archetype's work, its usage rank (how dasd tells it apart), and its work pending or
/// running.
struct OtherApp {
  /// Its bundle identifier, `com.other.<archetype>-<n>` for an app drawn from the
  /// catalogue.
  let bundle: String
  let work: AppArchetype.Work
  /// Its kind of work: the archetype's place in ``AppArchetype/allCases``, or beyond
  /// for a listed app's work. Work of one kind is judged as the same activity.
  let workKind: Int
  /// The entry that keeps the app's opens: its own, or its first work's for a listed
  /// app with several.
  let opensAt: Int
  /// The activity it is judged as (its identifier is the bundle).
  let activity: Activity
  let group: ActivityGroup
  /// Its rank in the owner's use (1: the most opened); beyond the apps used, never opened.
  let rank: Int
  /// When its next request may begin; nil while a run is under way, or while no push is held.
  var dueAt: SimTime?
  /// Whether its legacy fetch, re-created by dasd's fetch timer, was spaced from its last
  /// launch and its window collapsed to `dueAt` (dasd-decisions.md §4).
  var fetchCollapsed = false
  /// When its next silent push arrives (messengers), and the stream of their arrivals.
  var nextPushAt = SimTime.zero
  var pushes: RandomStream?
  /// The run under way: when it ends, when it started and whether on external power. Set
  /// by ``OtherAppsWork/startRun(_:end:start:onPower:)`` and ``OtherAppsWork/endRun(_:)`` alone.
  var run: (end: SimTime, start: SimTime, onPower: Bool)?
  var lastLaunch = LaunchTimes()
  /// Launches so far.
  var launches = 0
  /// Energy its runs used so far, on the charger or not [mWh].
  var energyMWh = 0.0
  /// The part of it drawn from the battery: runs that started off external power [mWh].
  var batteryEnergyMWh = 0.0
  /// Runs suspended to make room in a full group (dasd's fair share).
  var suspensions = 0

  /// Whether its work waits to be judged at `now`.
  @inline(__always)
  func isDue(at now: SimTime) -> Bool {
    guard run == nil, let dueAt else { return false }
    return dueAt <= now
  }

  init(bundle: String, work: AppArchetype.Work, workKind: Int, opensAt: Int, rank: Int) {
    self.bundle = bundle
    self.workKind = workKind
    self.opensAt = opensAt
    self.work = work
    self.rank = rank
    var a = Activity(
      kind: work.kind, identifier: bundle,
      priority: work.kind == .processing ? .maintenance : .utility, submittedAt: .zero)
    a.requiresNetwork = work.requiresNetwork
    a.requiresExternalPower = work.requiresExternalPower
    a.discretionary = work.kind != .silentPush
    a.requiresInexpensiveNetwork = work.requiresWiFi
    a.isSystem = work.isApples
    a.expectedBytes = work.bytes
    activity = a
    group = ActivityGroup(a)
  }
}
