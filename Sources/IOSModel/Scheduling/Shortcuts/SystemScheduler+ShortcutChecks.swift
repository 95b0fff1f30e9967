import DeviceModel
import Foundation
import SimKernel

extension SystemScheduler {
  /// Whether every shortcut's answer is checked against the rule: in debug builds
  /// (and so in `swift test`), and in any build run with `BGSIM_CHECK_SHORTCUTS` set.
  /// The experiment runner's gathered summary is checked under the same switch.
  /// Whether the shortcuts are taken at all: off with `BGSIM_NO_SHORTCUTS` set, so that
  /// a run judges every point by the plain rule (`.ci/shortcuts-test` compares the two).
  package static let usesShortcuts = ProcessInfo.processInfo.environment["BGSIM_NO_SHORTCUTS"] == nil

  package static let checksShortcuts: Bool = {
    #if DEBUG
      return true
    #else
      return ProcessInfo.processInfo.environment["BGSIM_CHECK_SHORTCUTS"] != nil
    #endif
  }()

  /// A standing veto answered this point: by the rule, every due activity is vetoed
  /// before the predictions (so nothing launches and nothing is drawn).
  mutating func checkStandingVeto(
    app: some LaunchableApp, device: some DeviceConditions, now: SimTime, trigger: DecisionTrigger
  ) {
    shortcuts.checked += 1
    let c = context(app: app, device: device, now: now)
    let split = model.predictionsNeededAt
    for activity in requests.cache where (activity.earliest ?? now) <= now {
      var tally = ScoreTally()
      if model.judgeIndex(activity, c, policies: 0..<split, into: &tally) == nil {
        shortcutMismatch(
          "a standing veto at \(now) skipped \(activity.name.text), which no policy before the predictions vetoes"
        )
      }
    }
  }

  /// An activity was found out of reach at `point`, whose app-open prediction is made:
  /// by the rule, no policy before the predictions vetoes it (so the point draws), and
  /// it does not launch.
  mutating func checkOutOfReach(_ activity: Activity, at point: DecisionPoint) {
    shortcuts.checked += 1
    var reference = point
    predictDeviceUse(&reference)
    var tally = ScoreTally()
    let all = 0..<model.compiled.policies.count
    if let i = model.judgeIndex(activity, reference.context, policies: all, into: &tally) {
      if i < model.predictionsNeededAt {
        shortcutMismatch(
          "\(activity.name.text) at \(point.context.now) was out of reach, but \(model.compiled.names[i]) vetoes it before the predictions"
        )
      }
    } else if model.launches(tally.mean, activity) {
      shortcutMismatch(
        "\(activity.name.text) at \(point.context.now) was out of reach, but scores \(tally.mean) ≥ \(model.threshold(for: activity))"
      )
    }
  }

  /// `activity`, judged at `point` without the device-use prediction (no policy reads it
  /// for its kind), gets the same answer from the policies after the predictions with it.
  mutating func checkDeviceUseUnread(
    _ activity: Activity, at point: DecisionPoint, in context: PolicyContext, after tally: ScoreTally
  ) {
    shortcuts.checked += 1
    var predicted = point
    predictDeviceUse(&predicted)
    var full = context
    full.deviceUseProbability = predicted.context.deviceUseProbability
    full.processingIdleUseProbability = predicted.context.processingIdleUseProbability
    let rest = model.predictionsNeededAt..<model.compiled.policies.count
    var (without, with) = (tally, tally)
    let vetoWithout = model.judgeIndex(activity, context, policies: rest, into: &without)
    let vetoWith = model.judgeIndex(activity, full, policies: rest, into: &with)
    if vetoWithout != vetoWith || without.weighted != with.weighted || without.weights != with.weights {
      shortcutMismatch(
        "\(activity.name.text) at \(point.context.now) was judged without the device-use prediction, which changes its answer"
      )
    }
  }

  /// Other app `i`, which the other apps' loop would have skipped as unused
  /// (``UnusedApp``), is `vetoed` when judged by the rule.
  mutating func checkUnusedApp(_ i: Int, vetoed: Bool, at now: SimTime) {
    shortcuts.checked += 1
    if vetoed { return }
    shortcutMismatch(
      "\(otherApps.apps[i].bundle) at \(now) was skipped as unused, but the rule does not veto it")
  }

  /// A shortcut disagreed with the rule: a bug in a policy's declarations or in the
  /// shortcuts.
  func shortcutMismatch(_ message: String) {
    if let onShortcutMismatch {
      onShortcutMismatch(message)
    } else {
      preconditionFailure("bgsim: a scheduler shortcut disagrees with the rule: \(message)")
    }
  }
}
