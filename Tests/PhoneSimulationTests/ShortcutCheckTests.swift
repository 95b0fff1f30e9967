import Foundation
import Testing

@testable import IOSModel
@testable import PhoneAssembly

/// Debug builds check every shortcut's answer against the rule (``SystemScheduler/judge(_:at:record:)``):
/// a standing veto must be a veto before the predictions for every due activity, and an
/// activity out of reach must not launch by the rule, with the point's one draw made.
@Suite struct ShortcutCheckTests {
  /// Every shortcut answer is checked once: the checks count the standing-veto points
  /// and the out-of-reach answers, in runs that take both shortcuts many times.
  @Test(arguments: [false, true])
  func everyShortcutAnswerIsChecked(withToyPolicy: Bool) {
    #expect(SystemScheduler.checksShortcuts)
    var model = SchedulingModel.iosFromDayZero()
    if withToyPolicy { model.policies.append(QuietHoursPolicy()) }
    var refresh = SystemWorld(
      behavior: OutOfReachTests.app(), script: OutOfReachTests.script, model: model, recordDecisions: false)
    refresh.run(until: at(day: 6, 0))
    var both = SystemWorld(
      behavior: StandingVetoTests.app(both: true), script: StandingVetoTests.script, model: model,
      recordDecisions: false)
    both.run(until: at(day: 3, 0))
    for decider in [refresh.phone.decider, both.phone.decider] {
      #expect(decider.shortcutsChecked == decider.standingVetoPoints + decider.outOfReachPoints)
    }
    #expect(refresh.phone.decider.outOfReachPoints > 150)
    #expect(both.phone.decider.standingVetoPoints > 20)
  }

  /// The optimum's scan passes over steps that cannot beat its best so far, and each is
  /// checked against its full score (a mismatch traps): the run takes that shortcut,
  /// and every time it does, the step is scored in full. (With the app timeline's
  /// defaults this script's scans find a step above 0.9 at once; the 7.5-min window with
  /// a 2-day half-life over all 14 days makes them search.)
  @Test func theScansPassedOverStepsAreChecked() {
    var searching = SchedulerParameters()
    searching.predictionWindowSeconds = 450
    searching.historyHalfLifeDays = 2
    searching.appHistoryMeanSinceFirstOpen = false
    var quick = SystemWorld(
      behavior: OutOfReachTests.app(), script: OutOfReachTests.script, parameters: searching,
      recordDecisions: false)
    quick.run(until: at(day: 6, 0))
    let decider = quick.phone.decider
    #expect(decider.scanStepsPassedOver > 0)
    #expect(decider.scanStepsChecked == decider.scanStepsPassedOver)
  }

  /// The toy policy's launches and draws are those of judging every point by the rule.
  @Test func theToyPolicysShortcutsAgreeWithTheRule() {
    var model = SchedulingModel.iosFromDayZero()
    model.policies.append(QuietHoursPolicy())
    var judging = SystemWorld(
      behavior: OutOfReachTests.app(), script: OutOfReachTests.script, model: model, recordDecisions: true)
    var quick = SystemWorld(
      behavior: OutOfReachTests.app(), script: OutOfReachTests.script, model: model, recordDecisions: false)
    judging.run(until: at(day: 6, 0))
    quick.run(until: at(day: 6, 0))
    #expect(judging.launches("refresh").count > 5)
    #expect(quick.launches() == judging.launches())
    #expect(quick.phone.decider.decisionCount == judging.phone.decider.decisionCount)
    #expect(
      quick.phone.decider.usage.jitterStream.uniform() == judging.phone.decider.usage.jitterStream.uniform())
    #expect(judging.decisions.contains { $0.verdicts.contains { $0.policy == "quiet_hours" } })
  }

  /// A policy whose declaration is wrong (it says its veto reads only the charger, but
  /// it reads the time) is caught by the checks: its veto is taken to stand while the
  /// charger does not change, and the check finds points where the rule says otherwise.
  @Test func aWrongDeclarationIsCaught() {
    struct MorningsOnly: SchedulingPolicy {
      var name: String { "mornings_only" }
      var reads: PolicyInputs { [.pluggedIn] }  // wrong: it reads the time
      func scoreWeight(for activity: Activity) -> Double? { nil }
      func evaluate(_ activity: Activity, _ c: PolicyContext) -> PolicyVerdict {
        let hour = c.now.seconds.truncatingRemainder(dividingBy: 86_400) / 3600
        return hour < 12 ? .skip(name) : .veto(name, c, "afternoon")
      }
    }
    final class Found: @unchecked Sendable {
      let lock = NSLock()
      var messages: [String] = []
      func add(_ m: String) { lock.withLock { messages.append(m) } }
    }
    var model = SchedulingModel.iosFromDayZero()
    model.policies.insert(MorningsOnly(), at: 0)
    let found = Found()
    var world = SystemWorld(
      behavior: OutOfReachTests.app(), script: OutOfReachTests.script, model: model, recordDecisions: false)
    world.phone.decider.onShortcutMismatch = { found.add($0) }
    world.run(until: at(day: 3, 0))
    #expect(!found.messages.isEmpty)
    #expect(found.messages.allSatisfy { $0.contains("standing veto") || $0.contains("out of reach") })
    #expect(found.messages.contains { $0.contains("standing veto") })
  }
}
