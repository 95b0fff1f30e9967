import Randomness
import SimKernel
import Testing

@testable import DeviceModel
@testable import IOSModel
@testable import PhoneAssembly

/// The usage predictions are made once per decision point, just before the first
/// policy that reads them: at a point where a processing request comes first, its turn
/// makes the point's one random draw, and a refresh request due at the same point is
/// judged with the same prediction. Launches, decision counts and the jitter stream's
/// place must be those of a scheduler that records its decisions (and takes no
/// shortcut).
@Suite struct DeferredPredictionTests {
  /// A processing request submitted before a refresh request, each resubmitted 15
  /// minutes on by its own run: on the charger both are often due at one point.
  static func app() -> Code {
    Code(launched: { app, _ in
      for id in ["p0", "refresh"] {
        app.taskScheduler.register(forTaskWithIdentifier: id) { task in
          let timer = app.after(seconds: 20) {
            let again = app.now.seconds + 900
            if id == "p0" {
              try? app.taskScheduler.submit(processing(id, earliest: again))
            } else {
              try? app.taskScheduler.submit(refresh(id, earliest: again))
            }
            task.setTaskCompleted(success: true)
          }
          task.expirationHandler = {
            app.cancel(timer)
            task.setTaskCompleted(success: false)
          }
        }
      }
      try? app.taskScheduler.submit(processing("p0", earliest: 900))
      try? app.taskScheduler.submit(refresh("refresh", earliest: 900))
    })
  }

  /// A midday charge around a habitual open at 13:00, and the phone in use from 12:35
  /// until then: the processing request is judged (and vetoed for the use) at points
  /// where the app-open prediction is high and the refresh request launches.
  static let script: [(Double, TimelineEvent.Action)] =
    habitualOpens(days: 5, at: [(8, 0), (13, 0), (19, 0)])
    + (0..<5).flatMap { d in
      [
        (at(day: d, 11), TimelineEvent.Action.plug), (at(day: d, 12, 35), .screenOn(seconds: 1500)),
        (at(day: d, 15), .unplug),
      ]
    }

  @Test func refreshAfterProcessingIsJudgedWithThePredictionJudgingMakes() {
    // Unpaced, so that processing runs often.
    var judging = SystemWorld(
      behavior: Self.app(), script: Self.script, model: .iosFromDayZero(unpaced: true), recordDecisions: true)
    var deferring = SystemWorld(
      behavior: Self.app(), script: Self.script, model: .iosFromDayZero(unpaced: true), recordDecisions: false
    )
    judging.run(until: at(day: 5, 12))
    deferring.run(until: at(day: 5, 12))
    // Points where processing was judged before a refresh request, and those of them
    // where the refresh request launched.
    let shared = zip(judging.decisions, judging.decisions.dropFirst()).filter {
      $0.time == $1.time && $0.activity.kind == .processing && $1.activity.kind == .refresh
    }
    let launchedAfterProcessing = shared.filter { $0.1.outcome == .launched }
    #expect(shared.count > 20, "\(shared.count)")
    #expect(launchedAfterProcessing.count > 3, "\(launchedAfterProcessing.count)")
    #expect(judging.launches("refresh").count > 5)
    #expect(judging.launches("p0").count > 20)
    #expect(deferring.launches("refresh") == judging.launches("refresh"))
    #expect(deferring.launches("p0") == judging.launches("p0"))
    #expect(deferring.phone.decider.decisionCount == judging.phone.decider.decisionCount)
    #expect(
      deferring.phone.decider.usage.jitterStream.uniform()
        == judging.phone.decider.usage.jitterStream.uniform())
  }
}
