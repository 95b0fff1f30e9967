import SimKernel

/// An other app whose processing or silent push `app_usage` (``AppUsagePolicy``) vetoed
/// because the owner had not opened it for too long, or ever. That veto reads only how
/// long ago the app was last opened, which grows as time passes (an other app has no
/// install warm-up), so it holds at every later point until the owner opens the app
/// again: until then the other apps' loop skips the app instead of judging it (debug
/// builds judge it and check that a policy vetoes it).
struct UnusedApp: Equatable {
  /// The app's last open when its work was vetoed (nil: never opened).
  let lastOpen: SimTime?

  /// Whether the veto of policy `index` for `activity` at `c` holds until the app is
  /// opened again: `app_usage`'s veto of processing or a push, with no install warm-up.
  static func holdsUntilOpened(
    vetoedBy index: Int, _ activity: Activity, _ c: PolicyContext, model: SchedulingModel
  ) -> Bool {
    guard case .appUsage = model.compiled.policies[index] else { return false }
    return (activity.kind == .processing || activity.kind == .silentPush) && !activity.isSystem
      && c.owner.installWarmupFactor == 0
  }
}
