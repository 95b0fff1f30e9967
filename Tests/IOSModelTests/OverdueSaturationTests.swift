import SimKernel
import Testing

@testable import IOSModel

/// dasd's overdue rule (legacy-fetch.md §3; multi-app.md §1.0): an overdue activity's
/// score × 0.65, + 0.35 for a recent app, and then a score above 0.5 counts as 1.
@Suite struct OverdueSaturationTests {
  /// The application policy's score for an overdue refresh, its open predicted with
  /// probability `p`, the app last opened `days` ago.
  func score(p: Double, days: Double, policy: ApplicationPolicy = ApplicationPolicy()) -> Double? {
    var a = Activity(kind: .refresh, identifier: "r", priority: .utility, submittedAt: .zero)
    a.earliest = .zero
    let c = PolicyContext(
      now: SimTime(seconds: 3 * 86_400), batteryPercent: 80, isPluggedIn: false, isInUse: false,
      idleSeconds: 600, network: .wifi, isLowPowerMode: false, thermal: .nominal, isPoweredOn: true,
      appState: .suspended, backgroundAppRefresh: true, isForceQuitFlagged: false, appOpenProbability: p,
      deviceUseProbability: 0, daysSinceAppOpened: days, energyBudget: 150, energyCapacity: 150,
      dataBudget: 1e6, lastLaunch: LaunchTimes(), runningTasks: 0, overruns: 0)
    if case .score(let x, _) = policy.evaluate(a, c).outcome { return x }
    return nil
  }

  /// Not recent, its open predicted: 1 × 0.65 = 0.65, above 0.5, so 1 (it was 0.65).
  @Test func anAppNotRecentWhoseOpenIsPredictedScoresOne() {
    #expect(score(p: 0.5, days: 2) == 1)
    // Recent, nothing predicted: 0.35, not above 0.5.
    #expect(score(p: 0, days: 0.5) == 0.35)
    // Not recent, nothing predicted: 0.
    #expect(score(p: 0, days: 2) == 0)
    // Recent, a little predicted: √0.0576 = 0.24 → 0.24 × 0.65 + 0.35 = 0.506 → 1.
    #expect(score(p: 0.0576, days: 0.5) == 1)
  }

  /// With the step at 1, nothing saturates: the old cap, 0.65 for an app not recent.
  @Test func theStepIsAParameter() {
    var policy = ApplicationPolicy()
    policy.overdueSaturation = 1
    let x = score(p: 0.5, days: 2, policy: policy)
    #expect(x.map { abs($0 - 0.65) < 1e-12 } == true, "\(String(describing: x))")
  }
}
