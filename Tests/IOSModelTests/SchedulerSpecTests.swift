import DeviceModel
import FileFormats
import Foundation
import IOSModel
import Testing

@Suite struct SchedulerSpecTests {
  func parse(_ yaml: String) throws -> SchedulerSpec {
    try SchedulerSpec(tree: try ConfigTree.parse(yaml: yaml, file: "scheduler.yaml"))
  }

  @Test func overridesChangeOnePolicyAndKeepTheRest() throws {
    let spec = try parse(
      "threshold: 0.3\npolicies:\n  application: {weight: 20}\n  thermal: {enabled: false}\n")
    #expect(spec.model.threshold == 0.3)
    #expect((spec.model.policies.first { $0.name == "application" } as? ApplicationPolicy)?.weight == 20)
    #expect(!spec.model.policies.contains { $0.name == "thermal" })
    #expect(spec.model.policies.count == SchedulingModel.policyNames.count - 1)
  }

  @Test func thePredictionWindowIsAKey() throws {
    #expect(try parse("prediction_window: 3m\n").parameters.predictionWindowSeconds == 180)
    #expect(try parse("model: ios\n").parameters.predictionWindowSeconds == 900)
  }

  /// dasd's app timeline (legacy-fetch.md §3) is the default: days alike, and the mean
  /// since the app's first open; the keys give bgsim's earlier predictor back.
  @Test func theAppTimelineKeysAct() throws {
    let timeline = try parse("model: ios\n").parameters
    #expect(timeline.historyHalfLifeDays == .infinity)
    #expect(timeline.appHistoryMeanSinceFirstOpen)
    #expect(try parse("history_half_life: none\n").parameters.historyHalfLifeDays == .infinity)
    let earlier = try parse("history_half_life: 2\napp_history_mean: all_days\n").parameters
    #expect(earlier.historyHalfLifeDays == 2)
    #expect(!earlier.appHistoryMeanSinceFirstOpen)
  }

  @Test func theShareOfStalledPhonesIsAKey() throws {
    #expect(
      try parse("owners: {stalled_release_share: 0.2}\n").parameters.ownerSpread.stalledReleaseShare == 0.2)
    #expect(try parse("model: ios\n").parameters.ownerSpread.stalledReleaseShare == 0.058)
  }

  @Test func naiveModelIsSelectable() throws {
    #expect(try parse("model: naive\n").model.name == "naive")
  }

  @Test(arguments: [
    (
      "policies:\n  batery: {weight: 1}\n",
      "scheduler.yaml:2: policies.batery: unknown key 'batery'; did you mean 'battery'?"
    ),
    (
      "policies:\n  application: {weight: -5}\n",
      "scheduler.yaml:2: policies.application.weight: -5 is a negative weight"
    ),
    ("threshold: 1.5\n", "scheduler.yaml:1: threshold: 1.5 is out of range; use a value in [0, 1]"),
    ("model: android\n", "'android' is not one of ios, naive"),
    ("policies:\n  rate_limit: {minimum_spacing: 15}\n", "needs a unit"),
    ("legacy_fetch: {top_apps: 0}\n", "scheduler.yaml:1: legacy_fetch.top_apps: 0 is out of range"),
    ("legacy_fetch: {top: 5}\n", "unknown key 'top'"),
    ("fair_share: {long_running: -1m}\n", "scheduler.yaml:1: fair_share.long_running:"),
    ("fair_share: {reset: 10m}\n", "scheduler.yaml:1: fair_share.reset:"),
    ("app_jitter_redraw: 5\n", "needs a unit"),
    ("prediction_window: 0s\n", "scheduler.yaml:1: prediction_window: "),
    ("prediction_windw: 5m\n", "did you mean 'prediction_window'?"),
    (
      "app_history_mean: first\n",
      "scheduler.yaml:1: app_history_mean: 'first' is not one of all_days, since_first_open"
    ),
    (
      "history_half_life: never\n",
      "history_half_life: 'never' is not a half-life; write days (e.g. 2) or none"
    ),
    (
      "owners: {stalled_release_share: 1.5}\n",
      "scheduler.yaml:1: owners.stalled_release_share: 1.5 is out of range"
    ),
    ("owners: {stalled_releas_share: 0.1}\n", "did you mean 'stalled_release_share'?"),
    ("policies:\n  thundering_herd: {lengthy_lock: 4}\n", "needs a unit"),
    ("policies:\n  thundering_herd: {lenghty_lock: 4h}\n", "did you mean 'lengthy_lock'?"),
    (
      "app_launch: 4s\n",
      "scheduler.yaml:1: app_launch: was replaced by due_latency: {median: 5s, sigma: 1.4}"
    ),
    ("due_latency: {median: -1s}\n", "scheduler.yaml:1: due_latency.median:"),
    ("due_latency: {sigma: 9}\n", "scheduler.yaml:1: due_latency.sigma:"),
    ("due_latency: {medain: 5s}\n", "did you mean 'median'?"),
    (
      "model: naive\ndue_latency: {median: 5s}\n",
      "scheduler.yaml:2: due_latency: has no effect in the naive model"
    ),
  ])
  func badSchedulerSettingsGetOneLine(yaml: String, message: String) {
    do {
      _ = try parse(yaml)
      Issue.record("accepted \(yaml)")
    } catch {
      #expect("\(error)".contains(message), "got \(error)")
    }
  }
}

extension SchedulerSpecTests {
  /// `due_latency` sets the timer's latency; 0 s with sigma 0 puts the launch back at
  /// the start itself.
  @Test func theDueLatencyIsRead() throws {
    let p = try parse("due_latency: {median: 12s, sigma: 0}\n").parameters
    #expect(p.dueLatencyMedianSeconds == 12)
    #expect(p.dueLatencySigma == 0)
    #expect(try parse("threshold: 0.5\n").parameters.dueLatencyMedianSeconds == 5)
  }

  /// The key of the random delay issue 64 removed is refused with the reason, whatever
  /// its value.
  @Test(arguments: ["true", "false"])
  func theRemovedDueTimerKeyIsRefused(value: String) throws {
    do {
      _ = try parse("due_timer_waits_for_wake: \(value)\n")
      Issue.record("due_timer_waits_for_wake: \(value) was taken")
    } catch {
      #expect(
        "\(error)".hasPrefix(
          "scheduler.yaml:1: due_timer_waits_for_wake: was removed: dasd's timers for background work never wake"
        ))
    }
  }
}
