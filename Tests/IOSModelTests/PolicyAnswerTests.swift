import DeviceModel
import Randomness
import SimKernel
import Testing

@testable import IOSModel

/// The built-in policies write their rules once and answer either with a full verdict
/// (for `bgsim explain`) or with its outcome alone (for runs): both must agree.
@Suite struct PolicyAnswerTests {
  /// 2,000 varied contexts and activities, from a fixed seed.
  static let cases: [(Activity, PolicyContext)] = {
    let stream = RandomStreams(seed: 11).stream("policy-answer-tests")
    let kinds = Activity.Kind.allCases
    let networks: [NetworkKind] = [.wifi, .cellular, .none]
    let thermals: [ThermalState] = [.nominal, .fair, .serious]
    return (0..<2000).map { i in
      var a = Activity(
        kind: kinds[i % kinds.count], identifier: "t",
        priority: [Activity.Priority.maintenance, .utility, .userInitiated][i % 3],
        submittedAt: .zero)
      // A day after install (past the warm-up), due for the last 10,000 s or less.
      a.earliest = SimTime(seconds: 90_100)
      a.windowEnd = stream.uniform() < 0.3 ? SimTime(seconds: 90_100 + stream.uniform() * 20_000) : nil
      a.requiresNetwork = stream.uniform() < 0.3
      a.requiresExternalPower = stream.uniform() < 0.3
      a.discretionary = stream.uniform() < 0.5
      a.expectedBytes = stream.uniform() < 0.5 ? stream.uniform() * 2e6 : 0
      var last = LaunchTimes()
      if stream.uniform() < 0.5 { last[a.kind] = SimTime(seconds: 90_000 + stream.uniform() * 10_000) }
      var c = PolicyContext(
        now: SimTime(seconds: 100_000), batteryPercent: stream.uniform() * 100,
        isPluggedIn: stream.uniform() < 0.4, isInUse: stream.uniform() < 0.2,
        idleSeconds: stream.uniform() * 900, network: networks[i % 3],
        isLowPowerMode: stream.uniform() < 0.2, thermal: thermals[(i / 3) % 3],
        isPoweredOn: stream.uniform() < 0.95,
        appState: stream.uniform() < 0.2 ? .active : .suspended,
        backgroundAppRefresh: stream.uniform() < 0.9, isForceQuitFlagged: stream.uniform() < 0.1,
        appOpenProbability: stream.uniform() < 0.5 ? stream.uniform() * 0.5 : nil,
        deviceUseProbability: stream.uniform(), daysSinceAppOpened: stream.uniform() * 10,
        energyBudget: stream.uniform() * 150, energyCapacity: 150, dataBudget: stream.uniform() * 3e6,
        lastLaunch: last, runningTasks: stream.uniform() < 0.2 ? 1 : 0, overruns: Int(stream.uniform() * 3))
      c.owner.stalledRelease = i % 10 == 7
      return (a, c)
    }
  }()

  @Test func everyBuiltInPolicyGivesTheSameOutcomeBothWays() {
    let policies = SchedulingModel.ios().policies
    var vetoes = 0
    var scores = 0
    for (a, c) in Self.cases {
      for policy in policies {
        let full = policy.evaluate(a, c)
        #expect(full.policy == policy.name)
        let light: PolicyVerdict.Outcome = answer(policy, a, c)
        #expect(full.outcome == light, "\(policy.name) on \(a.kind)")
        if full.isVeto { vetoes += 1 }
        if case .score = full.outcome { scores += 1 }
      }
    }
    // The cases reach both kinds of answer often.
    #expect(vetoes > 1000 && scores > 1000)
  }

  @Test func judgingWithAndWithoutRecordingAgrees() {
    let model = SchedulingModel.ios()
    for (a, c) in Self.cases {
      var recorded: [PolicyVerdict] = []
      var t1 = ScoreTally()
      var t2 = ScoreTally()
      let all = 0..<model.policies.count
      let v1 = model.judgeIndex(a, c, policies: all, into: &t1, record: { recorded.append($0) })
      let v2 = model.judgeIndex(a, c, policies: all, into: &t2)
      #expect(v1 == v2)
      #expect(t1.weighted == t2.weighted && t1.weights == t2.weights)
      #expect(v1.map { model.compiled.names[$0] } == (v1 == nil ? nil : recorded.last?.policy))
    }
  }

  /// The light answer of a built-in policy, by its type.
  func answer(_ policy: any SchedulingPolicy, _ a: Activity, _ c: PolicyContext) -> PolicyVerdict.Outcome {
    switch policy {
    case let p as PowerStatePolicy: p.answer(a, c)
    case let p as ForceQuitPolicy: p.answer(a, c)
    case let p as BackgroundAppRefreshPolicy: p.answer(a, c)
    case let p as ExternalPowerPolicy: p.answer(a, c)
    case let p as NetworkRequirementPolicy: p.answer(a, c)
    case let p as BatteryLevelPolicy: p.answer(a, c)
    case let p as LowPowerModePolicy: p.answer(a, c)
    case let p as ThermalPolicy: p.answer(a, c)
    case let p as AppUsagePolicy: p.answer(a, c)
    case let p as DeviceActivityPolicy: p.answer(a, c)
    case let p as ThunderingHerdPolicy: p.answer(a, c)
    case let p as ApplicationPolicy: p.answer(a, c)
    case let p as EnergyBudgetPolicy: p.answer(a, c)
    case let p as DataBudgetPolicy: p.answer(a, c)
    case let p as RateLimitPolicy: p.answer(a, c)
    case let p as ConcurrencyPolicy: p.answer(a, c)
    case let p as OverrunPolicy: p.answer(a, c)
    default: policy.evaluate(a, c).outcome
    }
  }
}
