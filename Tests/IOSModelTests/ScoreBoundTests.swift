import Testing

@testable import IOSModel

/// The out-of-reach bound (``ScoreBound``) is derived from what the policies declare.
/// It must never hide a launch: wherever it says a score cannot reach the threshold,
/// judging every policy ends in a veto or below it, for any weights, threshold or
/// added policy.
@Suite struct ScoreBoundTests {
  /// The policies before the predictions, judged by the rule: their tally, or nil for
  /// a veto.
  func early(_ model: SchedulingModel, _ a: Activity, _ c: PolicyContext) -> ScoreTally? {
    var t = ScoreTally()
    return model.judgeIndex(a, c, policies: 0..<model.predictionsNeededAt, into: &t) == nil ? t : nil
  }

  /// A policy added to the `ios` model: refresh-like work scores by the minute of the
  /// hour, with weight 10.
  struct AddedScore: SchedulingPolicy {
    var name: String { "added_score" }
    // Declares the device-use prediction (more than it reads), so that a memo point
    // cannot answer it and takes it at best.
    var reads: PolicyInputs { [.time, .deviceUsePrediction] }
    func scoreWeight(for activity: Activity) -> Double? { activity.launchesApp ? 10 : nil }
    func evaluate(_ activity: Activity, _ c: PolicyContext) -> PolicyVerdict {
      guard activity.launchesApp else { return .skip(name) }
      let minute = c.now.seconds.truncatingRemainder(dividingBy: 3600) / 60
      return .score(name, minute / 60, weight: 10, c, "by the minute")
    }
  }

  /// Models to check: the `ios` one, one re-weighted, one with a scoring policy added.
  static func models(threshold: Double) -> [SchedulingModel] {
    var reweighted = SchedulingModel.ios()
    var application = ApplicationPolicy()
    application.weight = 12
    var device = DeviceActivityPolicy()
    device.inactivityWeight = 40
    reweighted.policies[10] = application
    reweighted.policies[9] = device
    var added = SchedulingModel.ios()
    added.policies.append(AddedScore())
    return [.ios(), reweighted, added].map {
      var m = $0
      m.threshold = threshold
      return m
    }
  }

  @Test(arguments: [0.5, 0.3, 0.1])
  func outOfReachIsNeverALaunch(threshold: Double) {
    var stopped = 0
    var stoppedAtBest = 0
    var launches = 0
    for model in Self.models(threshold: threshold) {
      for (a, drawn) in PolicyAnswerTests.cases {
        // As drawn, and a grid that crosses the default threshold's boundary (an open
        // probability near 0.05 with the default weights).
        for p in [
          drawn.appOpenProbability, 0, 0.0004, 0.01, 0.02, 0.03, 0.04, 0.045, 0.05, 0.052, 0.054, 0.056, 0.06,
        ] {
          var c = drawn
          c.appOpenProbability = p
          let launched = launchesByRule(model, a, c)
          if launched { launches += 1 }
          guard let tally = early(model, a, c), let bound = model.compiled.bounds[model.compiled.weightRow(a)]
          else { continue }
          if bound.cannotReach(a, c, from: tally, threshold: model.threshold(for: a), model: model) {
            stopped += 1
            #expect(!launched, "\(a.kind), p \(String(describing: p)), threshold \(threshold)")
          }
          if let best = bound.tallyAtBest(a, c, model: model),
            bound.cannotReach(a, c, from: best, threshold: model.threshold(for: a), model: model)
          {
            stoppedAtBest += 1
            #expect(!launched, "at best: \(a.kind), p \(String(describing: p)), threshold \(threshold)")
          }
        }
      }
    }
    // Launches are common in the cases, and so are early stops at the ios threshold.
    #expect(launches > 100)
    if threshold == 0.5 { #expect(stopped > 100 && stoppedAtBest > 100) }
  }

  func launchesByRule(_ model: SchedulingModel, _ a: Activity, _ c: PolicyContext) -> Bool {
    if case .scored(let mean) = model.judge(a, c) { return model.launches(mean, a) }
    return false
  }

  /// The memo's tally at best is never below the true one: the same weights, and at
  /// least the same weighted sum (the battery's score taken at 1).
  @Test func theTallyAtBestIsAtLeastTheTrueTally() {
    let model = SchedulingModel.ios()
    var below = 0
    for (a, c) in PolicyAnswerTests.cases {
      guard let exact = early(model, a, c),
        let best = model.compiled.bounds[model.compiled.weightRow(a)]?.tallyAtBest(a, c, model: model)
      else { continue }
      #expect(best.weights == exact.weights)
      #expect(best.weighted >= exact.weighted)
      if best.weighted > exact.weighted { below += 1 }
    }
    // The battery scores below 1 in many cases, so the bound is not merely equal.
    #expect(below > 100)
  }

  /// A scoring policy added to the model is in the bound through its declared weight:
  /// with it, fewer activities are out of reach; without a declared weight there is no
  /// bound at all.
  @Test func anAddedPolicyIsInTheBoundByItsDeclaration() {
    let refresh = Activity(kind: .refresh, identifier: "r", priority: .utility, submittedAt: .zero)
    let ios = SchedulingModel.ios()
    var toy = ios
    toy.policies.append(AddedScore())
    let row = ios.compiled.weightRow(refresh)
    let plain = ios.compiled.bounds[row]!
    let withToy = toy.compiled.bounds[row]!
    #expect(withToy.bestAfterPredictions == plain.bestAfterPredictions + 10)
    struct Undeclared: SchedulingPolicy {
      var name: String { "undeclared" }
      func evaluate(_ activity: Activity, _ c: PolicyContext) -> PolicyVerdict { .skip(name) }
    }
    var undeclared = ios
    undeclared.policies.append(Undeclared())
    #expect(undeclared.compiled.bounds[row] == nil)
    #expect(!undeclared.compiled.vetoesOnStateAlone.last!)
  }

  /// The declarations the shortcuts rest on, for the `ios` model: which vetoes stand on
  /// state alone, and where the predictions are made.
  @Test func theIosModelsDeclarations() {
    let model = SchedulingModel.ios()
    let standing = zip(model.compiled.names, model.compiled.vetoesOnStateAlone).filter(\.1).map(\.0)
    #expect(
      standing == [
        "power_state", "os_release", "force_quit", "background_app_refresh", "external_power", "network",
        "thermal",
      ])
    #expect(model.compiled.names[model.predictionsNeededAt] == "device_activity")
  }
}
