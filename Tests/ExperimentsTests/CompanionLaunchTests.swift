import SimKernel
import Testing

@testable import Experiments
@testable import IOSModel

/// dasd runs, in one launch of an app, every other due request of the app that no policy
/// vetoes (dasd-decisions.md §3): a refresh rides along with a processing launch.
@Suite struct CompanionLaunchTests {
  /// Every launch marked as a companion shares its instant with a launch of the app's
  /// other request that passed on its own score; every processing launch that found the
  /// refresh request due has the refresh judged at the same instant (launched with it,
  /// vetoed by a policy, or refused by the app; never merely below its threshold).
  @Test func aLaunchRunsTheAppsOtherDueRequestsUnlessVetoed() throws {
    let scenario = try NightChargerScenario.make(
      name: "companions", persona: "{name: typical, overrides: {usage.app_opens_per_day: 0.3}}")
    var companions = 0
    var checked = 0
    for device in 0..<6 {
      let log = scenario.run(device: device, recordDecisions: true)
      let launched = log.decisions.filter { $0.outcome == .launched }
      for d in launched where d.verdicts.contains(where: { $0.policy == "companion" }) {
        companions += 1
        #expect(
          launched.contains {
            $0.time == d.time && $0.activity.identifier != d.activity.identifier
              && !$0.verdicts.contains(where: { $0.policy == "companion" })
          }, "a companion at \(d.time) without the launch it joined")
      }
      for p in launched where p.activity.identifier == "upload" {
        // Due as dasd has it: its start, the later of its earliest date and the end of
        // the hold after submission (dasd-decisions.md §1), has passed.
        let hold = SimDuration.seconds(SchedulerParameters().submissionHoldSeconds)
        let due = log.launchRecords.contains {
          $0.name == TaskName("refresh") && $0.submitted < p.time
            && max($0.earliest, $0.submitted + hold) <= p.time
            && ($0.launched.map { $0 >= p.time } ?? ($0.ended.map { $0 > p.time } ?? true))
        }
        guard due else { continue }
        checked += 1
        let refresh = log.decisions.filter { $0.time == p.time && $0.activity.identifier == "refresh" }
        #expect(
          refresh.contains {
            switch $0.outcome {
            case .launched, .vetoed, .refused: true
            case .belowThreshold: false
            }
          },
          "processing at \(p.time) left the due refresh below its threshold: \(refresh.map(\.outcome))")
      }
    }
    #expect(companions > 0, "no refresh rode along with a processing launch")
    #expect(checked > 0)
  }
}
