import SimKernel

extension SchedulerParameters {
  /// dasd's spacing of an app's new launch activity (not processing) from the app's last
  /// launch of any kind, `last` (`advanceAppLaunchDateIfNecessaryForActivity:`,
  /// dasd-decisions.md §4), for any app: past ``launchesBeforeSpacing`` launches, a
  /// `start` sooner than ``launchSpacingSeconds`` after `last` moves there, its window
  /// collapsed; nil when it stays. Asked for the app under study's work
  /// (``SystemScheduler/spacedFromLastLaunch(_:processing:era:)``) and the other apps'
  /// fetches (``OtherAppsWork/recreateFetches(at:spacing:)``).
  @inline(__always)
  func spacedLaunch(_ start: SimTime, last: SimTime?, launches: Int) -> SimTime? {
    guard launches > launchesBeforeSpacing, let last else { return nil }
    return Self.moved(start, after: last, by: launchSpacingSeconds)
  }

  /// `start` moved to `seconds` after `last` when it is sooner; nil when it stays.
  @inline(__always)
  static func moved(_ start: SimTime, after last: SimTime, by seconds: Double) -> SimTime? {
    let spaced = last + .seconds(seconds)
    return start < spaced ? spaced : nil
  }
}
