import DeviceModel
import Experiments
import FileFormats
import IOSModel
import Randomness
import SimKernel

/// `bgsim bench decisions`: the cost of one scheduling decision (every policy of the
/// `ios` model judging one activity), over varied device states.
public struct DecisionBenchmark: Sendable {
  public var decisions: Int
  public var seed: UInt64

  public init(decisions: Int, seed: UInt64) {
    self.decisions = decisions
    self.seed = seed
  }

  public struct Result: Sendable {
    public let decisions: Int
    public let launches: Int
    public let wallSeconds: Double
    public var nanosecondsPerDecision: Double { wallSeconds * 1e9 / Double(decisions) }
  }

  public func run() -> Result {
    let model = SchedulingModel.ios()
    let stream = RandomStreams(seed: seed).stream("bench/decisions")
    // 1,024 prepared contexts and activities, cycled, so the loop measures policies only.
    var contexts: [PolicyContext] = []
    var activities: [Activity] = []
    let kinds: [NetworkKind] = [.wifi, .cellular, .none]
    for i in 0..<1024 {
      contexts.append(
        PolicyContext(
          now: SimTime(seconds: Double(i) * 600), batteryPercent: stream.uniform() * 100,
          isPluggedIn: stream.uniform() < 0.4, isInUse: stream.uniform() < 0.1,
          idleSeconds: stream.uniform() * 3600,
          network: kinds[i % 3], isLowPowerMode: stream.uniform() < 0.05, thermal: .nominal,
          isPoweredOn: true,
          appState: .suspended, backgroundAppRefresh: true, isForceQuitFlagged: false,
          appOpenProbability: stream.uniform() < 0.5 ? stream.uniform() * 0.3 : nil,
          deviceUseProbability: stream.uniform() * 0.5, daysSinceAppOpened: stream.uniform() * 3,
          energyBudget: stream.uniform() * 150, energyCapacity: 150, dataBudget: stream.uniform() * 5e6,
          lastLaunch: LaunchTimes(), runningTasks: 0, overruns: 0))
      var a = Activity(
        kind: i % 2 == 0 ? .refresh : .processing, identifier: "task",
        priority: i % 2 == 0 ? .utility : .maintenance,
        submittedAt: .zero)
      a.expectedBytes = 50_000
      activities.append(a)
    }
    let clock = ContinuousClock()
    let began = clock.now
    let launches = Self.loop(model: model, contexts: contexts, activities: activities, count: decisions)
    let elapsed = clock.now - began
    let wall = elapsed.inSeconds
    return Result(decisions: decisions, launches: launches, wallSeconds: wall)
  }

  static func loop(model: SchedulingModel, contexts: [PolicyContext], activities: [Activity], count: Int)
    -> Int
  {
    var launches = 0
    for i in 0..<count {
      // The contexts hold their predictions already.
      let judgement = model.judge(activities[i & 1023], contexts[i & 1023])
      if case .scored(let score) = judgement, score + 1e-12 >= model.threshold { launches += 1 }
    }
    return launches
  }
}
