import SimKernel
import Testing

@testable import IOSModel

/// dasd's application policy adds 0.1 to a score above 0 for each pending launch request
/// of the app beyond the first (multi-app.md §1.0), before its live adjustment, and caps
/// the result at 1.
@Suite struct ExtraRequestBonusTests {
  /// The application policy's score for a refresh just due, its open predicted with
  /// probability `p`, the app opened half a day ago with `requests` pending launch
  /// requests, live or at a step of the optimum's scan (`predicted`).
  func score(p: Double, requests: UInt8, predicted: Bool) -> Double? {
    var a = Activity(kind: .refresh, identifier: "r", priority: .utility, submittedAt: .zero)
    a.earliest = SimTime(seconds: 86_400)
    var c = PolicyContext(
      now: SimTime(seconds: 86_400), batteryPercent: 80, isPluggedIn: false, isInUse: false,
      idleSeconds: 600, network: .wifi, isLowPowerMode: false, thermal: .nominal, isPoweredOn: true,
      appState: .suspended, backgroundAppRefresh: true, isForceQuitFlagged: false, appOpenProbability: p,
      deviceUseProbability: 0, daysSinceAppOpened: 0.5, energyBudget: 150, energyCapacity: 150,
      dataBudget: 1e6, lastLaunch: LaunchTimes(), runningTasks: 0, overruns: 0)
    c.pendingLaunchRequests = requests
    c.isPrediction = predicted
    if case .score(let x, _) = ApplicationPolicy().evaluate(a, c).outcome { return x }
    return nil
  }

  func close(_ x: Double?, _ y: Double) -> Bool { x.map { abs($0 - y) < 1e-12 } == true }

  @Test func eachExtraRequestAddsATenth() {
    // √0.01 = 0.1: one request 0.1, two 0.2, three 0.3 at a predicted step.
    #expect(close(score(p: 0.01, requests: 1, predicted: true), 0.1))
    #expect(close(score(p: 0.01, requests: 2, predicted: true), 0.2))
    #expect(close(score(p: 0.01, requests: 3, predicted: true), 0.3))
    // Live, a recent app: 0.2 × 0.65 + 0.35 = 0.48 stays; 0.3 × 0.65 + 0.35 = 0.545 → 1.
    #expect(close(score(p: 0.01, requests: 2, predicted: false), 0.48))
    #expect(score(p: 0.01, requests: 3, predicted: false) == 1)
  }

  @Test func aZeroScoreGainsNothingAndNoScoreExceedsOne() {
    #expect(score(p: 0, requests: 4, predicted: true) == 0)
    #expect(score(p: 0.5, requests: 4, predicted: true) == 1)
  }
}
