import SimKernel
import Testing

@testable import Experiments
@testable import IOSModel

/// `explain`'s decision lines show a score and its threshold with as many decimals as
/// it takes for them to read as they compare.
@Suite struct DecisionLineTests {
  func line(total: Double, threshold: Double, _ outcome: Decision.Outcome) -> String {
    let activity = Activity(kind: .refresh, identifier: "r", priority: .utility, submittedAt: .zero)
    let verdicts = [PolicyVerdict(policy: "application", outcome: .score(total, weight: 1), reason: "")]
    let d = Decision(
      time: .zero, activity: activity, trigger: "timer", verdicts: verdicts, total: total,
      threshold: threshold, outcome: outcome)
    return DecisionReport.line(d, SimCalendar(startDate: CivilDate(iso: "2026-01-05")!))
  }

  @Test func aScoreJustBelowItsThresholdDoesNotReadAsEqual() {
    #expect(line(total: 0.9094, threshold: 0.9102, .belowThreshold).contains("score 0.909 < 0.910 → wait"))
    #expect(
      line(total: 0.91004, threshold: 0.91001, .launched).contains("score 0.91004 ≥ 0.91001 → launched"))
    // Apart at two decimals: two decimals.
    #expect(line(total: 0.5, threshold: 0.91, .belowThreshold).contains("score 0.50 < 0.91 → wait"))
  }
}
