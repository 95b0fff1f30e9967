/// The energy budget: slowly made available through the day and drawn down by each
/// run. Work is vetoed when the budget is below `vetoBelow` of its size (except on the
/// charger, where energy is free); otherwise the score is the share left.
public struct EnergyBudgetPolicy: SchedulingPolicy {
  public var name: String { "energy_budget" }
  public var reads: PolicyInputs { [.energyBudget, .pluggedIn] }
  public func scoreWeight(for activity: Activity) -> Double? {
    activity.kind == .backgroundTransfer && !activity.discretionary ? nil : weight
  }
  public var weight: Double = 5
  /// Share of the budget below which work is vetoed [0…1].
  public var vetoBelow: Double = 0.05

  public init() {}

  public func evaluate(_ activity: Activity, _ c: PolicyContext) -> PolicyVerdict { answer(activity, c) }

  /// The rules, for a full verdict or for its outcome alone.
  public func answer<A: PolicyAnswer>(_ activity: Activity, _ c: PolicyContext) -> A {
    if activity.kind == .backgroundTransfer, !activity.discretionary { return .skip(name) }
    if c.isPluggedIn {
      return .score(
        name, 1, weight: weight, c,
        "on power (budget \(Int(c.energyCapacity > 0 ? c.energyBudget / c.energyCapacity * 100 : 0)) % left)")
    }
    let share = c.energyCapacity > 0 ? c.energyBudget / c.energyCapacity : 0
    if share < vetoBelow { return .veto(name, c, "energy budget exhausted (\(Int(share * 100)) % left)") }
    return .score(name, share, weight: weight, c, "energy budget \(Int(share * 100)) % left")
  }
}
