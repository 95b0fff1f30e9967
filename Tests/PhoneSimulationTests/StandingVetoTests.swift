import DeviceModel
import IOSModel
import SimKernel
import Testing

@testable import PhoneAssembly

/// A veto that reads only the device's and the app's state (no power, no network, phone
/// off, swiped away, Background App Refresh off, too hot) stands until that state or the
/// pending requests change, so the scheduler counts such decision points without judging
/// them again. Launches and decision counts must be those of judging every time, which
/// is what a scheduler that records its decisions (as `bgsim explain` does) still does.
@Suite struct StandingVetoTests {
  /// Three days: refresh and processing requests (resubmitted at each run, the
  /// processing one 2 h ahead), opens, a night charger, the network going away and
  /// back, a hot afternoon, and an app swiped away and reopened.
  static let script: [(Double, TimelineEvent.Action)] =
    habitualOpens(days: 3, at: [(8, 0), (12, 30), (19, 0)])
    + nightlyCharge(days: 3, plug: 23, unplug: 7)
    + [
      (at(10), .network(.none)), (at(11), .network(.cellular)), (at(day: 1, 14), .thermal(.serious)),
      (at(day: 1, 16), .thermal(.nominal)), (at(day: 2, 20), .forceQuit), (at(day: 2, 9), .plug),
      (at(day: 2, 9, 40), .unplug), (at(day: 2, 15), .lowPowerMode(true)),
      (at(day: 2, 18), .lowPowerMode(false)),
      // On the charger at night: no network for an hour, then too hot for two;
      // swiped away on the last evening.
      (at(day: 1, 0, 30), .network(.none)), (at(day: 1, 1, 30), .network(.wifi)),
      (at(day: 1, 2), .thermal(.serious)),
      (at(day: 1, 4), .thermal(.nominal)),
    ]

  /// Refresh (every 15 min) and processing (2 h ahead) with `both`; else processing
  /// alone, every 15 min, as in the default experiment's processing arm, and needing
  /// the network.
  static func app(both: Bool) -> Code {
    Code(launched: { app, _ in
      for id in both ? ["refresh", "p0"] : ["p0"] {
        app.taskScheduler.register(forTaskWithIdentifier: id) { task in
          let timer = app.after(seconds: 20) {
            let next: any BGTaskRequest =
              id == "refresh"
              ? refresh(earliest: app.now.seconds + 900)
              : processing("p0", earliest: app.now.seconds + (both ? 7200 : 900), network: !both)
            try? app.taskScheduler.submit(next)
            task.setTaskCompleted(success: true)
          }
          task.expirationHandler = {
            app.cancel(timer)
            task.setTaskCompleted(success: false)
          }
        }
      }
      if both { try? app.taskScheduler.submit(refresh(earliest: 900)) }
      try? app.taskScheduler.submit(processing("p0", earliest: 1800, network: !both))
    })
  }

  @Test(arguments: [true, false])
  func standingVetoesLaunchAndCountAsJudgingEveryTimeDoes(both: Bool) {
    // Unpaced, so that processing runs often and is vetoed often.
    var judging = SystemWorld(
      behavior: Self.app(both: both), script: Self.script, model: .iosFromDayZero(unpaced: true),
      recordDecisions: true)
    var standing = SystemWorld(
      behavior: Self.app(both: both), script: Self.script, model: .iosFromDayZero(unpaced: true),
      recordDecisions: false)
    judging.run(until: at(day: 3, 0))
    standing.run(until: at(day: 3, 0))
    #expect(judging.launches("p0").count > (both ? 1 : 10))
    #expect(!both || !judging.launches("refresh").isEmpty)
    #expect(standing.launches() == judging.launches())
    #expect(standing.phone.decider.decisionCount == judging.phone.decider.decisionCount)
    #expect(judging.phone.decider.standingVetoPoints == 0)
    // Processing alone waits for the charger about 16 h a day, vetoed at every 10-min
    // timer tick (about 96 a day) and screen-off; with refresh pending too, only the
    // last evening (swiped away from 20:00, 24 ticks) vetoes both on state alone.
    #expect(
      standing.phone.decider.standingVetoPoints > (both ? 20 : 100),
      "\(standing.phone.decider.standingVetoPoints)")
  }
}
