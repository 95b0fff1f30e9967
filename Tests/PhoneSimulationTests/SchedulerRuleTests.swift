import DeviceModel
import IOSModel
import SimKernel
import Testing

@testable import PhoneAssembly

/// The documented scheduling rules, each driven by a scripted day.
@Suite struct SchedulerRuleTests {
  /// Processing `p0` (2 min of work), submitted at the first launch.
  var processingApp: Code { worker(["p0"], workSeconds: 120, submit: [processing("p0")]) }

  @Test func noProcessingLaunchWhileUnplugged() {
    var w = SystemWorld(behavior: processingApp, script: [(at(9), .openApp(seconds: 30))])
    w.run(until: at(day: 2, 0))
    #expect(w.launches().isEmpty)
    #expect(w.decisions.allSatisfy { $0.outcome == .vetoed(policy: "external_power") })
    #expect(!w.decisions.isEmpty)
  }

  @Test func processingLaunchesOnlyOnceTheDeviceIsIdleOnPower() {
    // Plugged at 10:00 while in use from 09:58 to 10:30; idle from then.
    let script: [(Double, TimelineEvent.Action)] = [
      (at(9), .openApp(seconds: 30)), (at(9, 58), .screenOn(seconds: 1920)), (at(10), .plug),
    ]
    var w = SystemWorld(behavior: processingApp, script: script)
    w.run(until: at(12))
    let launch = try! #require(w.launches("p0").first)
    #expect(launch >= at(10, 35))  // at least 5 minutes idle after 10:30
    #expect(w.decisions.contains { $0.outcome == .vetoed(policy: "device_activity") })
  }

  @Test func processingRequestOnAnOvernightChargerRunsThatNight() {
    let script =
      [(at(20), TimelineEvent.Action.openApp(seconds: 60))] + nightlyCharge(days: 1, plug: 23, unplug: 7)
    var w = SystemWorld(behavior: processingApp, script: script)
    w.run(until: at(day: 1, 12))
    let launch = try! #require(w.launches("p0").first)
    #expect(launch >= at(23) && launch < at(day: 1, 7))
  }

  @Test func noLaunchBelowTheBatteryVetoBands() {
    // Refresh is utility work: vetoed below 10 %. Processing is maintenance: below 20 %.
    let app = worker(["refresh"], workSeconds: 2, submit: [refresh()])
    var w = SystemWorld(
      behavior: app, script: habitualOpens(days: 1, at: [(8, 0)]) + [(at(8, 5), .battery(8))], battery: 8)
    w.run(until: at(day: 1, 0))
    #expect(w.launches("refresh").isEmpty)
    #expect(w.decisions.contains { $0.outcome == .vetoed(policy: "battery") })
  }

  @Test func noLaunchAfterForceQuitUntilTheAppIsReopened() {
    let opens = habitualOpens(days: 3, at: [(8, 0), (19, 0)])
    var w = SystemWorld(
      behavior: PeriodicRefresh(),
      script: opens.filter { $0.0 < at(day: 1, 19) || $0.0 >= at(day: 2, 19) } + [
        (at(day: 1, 8, 2), .forceQuit)
      ])
    w.run(until: at(day: 3, 0))
    let blocked = w.launches().filter { $0 > at(day: 1, 8, 2) && $0 < at(day: 2, 19) }
    #expect(blocked.isEmpty)
    #expect(w.decisions.contains { $0.outcome == .vetoed(policy: "force_quit") })
  }

  @Test func noLaunchWithBackgroundAppRefreshOff() {
    var config = AppConfiguration.testDefault
    config.backgroundAppRefresh = false
    // Submissions fail with `unavailable`; nothing runs.
    let app = worker(["refresh", "p0"], workSeconds: 2, submit: [refresh(), processing("p0")])
    var w = SystemWorld(
      config, behavior: app, script: habitualOpens(days: 2, at: [(8, 0)]) + nightlyCharge(days: 2))
    w.run(until: at(day: 2, 12))
    #expect(w.launches().isEmpty)
  }

  @Test func refreshLaunchesConcentrateInTheHourBeforeHabitualOpens() {
    // The owner opens the app at 08:00 and 19:00 every day; the app resubmits a
    // 15-minute refresh after each run. After a week of history, refresh launches must
    // fall mostly in the hour before those times.
    var w = SystemWorld(
      behavior: PeriodicRefresh(),
      script: habitualOpens(days: 21, at: [(8, 0), (19, 0)]) + nightlyCharge(days: 21))
    w.run(until: at(day: 21, 0))
    let late = w.launches("refresh").filter { $0 >= at(day: 7, 0) }
    #expect(late.count >= 14)
    let before = late.filter { t in
      let h = (t.truncatingRemainder(dividingBy: 86_400)) / 3600
      return (h >= 7 && h < 8) || (h >= 18 && h < 19)
    }
    // More than half in 2 of 24 hours (8 % of the day).
    #expect(Double(before.count) / Double(late.count) > 0.5, "\(before.count) of \(late.count)")
  }

