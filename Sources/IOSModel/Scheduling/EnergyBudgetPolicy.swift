import FileFormats

/// The device's energy budget, one pool for every app, made available through the day
/// and drawn down by each run off the charger (``SystemScheduler``). As dasd has it, a
/// veto, not a score: work off the charger is vetoed when the budget is at or below
/// `vetoBelow` of its size (0: empty), and otherwise passes with a score of 1. With
/// `scored`, bgsim's earlier rule instead: the score is the share left (at most 1).
public struct EnergyBudgetPolicy: SchedulingPolicy {
  public var name: String { "energy_budget" }
  public var reads: PolicyInputs { [.energyBudget, .pluggedIn] }
  public func scoreWeight(for activity: Activity) -> Double? {
    activity.kind == .backgroundTransfer && !activity.discretionary ? nil : weight
  }
  public var weight: Double = 5
  /// Share of the budget at or below which work off the charger is vetoed [share of the
  /// capacity; 0: an empty budget].
  public var vetoBelow: Double = 0
  /// Whether the share left is the score (bgsim before the whole phone) instead of 1.
  public var scored = false

  public init() {}

  public func evaluate(_ activity: Activity, _ c: PolicyContext) -> PolicyVerdict { answer(activity, c) }

  /// The rules, for a full verdict or for its outcome alone.
  public func answer<A: PolicyAnswer>(_ activity: Activity, _ c: PolicyContext) -> A {
    if activity.kind == .backgroundTransfer, !activity.discretionary { return .skip(name) }
    let share = c.energyCapacity > 0 ? c.energyBudget / c.energyCapacity : 0
    if c.isPluggedIn {
      return .score(name, 1, weight: weight, c, "on power (budget \(Int(share * 100)) % of its size)")
    }
    if share <= vetoBelow {
      return .veto(name, c, "energy budget empty (\(Int(share * 100)) % of its size) off the charger")
    }
    return .score(
      name, scored ? min(1, share) : 1, weight: weight, c, "energy budget \(Int(share * 100)) % of its size")
  }
}

extension EnergyBudgetPolicy: BuiltInPolicy {
  static var configKey: String? { "energy_budget" }
  static var configKeys: [String] { ["weight", "veto_below", "scored"] }
  var compiled: CompiledPolicy { .energyBudget(self) }

  mutating func configure(_ s: ConfigSection) throws(ConfigError) {
    weight = try s.weight(default: weight)
    vetoBelow = try s.number("veto_below", default: vetoBelow, range: 0...1)
    scored = try s.flag("scored", default: scored)
  }
}
