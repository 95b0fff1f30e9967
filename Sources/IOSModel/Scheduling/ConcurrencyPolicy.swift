/// CPU and concurrency: the app runs at most `maximumRunning` background tasks at
/// once, and discretionary work waits while the phone is busy with the owner (the CPU
/// policy's cap stands for that: dasd vetoes at 50 % system CPU).
public struct ConcurrencyPolicy: SchedulingPolicy {
  public var name: String { "cpu" }
  public var reads: PolicyInputs { [.runningTasks, .deviceInUse] }
  public func scoreWeight(for activity: Activity) -> Double? { activity.isUrgentTransfer ? nil : weight }
  public var weight: Double = 5
  /// Background tasks of the app that may run at once.
  public var maximumRunning: Int = 1

  public init() {}

  public func evaluate(_ activity: Activity, _ c: PolicyContext) -> PolicyVerdict { answer(activity, c) }

  /// The rules, for a full verdict or for its outcome alone.
  public func answer<A: PolicyAnswer>(_ activity: Activity, _ c: PolicyContext) -> A {
    if activity.isUrgentTransfer { return .skip(name) }
    if c.runningTasks >= maximumRunning { return .veto(name, c, "\(c.runningTasks) task(s) already running") }
    return .score(
      name, c.isInUse ? 0.5 : 1, weight: weight, c, c.isInUse ? "CPU shared with the owner" : "CPU free")
  }
}
