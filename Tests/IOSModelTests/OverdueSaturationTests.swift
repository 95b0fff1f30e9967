import SimKernel
import Testing

@testable import IOSModel

/// dasd's "date before now" branch, which the facts call overdue (legacy-fetch.md §3;
/// multi-app.md §1.0): a live score × 0.65, + 0.35 for a recent app, and then a score
/// above 0.5 counts as 1. It fires at every live score, at no predicted step.
@Suite struct OverdueSaturationTests {
  /// The application policy's score for a refresh due `waited` seconds ago (three days by
  /// default), its open predicted with probability `p`, the app last opened `days` ago,
  /// at a live decision or at a step of the optimum's scan (`predicted`).
  func score(
    p: Double, days: Double, waited: Double = 3 * 86_400, predicted: Bool = false,
    policy: ApplicationPolicy = ApplicationPolicy()
  ) -> Double? {
    var a = Activity(kind: .refresh, identifier: "r", priority: .utility, submittedAt: .zero)
    a.earliest = SimTime(seconds: 3 * 86_400 - waited)
    var c = PolicyContext(
      now: SimTime(seconds: 3 * 86_400), batteryPercent: 80, isPluggedIn: false, isInUse: false,
      idleSeconds: 600, network: .wifi, isLowPowerMode: false, thermal: .nominal, isPoweredOn: true,
      appState: .suspended, backgroundAppRefresh: true, isForceQuitFlagged: false, appOpenProbability: p,
      deviceUseProbability: 0, daysSinceAppOpened: days, energyBudget: 150, energyCapacity: 150,
      dataBudget: 1e6, lastLaunch: LaunchTimes(), runningTasks: 0, overruns: 0)
    c.isPrediction = predicted
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

  /// Live, the branch fires the moment the work is due (dasd scores a date taken just
  /// before its clock); at a predicted step it never does, so the optimum is unadjusted.
  @Test func theBranchFiresAtEveryLiveScoreAndAtNoPredictedStep() {
    #expect(score(p: 0, days: 0.5, waited: 0) == 0.35)
    #expect(score(p: 0, days: 0.5, waited: 0, predicted: true) == 0)
    #expect(score(p: 0.0576, days: 0.5, waited: 0) == 1)
    let step = score(p: 0.0576, days: 0.5, waited: 0, predicted: true)
    #expect(step.map { abs($0 - 0.24) < 1e-12 } == true, "\(String(describing: step))")
    // An app not recent: 0.65 of its score, 0 without a prediction, live or predicted.
    #expect(score(p: 0, days: 2, waited: 0) == 0)
  }

  /// A positive `overdue_after` is the model before issue 65's seventh session: the branch
  /// waits that long past the earliest date.
  @Test func aPositiveOverdueTimeWaitsThatLong() {
    var policy = ApplicationPolicy()
    policy.overdueAfterSeconds = 5640
    #expect(score(p: 0, days: 0.5, waited: 600, policy: policy) == 0)
    #expect(score(p: 0, days: 0.5, waited: 6000, policy: policy) == 0.35)
  }
}
