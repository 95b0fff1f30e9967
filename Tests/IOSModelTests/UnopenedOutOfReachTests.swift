import Randomness
import SimKernel
import Testing

@testable import IOSModel

/// An other app the owner has never opened is predicted the default open probability
/// and judged against the model's threshold: where the bound says its work cannot reach
/// that threshold (``SystemScheduler/unopenedCannotReach(_:model:)``), the other apps'
/// loop takes it as out of reach without predicting. The bound must hold for every state
/// and time, and the application policy's best score without opens must be what it
/// answers at best.
@Suite struct UnopenedOutOfReachTests {
  /// Parameter sets of the application policy, drawn with a fixed seed, each with the
  /// overdue branch on (`overdue_after` 0) or off.
  static let applicationPolicies: [ApplicationPolicy] = {
    let stream = RandomStreams(seed: 29).stream("unopened-application")
    return (0..<200).map { i in
      var p = ApplicationPolicy()
      p.defaultProbability = [0.0025, 0, 0.05, 0.3, stream.uniform()][i % 5]
      p.saturation = stream.uniform()
      p.extraRequestBonus = stream.uniform() * 0.5
      p.overdueScale = stream.uniform()
      p.recentBonus = stream.uniform()
      p.overdueSaturation = stream.uniform()
      p.overdueAfterSeconds = i % 2 == 0 ? 0 : 3_600
      return p
    }
  }()

  @Test func theBestScoreWithoutOpensIsTheMostTheApplicationPolicyAnswers() {
    let base = PolicyAnswerTests.cases[0].1
    for policy in Self.applicationPolicies {
      for requests: UInt8 in [1, 2, 3] {
        let best = policy.bestScoreWithoutOpens(pendingLaunchRequests: requests)
        var most = -1.0
        // Live (due for 0 s to 2 h, either side of `overdue_after`) and predicted.
        for (dueFor, predicted) in [(0.0, false), (1_800, false), (7_200, false), (0, true)] {
          var a = Activity(kind: .refresh, identifier: "r", priority: .utility, submittedAt: .zero)
          a.earliest = SimTime(seconds: 100_000 - dueFor)
          var c = base
          c.appState = .suspended
          c.appOpenProbability = nil
          c.daysSinceAppOpened = nil
          c.isAmongRecentApps = true
          c.pendingLaunchRequests = requests
          c.isPrediction = predicted
          guard case .score(let s, _) = policy.evaluate(a, c).outcome else {
            Issue.record("no score")
            continue
          }
          #expect(s <= best + 1e-12, "score \(s) above the best \(best)")
          most = max(most, s)
        }
        // Both branches were asked, so the best is reached.
        #expect(abs(most - best) < 1e-12, "most \(most), best \(best)")
      }
    }
  }

  /// Models: the `ios` one, one re-weighted and one with a scoring policy added
  /// (``ScoreBoundTests/models(threshold:)``), at `threshold`.
  @Test(arguments: [0.827, 0.5, 0.3])
  func anUnopenedAppTakenAsOutOfReachNeverLaunches(threshold: Double) {
    var outOfReach = 0
    var launches = 0
    for model in ScoreBoundTests.models(threshold: threshold) {
      for (drawn, drawnContext) in PolicyAnswerTests.cases {
        var a = drawn
        a.relativeThreshold = .nan
        var c = drawnContext
        c.appOpenProbability = nil
        c.daysSinceAppOpened = nil
        c.pendingLaunchRequests = 1
        var launched = false
        if case .scored(let mean) = model.judge(a, c) { launched = model.launches(mean, a) }
        if launched { launches += 1 }
        guard SystemScheduler.unopenedCannotReach(a, model: model) else { continue }
        outOfReach += 1
        #expect(!launched, "\(a.kind) launches at threshold \(threshold)")
        #expect(!a.bypassesPredictions)
      }
    }
    // The default threshold leaves every unopened app's refresh-like work out of reach;
    // at 0.3, below the bound (about 0.37 in the `ios` model), none is.
    if threshold == 0.827 { #expect(outOfReach > 500, "\(outOfReach)") }
    if threshold == 0.3 { #expect(outOfReach == 0 && launches > 0, "\(outOfReach), \(launches)") }
  }

  /// A policy of the model's own that reads the app's opens leaves no bound.
  @Test func anAddedPolicyReadingOpensLeavesNoBound() {
    struct ReadsOpens: SchedulingPolicy {
      var name: String { "reads_opens" }
      var reads: PolicyInputs { [.appOpenPrediction] }
      func scoreWeight(for activity: Activity) -> Double? { 1 }
      func evaluate(_ activity: Activity, _ c: PolicyContext) -> PolicyVerdict {
        .score(name, c.appOpenProbability ?? 0, weight: 1, c, "")
      }
    }
    let a = Activity(kind: .refresh, identifier: "r", priority: .utility, submittedAt: .zero)
    #expect(SystemScheduler.unopenedCannotReach(a, model: .ios()))
    var model = SchedulingModel.ios()
    model.policies.append(ReadsOpens())
    #expect(!SystemScheduler.unopenedCannotReach(a, model: model))
  }
}
