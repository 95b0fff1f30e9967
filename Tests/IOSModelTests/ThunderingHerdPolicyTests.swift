import DeviceModel
import FileFormats
import Randomness
import SimKernel
import Testing

@testable import IOSModel

/// S1 and dasd's `_DASThunderingHerdPolicy`: after a trigger (an unlock after a lengthy
/// lock, Wi-Fi back after a lengthy time without it) every app's budgeted work waits
/// while the phone is in use, until 900 s have passed since the trigger.
@Suite struct ThunderingHerdPolicyTests {
  func context(sinceTrigger: Float, inUse: Bool, app: ApplicationState = .suspended) -> PolicyContext {
    var c = PolicyContext(
      now: SimTime(seconds: 50_000), batteryPercent: 80, isPluggedIn: false, isInUse: inUse,
      idleSeconds: inUse ? 0 : 600, network: .wifi, isLowPowerMode: false, thermal: .nominal,
      isPoweredOn: true, appState: app, backgroundAppRefresh: true, isForceQuitFlagged: false,
      appOpenProbability: nil, deviceUseProbability: 0.5, daysSinceAppOpened: 1, energyBudget: 150,
      energyCapacity: 150, dataBudget: 5e6, lastLaunch: LaunchTimes(), runningTasks: 0, overruns: 0)
    c.herdTrigger = sinceTrigger.isFinite ? .lengthyLock : .none
    c.herdTriggerSeconds = sinceTrigger
    c.explain = true
    return c
  }

  func work(_ kind: Activity.Kind = .silentPush, discretionary: Bool = false) -> Activity {
    var a = Activity(kind: kind, identifier: "w", priority: .utility, submittedAt: SimTime(seconds: 1000))
    a.discretionary = discretionary
    return a
  }

  @Test(arguments: [
    // (seconds since the trigger, in use, vetoed)
    (Float(0), true, true), (899, true, true), (900, true, false), (.infinity, true, false),
    (0, false, false), (300, false, false),
  ])
  func workWaitsWhileThePhoneIsInUseForUpTo900SecondsAfterATrigger(since: Float, inUse: Bool, vetoed: Bool) {
    let verdict = ThunderingHerdPolicy().evaluate(work(), context(sinceTrigger: since, inUse: inUse))
    #expect(verdict.isVeto == vetoed, "\(since) s since the trigger, in use \(inUse)")
    #expect(verdict.policy == "thundering_herd")
  }

  /// Every budgeted kind is held, not only pushes; a transfer the app started in the
  /// foreground is not budgeted, a discretionary one is.
  @Test(arguments: [Activity.Kind.refresh, .processing, .legacyFetch, .silentPush])
  func budgetedWorkOfEveryKindIsHeld(kind: Activity.Kind) {
    let verdict = ThunderingHerdPolicy().evaluate(work(kind), context(sinceTrigger: 60, inUse: true))
    #expect(verdict.isVeto)
    #expect(verdict.reason == "device in use 60 s after an unlock after a lengthy lock (< 900 s)")
  }

  @Test func onlyDiscretionaryTransfersAreHeld() {
    let policy = ThunderingHerdPolicy()
    let c = context(sinceTrigger: 60, inUse: true)
    #expect(!policy.evaluate(work(.backgroundTransfer), c).isVeto)
    #expect(policy.evaluate(work(.backgroundTransfer, discretionary: true), c).isVeto)
  }

  /// S1: for an app in the foreground the policy says "Absolutely Must Proceed".
  @Test func anAppInTheForegroundIsNotHeld() {
    let policy = ThunderingHerdPolicy()
    #expect(!policy.evaluate(work(), context(sinceTrigger: 60, inUse: true, app: .active)).isVeto)
    #expect(policy.evaluate(work(), context(sinceTrigger: 60, inUse: true, app: .background)).isVeto)
  }

  @Test func theHoldIsAParameter() throws {
    var policy = ThunderingHerdPolicy()
    policy.holdSeconds = 60
    #expect(!policy.evaluate(work(), context(sinceTrigger: 61, inUse: true)).isVeto)
    #expect(policy.evaluate(work(), context(sinceTrigger: 59, inUse: true)).isVeto)
  }

  /// The triggers: an unlock after at least 4 h locked, Wi-Fi back after at least 4 h
  /// without it; shorter ones, and other networks coming back, are not.
  @Test func triggersFollowLengthyLocksAndWiFiLosses() {
    var h = HerdTrigger()
    func t(_ hours: Double) -> SimTime { SimTime(seconds: hours * 3600) }
    h.screenOn(at: t(3.9))
    #expect(h.latest == nil, "the run starts locked: 3.9 h is not lengthy")
    h.screenOff(at: t(4))
    h.screenOn(at: t(8))
    #expect(h.latest == t(8) && h.reason == .lengthyLock)
    h.screenOff(at: t(9))
    h.screenOn(at: t(12.9))
    #expect(h.latest == t(8), "3.9 h locked")
    h.network(.cellular, at: t(13))
    h.network(.none, at: t(15))
    h.network(.cellular, at: t(16))
    #expect(h.latest == t(8), "no Wi-Fi yet")
    h.network(.wifi, at: t(17))
    #expect(h.latest == t(17) && h.reason == .lengthyNoNetwork, "4 h since Wi-Fi was lost, not since .none")
    h.network(.cellular, at: t(18))
    h.network(.wifi, at: t(21.5))
    #expect(h.latest == t(17), "3.5 h without Wi-Fi")
    #expect(h.seconds(at: t(17.25)) == 900)
  }

  /// The thresholds are the policy's, read from YAML, and the scheduler follows them.
  @Test func theThresholdsAreParameters() throws {
    let spec = try SchedulerSpec(
      tree: ConfigTree.parse(
        yaml: "policies: {thundering_herd: {lengthy_lock: 1h, lengthy_no_network: 2h, hold: 5m}}",
        file: "s.yaml"))
    let s = SystemScheduler(
      model: spec.model, calendar: SimCalendar(startDate: CivilDate(iso: "2026-01-05")!),
      stream: RandomStreams(seed: 1).stream("scheduler"))
    #expect(s.herd.lengthyLockSeconds == 3600)
    #expect(s.herd.lengthyNoNetworkSeconds == 7200)
  }
}
