import DeviceModel
import SimKernel
import Testing

@testable import IOSModel

/// S1: a silent push that reaches a phone in use waits until the phone is put down or
/// 900 s have passed since the push; other work and idle phones are not its concern.
@Suite struct ThunderingHerdPolicyTests {
  func context(now seconds: Double, inUse: Bool, app: ApplicationState = .suspended) -> PolicyContext {
    PolicyContext(
      now: SimTime(seconds: seconds), batteryPercent: 80, isPluggedIn: false, isInUse: inUse,
      idleSeconds: inUse ? 0 : 600, network: .wifi, isLowPowerMode: false, thermal: .nominal,
      isPoweredOn: true, appState: app, backgroundAppRefresh: true, isForceQuitFlagged: false,
      appOpenProbability: nil, deviceUseProbability: 0.5, daysSinceAppOpened: 1, energyBudget: 150,
      energyCapacity: 150, dataBudget: 5e6, lastLaunch: LaunchTimes(), runningTasks: 0, overruns: 0)
  }

  func push(at seconds: Double, _ kind: Activity.Kind = .silentPush) -> Activity {
    Activity(
      kind: kind, identifier: "silent_push", priority: .utility, submittedAt: SimTime(seconds: seconds))
  }

  @Test(arguments: [
    // (push at, now, in use, vetoed)
    (1000.0, 1000.0, true, true), (1000, 1899, true, true), (1000, 1900, true, false),
    (1000, 1000, false, false), (1000, 1500, false, false),
  ])
  func aPushWaitsWhileThePhoneIsInUseForUpTo900Seconds(pushAt: Double, now: Double, inUse: Bool, vetoed: Bool)
  {
    let verdict = ThunderingHerdPolicy().evaluate(push(at: pushAt), context(now: now, inUse: inUse))
    #expect(verdict.isVeto == vetoed, "push at \(pushAt), now \(now), in use \(inUse)")
    #expect(verdict.policy == "thundering_herd")
  }

  @Test(arguments: [Activity.Kind.refresh, .processing, .legacyFetch, .backgroundTransfer])
  func otherWorkIsNotHeld(kind: Activity.Kind) {
    #expect(!ThunderingHerdPolicy().evaluate(push(at: 1000, kind), context(now: 1000, inUse: true)).isVeto)
  }

  /// S1: for an app in the foreground the policy says "Absolutely Must Proceed".
  @Test func anAppInTheForegroundIsNotHeld() {
    let policy = ThunderingHerdPolicy()
    #expect(!policy.evaluate(push(at: 1000), context(now: 1000, inUse: true, app: .active)).isVeto)
    #expect(policy.evaluate(push(at: 1000), context(now: 1000, inUse: true, app: .background)).isVeto)
  }

  @Test func theHoldIsAParameter() throws {
    var policy = ThunderingHerdPolicy()
    policy.holdSeconds = 60
    #expect(!policy.evaluate(push(at: 1000), context(now: 1061, inUse: true)).isVeto)
    #expect(policy.evaluate(push(at: 1000), context(now: 1059, inUse: true)).isVeto)
  }
}
