import FileFormats

/// The device's cellular data budget, one pool for every app, made available evenly
/// through the day and drawn down by bytes moved on cellular (``SystemScheduler``). As
/// dasd has it, a veto, not a score, and only on cellular: work is vetoed while the
/// budget is negative, and work not yet started unless what is left covers
/// min(its expected bytes, `reserveShare` × the budget's size); otherwise it passes with
/// a score of 1.
public struct DataBudgetPolicy: SchedulingPolicy {
  public var name: String { "data_budget" }
  public var reads: PolicyInputs { [.network, .dataBudget] }
  public func scoreWeight(for activity: Activity) -> Double? { weight }
  public var weight: Double = 5
  /// The most of the budget's size a start must find left [share of the capacity]
  /// (dasd: 0.5).
  public var reserveShare: Double = 0.5

  public init() {}

  public func evaluate(_ activity: Activity, _ c: PolicyContext) -> PolicyVerdict { answer(activity, c) }

  /// The rules, for a full verdict or for its outcome alone.
  public func answer<A: PolicyAnswer>(_ activity: Activity, _ c: PolicyContext) -> A {
    guard c.network == .cellular else { return .skip(name) }
    let needed = min(activity.expectedBytes, reserveShare * Double(c.dataCapacity))
    if c.dataBudget < 0 || c.dataBudget < needed {
      return .veto(
        name, c, "cellular budget \(Int(c.dataBudget)) B left < \(Int(needed)) B needed to start")
    }
    return .score(name, 1, weight: weight, c, "cellular budget \(Int(c.dataBudget)) B left")
  }
}

extension DataBudgetPolicy: BuiltInPolicy {
  static var configKey: String? { "data_budget" }
  static var configKeys: [String] { ["weight", "reserve_share"] }
  var compiled: CompiledPolicy { .dataBudget(self) }

  mutating func configure(_ s: ConfigSection) throws(ConfigError) {
    weight = try s.weight(default: weight)
    reserveShare = try s.number("reserve_share", default: reserveShare, range: 0...1)
  }
}
