/// The data budget: cellular bytes, slowly made available and drawn down by transfers
/// on cellular. On cellular, work expected to move more than what is left is vetoed.
public struct DataBudgetPolicy: SchedulingPolicy {
  public var name: String { "data_budget" }
  public var reads: PolicyInputs { [.network, .dataBudget] }
  public func scoreWeight(for activity: Activity) -> Double? { weight }
  public var weight: Double = 5

  public init() {}

  public func evaluate(_ activity: Activity, _ c: PolicyContext) -> PolicyVerdict { answer(activity, c) }

  /// The rules, for a full verdict or for its outcome alone.
  public func answer<A: PolicyAnswer>(_ activity: Activity, _ c: PolicyContext) -> A {
    guard c.network == .cellular else { return .skip(name) }
    if activity.expectedBytes > c.dataBudget {
      return .veto(name, c, "cellular budget \(Int(c.dataBudget)) B < \(Int(activity.expectedBytes)) B")
    }
    return .score(
      name, activity.expectedBytes > 0 ? 1 - activity.expectedBytes / max(c.dataBudget, 1) : 1,
      weight: weight, c, "cellular")
  }
}