  @Test func anAppNotOpenedForDaysGetsFewOrNoRefreshLaunches() {
    var w = SystemWorld(
      behavior: PeriodicRefresh(), script: habitualOpens(days: 1, at: [(8, 0)]) + nightlyCharge(days: 14))
    w.run(until: at(day: 14, 0))
    // Opened once, on day 0 at 08:00. dasd's timeline keeps that open for 14 days
    // (legacy-fetch.md §3, #164's once a day at the install's time), and an overdue
    // score above 0.5 counts as 1, the app recent or not: a week later (past the
    // relative threshold's `used_within`) the refresh runs only in the hour before
    // 08:00, at most once a day.
    let afterAWeek = w.launches("refresh").filter { $0 > at(day: 7, 8) }
    let hours = afterAWeek.map { $0.truncatingRemainder(dividingBy: 86_400) / 3600 }
    #expect(hours.allSatisfy { $0 >= 7 && $0 < 8 }, "\(hours)")
    let days = afterAWeek.map { Int($0 / 86_400) }
    #expect(Set(days).count == days.count, "\(afterAWeek.map { $0 / 86_400 })")
    let daysThreeToSeven = w.launches("refresh").filter { $0 > at(day: 3, 0) && $0 <= at(day: 7, 0) }
    #expect(daysThreeToSeven.count <= 4)
  }

  @Test func naiveModelRunsAsSoonAsTheEarliestDatePasses() {
    let app = worker(
      ["refresh", "p0"], workSeconds: 2, submit: [refresh(earliest: 3600), processing("p0", earliest: 7200)])
    var w = SystemWorld(behavior: app, script: [(0, .openApp(seconds: 30))], model: .naive())
    w.run(until: 20_000)
    #expect(w.launches("refresh") == [3600])
    #expect(w.launches("p0") == [7200])
  }

  @Test func everyDecisionRecordsEachPolicysVerdict() {
    var w = SystemWorld(behavior: processingApp, script: [(at(9), .openApp(seconds: 30)), (at(10), .plug)])
    w.run(until: at(11))
    let launched = try! #require(w.decisions.first { $0.outcome == .launched })
    #expect(launched.verdicts.map(\.policy) == SchedulingModel.policyNames)
    #expect(launched.total! >= launched.threshold)
    #expect(launched.verdicts.allSatisfy { !$0.isVeto })
  }

  /// A researcher's own policy, listed among the built-in ones, is consulted in its
  /// place in the list, and its veto stops a launch the built-in policies allow.
  @Test func aResearchersOwnPolicyIsConsultedInItsPlace() {
    struct NotBeforeMidnight: SchedulingPolicy {
      var name: String { "not_before_midnight" }
      var reads: PolicyInputs { [.time] }
      func evaluate(_ activity: Activity, _ c: PolicyContext) -> PolicyVerdict {
        c.now.seconds.truncatingRemainder(dividingBy: 86_400) < 86_400 - 3600
          ? .veto(name, c, "before 23:00") : .skip(name)
      }
    }
    var model = SchedulingModel.iosFromDayZero()
    model.policies.insert(NotBeforeMidnight(), at: 3)
    let script = [
      (at(9), TimelineEvent.Action.openApp(seconds: 30)), (at(10), .plug), (at(day: 1, 8), .unplug),
    ]
    var w = SystemWorld(behavior: processingApp, script: script, model: model)
    w.run(until: at(day: 1, 9))
    let launch = try! #require(w.launches("p0").first)
    #expect(launch >= at(23))
    #expect(w.decisions.contains { $0.outcome == .vetoed(policy: "not_before_midnight") })
    let launched = try! #require(w.decisions.first { $0.outcome == .launched })
    #expect(launched.verdicts[3].policy == "not_before_midnight")
    #expect(launched.verdicts.count == SchedulingModel.policyNames.count + 1)
  }
}

/// Refresh every 15 min at the earliest: submit at launch and again from each run.
final class PeriodicRefresh: AppBehavior {
  func didFinishLaunching(_ app: SimulatedApp, inBackground: Bool) {
    app.taskScheduler.register(forTaskWithIdentifier: "refresh") { task in
      self.submit(app)
      let work = app.after(seconds: 3) { task.setTaskCompleted(success: true) }
      task.expirationHandler = {
        app.cancel(work)
        task.setTaskCompleted(success: false)
      }
    }
    submit(app)
  }

  func submit(_ app: SimulatedApp) {
    var r = BGAppRefreshTaskRequest(identifier: "refresh")
    r.earliestBeginDate = app.now + .minutes(15)
    try? app.taskScheduler.submit(r)
  }
}
