import FileFormats

/// CPU and concurrency: the app runs at most `maximumRunning` background tasks at
/// once, and discretionary work waits while the phone is busy. The system's CPU level
/// is the owner's use (`inUseLevel` while the phone is in use) plus `perTaskLevel` for
/// each other app's background task running; the score is 1 − level, and a level above
/// `vetoAbove` vetoes (dasd's CPU policy scores (100 − CPU %)/100 from the system-wide
/// level and vetoes above a cap: other apps' running work lowers every app's score).
public struct ConcurrencyPolicy: SchedulingPolicy {
  public var name: String { "cpu" }
  public var reads: PolicyInputs { [.runningTasks, .deviceInUse, .appState] }
  public func scoreWeight(for activity: Activity) -> Double? { activity.isUrgentTransfer ? nil : weight }
  public var weight: Double = 5
  /// Background tasks of the app that may run at once.
  public var maximumRunning: Int = 1
  /// The CPU level of the owner using the phone [0…1].
  public var inUseLevel = 0.5
  /// The CPU level of one other app's background task [0…1]: one of six cores.
  public var perTaskLevel = 1.0 / 6
  /// The level above which work waits [0…1].
  public var vetoAbove = 0.9

  public init() {}

  public func evaluate(_ activity: Activity, _ c: PolicyContext) -> PolicyVerdict { answer(activity, c) }

  /// The rules, for a full verdict or for its outcome alone.
  public func answer<A: PolicyAnswer>(_ activity: Activity, _ c: PolicyContext) -> A {
    if activity.isUrgentTransfer { return .skip(name) }
    if c.runningTasks >= maximumRunning, !c.pushReachesAppOnScreen(activity) {
      return .veto(name, c, "\(Format.count(c.runningTasks, "task")) already running")
    }
    let level = (c.isInUse ? inUseLevel : 0) + Double(c.otherAppsRunning) * perTaskLevel
    if level > vetoAbove {
      return .veto(
        name, c, "CPU \(Int((level * 100).rounded())) % busy (\(c.otherAppsRunning) other apps' tasks)")
    }
    return .score(
      name, max(0, 1 - level), weight: weight, c,
      c.otherAppsRunning > 0
        ? "CPU \(Int((level * 100).rounded())) % busy (\(Self.tasks(c.otherAppsRunning)))"
        : c.isInUse ? "CPU shared with the owner" : "CPU free")
  }

  /// "1 other app's task", "3 other apps' tasks".
  static func tasks(_ n: UInt16) -> String { n == 1 ? "1 other app's task" : "\(n) other apps' tasks" }
}

extension ConcurrencyPolicy: BuiltInPolicy {
  static var configKey: String? { "cpu" }
  static var configKeys: [String] {
    ["weight", "maximum_running", "in_use_level", "per_task_level", "veto_above"]
  }
  var compiled: CompiledPolicy { .concurrency(self) }

  mutating func configure(_ s: ConfigSection) throws(ConfigError) {
    weight = try s.weight(default: weight)
    maximumRunning = try s.integer("maximum_running", default: maximumRunning, range: 1...100)
    inUseLevel = try s.number("in_use_level", default: inUseLevel, range: 0...1)
    perTaskLevel = try s.number("per_task_level", default: perTaskLevel, range: 0...1)
    vetoAbove = try s.number("veto_above", default: vetoAbove, range: 0...10)
  }
}
