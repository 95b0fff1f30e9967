extension SystemScheduler {
  /// Whether other app `i`'s work is still vetoed as unused (``UnusedApp``): its memo
  /// names the app's last open as it stands.
  @inline(__always)
  mutating func isUnused(_ i: Int) -> Bool {
    guard knownUnused(i) else { return false }
    shortcuts.unusedAppSkips += 1
    return true
  }

  /// ``isUnused(_:)`` without counting a skip: whether a point has anything to judge.
  @inline(__always)
  mutating func knownUnused(_ i: Int) -> Bool {
    guard shortcuts.uses else { return false }
    if shortcuts.unusedApps.count != otherApps.apps.count {
      shortcuts.unusedApps = Array(repeating: nil, count: otherApps.apps.count)
    }
    guard let memo = shortcuts.unusedApps[i] else { return false }
    return memo.lastOpen == usage.otherApps.opens[otherApps.apps[i].opensAt].last
  }

  /// After other app `i`'s `activity` was judged at `c`: a veto that holds until the app
  /// is opened keeps a memo, and, in debug builds, an app the memo would have skipped
  /// (`checking`) must have been vetoed.
  @inline(__always)
  mutating func learnUnused(
    _ i: Int, from verdict: Verdict, _ activity: Activity, at c: PolicyContext, checking: Bool
  ) {
    guard shortcuts.uses, case .vetoed(let j) = verdict else {
      if checking { checkUnusedApp(i, vetoed: false, at: c.now) }
      return
    }
    if checking { checkUnusedApp(i, vetoed: true, at: c.now) }
    if UnusedApp.holdsUntilOpened(vetoedBy: j, activity, c, model: model) {
      shortcuts.unusedApps[i] = UnusedApp(lastOpen: usage.otherApps.opens[otherApps.apps[i].opensAt].last)
    }
  }
}
