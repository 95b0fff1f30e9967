import SimKernel

/// The app under study's launches as dasd records them: the last of each kind (the
/// spacing and rate limits read it), why each identifier was last launched, and the
/// runs under way (the groups' load, fair share and the energy budget read them).
struct AppLaunches {
  var last = LaunchTimes()
  /// dasd's per-app launch counter: launches at distinct moments (one launch serves
  /// its companions).
  var count = 0
  /// Why each identifier was last launched (kept always, for `launches.csv`).
  var causes = SmallTable<TaskName, LaunchCause>()
  /// The app's runs under way: when each started, on external power or not, its group,
  /// and whether it needs power.
  var running = SmallTable<
    TaskName, (start: SimTime, onPower: Bool, group: ActivityGroup, needsPower: Bool)
  >()
}
