import DeviceModel
import Randomness
import SimKernel
import Testing

@testable import IOSModel

/// Field observation G3: a phone on a stalled iOS release launches no background work.
@Suite struct ReleaseFaultPolicyTests {
  func context(stalled: Bool) -> PolicyContext {
    var c = PolicyContext(
      now: SimTime(seconds: 100_000), batteryPercent: 90, isPluggedIn: true, isInUse: false,
      idleSeconds: 900, network: .wifi, isLowPowerMode: false, thermal: .nominal, isPoweredOn: true,
      appState: .suspended, backgroundAppRefresh: true, isForceQuitFlagged: false,
      appOpenProbability: 0.9, deviceUseProbability: 0.9, daysSinceAppOpened: 0,
      energyBudget: 150, energyCapacity: 150, dataBudget: 5e7, lastLaunch: LaunchTimes(),
      runningTasks: 0, overruns: 0)
    c.owner.stalledRelease = stalled
    return c
  }

  @Test(arguments: Activity.Kind.allCases)
  func aStalledReleaseHoldsTheAppsOwnWorkAndNothingElse(kind: Activity.Kind) {
    let a = Activity(kind: kind, identifier: "t", priority: .utility, submittedAt: .zero)
    let policy = ReleaseFaultPolicy()
    let held = policy.evaluate(a, context(stalled: true))
    let ownWork: Set<Activity.Kind> = [.refresh, .legacyFetch, .processing]
    #expect(held.isVeto == ownWork.contains(kind))
    #expect(!policy.evaluate(a, context(stalled: false)).isVeto)
    // The whole model holds it too, and names this policy.
    let model = SchedulingModel.ios()
    if ownWork.contains(kind) {
      let verdicts = model.policies.map { $0.evaluate(a, context(stalled: true)) }
      #expect(verdicts.contains { $0.isVeto && $0.policy == "os_release" })
    }
  }

  /// The share is drawn once per owner: 2,000 owners at 0.058 give 116 ± 3 × 10.5
  /// (binomial sd), and a share of 0 stalls nobody.
  @Test func theShareOfStalledPhonesIsAsSet() {
    var spread = OwnerEffects.Spread()
    spread.stalledReleaseShare = 0.058
    let streams = RandomStreams(seed: 8)
    let stalled = (0..<2000).filter {
      OwnerEffects.draw(spread, stream: streams.stream("device/\($0)/owner")).stalledRelease
    }.count
    #expect(abs(Double(stalled) - 116) <= 3 * 10.5)
    let none = (0..<500).filter {
      OwnerEffects.draw(OwnerEffects.Spread(), stream: streams.stream("device/\($0)/owner")).stalledRelease
    }
    #expect(none.isEmpty)
  }
}
