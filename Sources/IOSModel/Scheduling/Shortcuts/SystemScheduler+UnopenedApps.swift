import SimKernel

extension SystemScheduler {
  /// Whether other app `i`'s `activity` is out of reach because the owner has never
  /// opened the app (``DecisionShortcuts/unopenedOutOfReach``): with no open history its
  /// app-open prediction is the default, its threshold the model's for its kind (no
  /// optimum for an app not used), and the weighted mean cannot reach that threshold
  /// whatever the state and the time. Decided once per app, and kept while the app has
  /// no open.
  @inline(__always)
  mutating func outOfReachUntilOpened(_ i: Int, _ activity: Activity) -> Bool {
    let o = otherApps.apps[i].opensAt
    guard shortcuts.uses, usage.otherApps.opens[o].last == nil, usage.otherApps.opens[o].total == 0 else {
      return false
    }
    if shortcuts.unopenedOutOfReach.count != otherApps.apps.count {
      shortcuts.unopenedOutOfReach = Array(repeating: nil, count: otherApps.apps.count)
    }
    if let known = shortcuts.unopenedOutOfReach[i] { return known }
    let decided = Self.unopenedCannotReach(activity, model: model)
    shortcuts.unopenedOutOfReach[i] = decided
    return decided
  }

  /// Whether `activity` of an app never opened stays below `model`'s threshold for it at
  /// every point: each policy that scores it at best 1, but the app-open one, at its best
  /// with no open history (``ApplicationPolicy/bestScoreWithoutOpens(pendingLaunchRequests:)``);
  /// a policy that does not score only raises the mean of the rest by leaving it, so all
  /// of them scoring bounds it. False where a policy other than the built-in application
  /// policy reads the app's opens, or the activity bypasses the predictions (a push).
  static func unopenedCannotReach(_ activity: Activity, model: SchedulingModel) -> Bool {
    guard !activity.bypassesPredictions, activity.relativeThreshold.isNaN else { return false }
    let opens: PolicyInputs = [.appOpenPrediction, .daysSinceAppOpened]
    var weighted = 0.0
    var weights = 0.0
    var readsOpens = false
    for j in model.policies.indices {
      guard let w = model.policies[j].scoreWeight(for: activity) else { continue }
      guard w.isFinite, w >= 0 else { return false }
      var best = 1.0
      if !model.compiled.reads[j].isDisjoint(with: opens) {
        guard case .application(let p) = model.compiled.policies[j] else { return false }
        // The other apps' point counts one pending request per app.
        best = p.bestScoreWithoutOpens(pendingLaunchRequests: 1)
        readsOpens = true
      }
      weighted += w * best
      weights += w
    }
    return readsOpens && weights > 0 && weighted / weights + 1e-9 < model.threshold(for: activity)
  }

  /// Other app `i`'s `activity` judged at `point` (its own fields set) by the rule after
  /// the `shared` policies' `tally`, or, for an app never opened whose work cannot reach
  /// its threshold (``outOfReachUntilOpened(_:_:)``), by ``judgeUnopened(_:at:after:shared:)``
  /// (debug builds judge it by the rule and check).
  @inline(__always)
  mutating func judgeOtherApp(
    _ i: Int, _ activity: inout Activity, at point: inout DecisionPoint, after tally: ScoreTally, shared: Int
  ) -> Verdict {
    let unopened = outOfReachUntilOpened(i, activity)
    if unopened, !shortcuts.checks {
      return judgeUnopened(activity, at: point, after: tally, shared: shared)
    }
    let verdict = judge(
      &activity, at: &point, after: (shared, tally), predicting: .otherApp(i), cutsOutOfReach: shortcuts.uses)
    if unopened { checkUnopenedApp(i, verdict, activity, at: point.context.now) }
    return verdict
  }

  /// An other app's `activity`, out of reach until the app is opened, at `point` (its
  /// own fields set) after the shared policies' `tally`: the policies of its own before
  /// the predictions are asked for their vetoes, as judging asks them, and the
  /// prediction's jitter is drawn as judging draws it; the rest cannot lift the mean.
  /// Returns the verdict judging would give, but for a score short of the threshold,
  /// given as out of reach.
  mutating func judgeUnopened(
    _ activity: Activity, at point: DecisionPoint, after tally: ScoreTally, shared: Int
  ) -> Verdict {
    var own = tally
    if let j = model.judgeIndex(
      activity, point.context, policies: shared..<model.predictionsNeededAt, into: &own)
    {
      return .vetoed(j)
    }
    _ = usage.jitter(at: point.context.now, redrawSeconds: parameters.appJitterRedrawSeconds)
    return .outOfReach
  }

  /// Debug builds: an app judged in full that ``outOfReachUntilOpened(_:_:)`` would have
  /// skipped is not launched by the rule.
  mutating func checkUnopenedApp(_ i: Int, _ verdict: Verdict, _ activity: Activity, at now: SimTime) {
    shortcuts.checked += 1
    guard case .scored(let mean) = verdict, model.launches(mean, activity) else { return }
    shortcutMismatch(
      "\(otherApps.apps[i].bundle) at \(now), never opened, was taken as out of reach, but it scores \(mean)")
  }
}
