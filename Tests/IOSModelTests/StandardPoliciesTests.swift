import Testing

@testable import IOSModel

/// The `ios` model's sixteen policies are judged in straight-line code during runs; the
/// answers must be those of the general loop, bit for bit, whatever the parameters.
@Suite struct StandardPoliciesTests {
  /// The straight-line judging and the general loop, before and after the predictions.
  func agree(_ model: SchedulingModel) -> Int {
    let standard = model.compiled.standard!
    let split = StandardPolicies.predictionsNeededAt
    #expect(model.predictionsNeededAt == split)
    var vetoes = 0
    for (a, c) in PolicyAnswerTests.cases {
      var loop = ScoreTally()
      var straight = ScoreTally()
      var v1 = model.judgeIndex(a, c, policies: 0..<split, into: &loop, recording: false, record: { _ in })
      var v2 = standard.judgeBeforePredictions(a, c, into: &straight)
      #expect(v1 == v2)
      if v1 == nil {
        v1 = model.judgeIndex(
          a, c, policies: split..<model.policies.count, into: &loop, recording: false, record: { _ in })
        v2 = standard.judgeAfterPredictions(a, c, into: &straight)
        #expect(v1 == v2)
      }
      #expect(loop.weighted.bitPattern == straight.weighted.bitPattern)
      #expect(loop.weights.bitPattern == straight.weights.bitPattern)
      if v1 != nil { vetoes += 1 }
    }
    return vetoes
  }

  @Test func theStandardListIsJudgedAsTheLoopJudgesIt() {
    let vetoes = agree(.ios())
    // Both outcomes are common in the cases.
    #expect(vetoes > 200 && vetoes < PolicyAnswerTests.cases.count - 200)
  }

  @Test func reweightedPoliciesStayStandardAndAgree() {
    var model = SchedulingModel.ios()
    var battery = BatteryLevelPolicy()
    battery.weight = 7
    battery.pluggedBonus = 1.5
    var application = ApplicationPolicy()
    application.weight = 20
    model.policies[5] = battery
    model.policies[10] = application
    #expect(model.compiled.standard?.battery.weight == 7)
    _ = agree(model)
  }

  @Test func anyOtherListIsJudgedByTheLoop() {
    var removed = SchedulingModel.ios()
    removed.policies.remove(at: 7)
    #expect(removed.compiled.standard == nil)
    var swapped = SchedulingModel.ios()
    swapped.policies.swapAt(11, 12)
    #expect(swapped.compiled.standard == nil)
    #expect(SchedulingModel.naive().compiled.standard == nil)
    #expect(SchedulingModel.ios().compiled.standard != nil)
  }
}
