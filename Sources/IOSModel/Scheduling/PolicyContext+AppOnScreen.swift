extension PolicyContext {
  /// Whether `activity` is a silent push for the app on screen: dasd delivers it at
  /// once, past the push spacing, the push budget and the one-task limit (field
  /// observation S1: "app in the foreground: Absolutely Must Proceed"; dasd-decisions.md
  /// §6: a push to a running app is delivered at once). Such a delivery is no launch
  /// for dasd: it neither spends the budget nor restarts the spacing. An app running in
  /// the background is not counted as running here: no report shows its pushes passing.
  @inline(__always)
  public func pushReachesAppOnScreen(_ activity: Activity) -> Bool {
    activity.kind == .silentPush && appState.isForeground
  }
}
