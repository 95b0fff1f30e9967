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

  /// Whenever the straight-line judging stops early (the score out of reach), judging
  /// every policy ends in a veto or below the threshold, for any weights and threshold.
  /// The cases are run as drawn and over a grid of open probabilities.
  @Test(arguments: [0.5, 0.3, 0.1])
  func outOfReachIsNeverALaunch(threshold: Double) {
    var reweighted = SchedulingModel.ios()
    var application = ApplicationPolicy()
    application.weight = 12
    var device = DeviceActivityPolicy()
    device.inactivityWeight = 40
    reweighted.policies[10] = application
    reweighted.policies[9] = device
    var stopped = 0
    var launches = 0
    for model in [SchedulingModel.ios(), reweighted] {
      let standard = model.compiled.standard!
      for (a, drawn) in PolicyAnswerTests.cases {
        // As drawn, and a grid that crosses the default threshold's boundary (an open
        // probability near 0.05 with the default weights).
        for p in [
          drawn.appOpenProbability, 0, 0.0004, 0.01, 0.02, 0.03, 0.04, 0.045, 0.05, 0.052, 0.054, 0.056, 0.06,
        ] {
          var c = drawn
          c.appOpenProbability = p
          var all = ScoreTally()
          let veto = model.judgeIndex(
            a, c, policies: 0..<model.policies.count, into: &all, recording: false, record: { _ in })
          let launched = veto == nil && all.mean + 1e-12 >= threshold
          if launched { launches += 1 }
          // As the scheduler asks: the vetoes first, then the bound from the tally with
          // the battery's score at its best.
          let first = standard.vetoBeforePredictions(a, c)
          guard first.veto == nil,
            standard.cannotReach(
              threshold, a, c, from: standard.tallyAtBestBeforePredictions(a, thermal: first.thermal))
          else { continue }
          stopped += 1
          #expect(!launched, "\(a.kind), p \(String(describing: p)), threshold \(threshold)")
        }
      }
    }
    // Launches are common in the cases, and so are early stops at the ios threshold
    // (lower thresholds leave few decisions out of reach).
    #expect(launches > 100)
    if threshold == 0.5 { #expect(stopped > 100) }
  }

  /// The tally the early stop is judged from is never below the true one: the same
  /// weights, and at least the same weighted sum (the battery's score at its best).
  @Test func theTallyAtBestIsAtLeastTheTrueTally() {
    let standard = SchedulingModel.ios().compiled.standard!
    var below1 = 0
    for (a, c) in PolicyAnswerTests.cases {
      let first = standard.vetoBeforePredictions(a, c)
      guard first.veto == nil else { continue }
      let exact = standard.tallyBeforePredictions(a, c, thermal: first.thermal)
      let best = standard.tallyAtBestBeforePredictions(a, thermal: first.thermal)
      #expect(best.weights == exact.weights)
      #expect(best.weighted >= exact.weighted)
      if best.weighted > exact.weighted { below1 += 1 }
    }
    // The battery scores below 1 in many cases, so the bound is not merely equal.
    #expect(below1 > 100)
  }

  /// An activity out of reach at some open probability is out of reach with no open
  /// predicted (probability 0): the bound never falls as the probability rises. The
  /// out-of-reach memo answers a prediction of 0 from this (``SystemScheduler``).
  @Test(arguments: [0.5, 0.3, 0.1])
  func outOfReachAtSomeOpenProbabilityIsOutOfReachWithoutOpens(threshold: Double) {
    let standard = SchedulingModel.ios().compiled.standard!
    var checked = 0
    var reachableWithout = 0
    for (a, c) in PolicyAnswerTests.cases {
      let first = standard.vetoBeforePredictions(a, c)
      guard first.veto == nil else { continue }
      let atBest = standard.tallyAtBestBeforePredictions(a, thermal: first.thermal)
      let isForeground = c.appState.isForeground
      let without = standard.cannotReach(
        threshold, a, isForeground: isForeground, appOpenProbability: 0, from: atBest)
      if !without { reachableWithout += 1 }
      var previous = true
      for p in stride(from: 0.0, through: 1.0, by: 0.001) {
        let out = standard.cannotReach(
          threshold, a, isForeground: isForeground, appOpenProbability: p, from: atBest)
        // Out of reach at p: out of reach at every lower p, 0 included.
        if out {
          #expect(previous && without, "\(a.kind) p \(p) threshold \(threshold)")
          checked += 1
        }
        previous = out
      }
    }
    // Lower thresholds leave nothing out of reach in the cases.
    if threshold == 0.5 { #expect(checked > 1_000) }
    #expect(reachableWithout > 0)
  }
}
