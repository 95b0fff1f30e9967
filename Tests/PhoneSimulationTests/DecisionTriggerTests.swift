import DeviceModel
import IOSModel
import SimKernel
import Testing

@testable import PhoneAssembly

@Suite struct DecisionTriggerTests {
  /// Triggers spell what `bgsim explain` and the `launch_trigger` column (`launch_reason`
  /// before issue 64) have always shown: the scheduler's own events by name, a device change by its kind.
  @Test func triggersSpellTheirReasons() {
    #expect(DecisionTrigger.timer.text == "timer")
    #expect(DecisionTrigger.push.text == "push")
    #expect(DecisionTrigger.otherAppPush.text == "other_app_push")
    #expect(DecisionTrigger.earliestBeginDate.text == "earliest_begin_date")
    #expect(DecisionTrigger.submit.text == "submit")
    for kind in DeviceChange.Kind.allCases {
      #expect(DecisionTrigger.device(kind).text == kind.rawValue)
    }
  }

  /// The cause kept with each launch (its row's `launch_trigger` … `launch_threshold`)
  /// is the decision's that launched it: its trigger, and a score that passed its bar
  /// (or, for a companion of the app's launch, no veto), over two nights of processing
  /// runs and the refresh runs of the days between.
  @Test func eachLaunchKeepsTheCauseOfItsDecision() throws {
    // Each task works a minute, then asks to run again 15 minutes on.
    let app = Code(launched: { app, _ in
      for id in ["p0", "refresh"] {
        app.taskScheduler.register(forTaskWithIdentifier: id) { task in
          app.after(seconds: 60) {
            task.setTaskCompleted(success: true)
            let again = app.now.seconds + 900
            if id == "p0" {
              try? app.taskScheduler.submit(processing(id, earliest: again))
            } else {
              try? app.taskScheduler.submit(refresh(id, earliest: again))
            }
          }
        }
      }
      try? app.taskScheduler.submit(processing("p0"))
      try? app.taskScheduler.submit(refresh("refresh"))
    })
    let script =
      habitualOpens(days: 2, at: [(8, 0), (13, 0), (20, 0)]) + nightlyCharge(days: 2, plug: 23, unplug: 7)
    var w = SystemWorld(behavior: app, script: script)
    w.run(until: at(day: 2, 12))
    let launched = w.decisions.filter { $0.outcome == .launched }
    let snapshots = w.phone.launchSnapshots
    #expect(launched.count >= 4)
    #expect(snapshots.count == launched.count)
    for (decision, snapshot) in zip(launched, snapshots) {
      #expect(snapshot.identifier == decision.activity.identifier)
      let cause = try #require(snapshot.cause)
      #expect(cause.trigger.text == decision.trigger)
      #expect(cause.score == decision.total)
      let companion = decision.verdicts.contains { $0.policy == "companion" }
      #expect((cause.reason == .companion) == companion)
      if !companion { #expect(cause.score + 1e-12 >= cause.threshold) }
      #expect(cause.threshold == decision.threshold)
      #expect(cause.submittedAt == decision.activity.submittedAt)
    }
    #expect(Set(snapshots.compactMap { $0.cause?.trigger }).count >= 2)
    #expect(Set(snapshots.compactMap { $0.cause?.reason }).count >= 2)
  }
}
