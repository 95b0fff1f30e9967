/// A policy of a ``SchedulingModel`` ready for the decision loop: the built-in policies
/// as concrete values, called directly, and any other policy through the protocol.
///
/// The scheduler judges every due activity at every decision point (a few hundred
/// times per simulated day), and calling eighteen policies through `any
/// SchedulingPolicy` boxes cost more than the policies' own arithmetic. The answers
/// are the same either way: each case calls the same `evaluate`. Another policy is
/// kept in a side list and named here by its index, so that every case is a plain
/// value and the loop copies no boxes.
enum CompiledPolicy: Sendable {
  case powerState(PowerStatePolicy)
  case releaseFault(ReleaseFaultPolicy)
  case forceQuit(ForceQuitPolicy)
  case backgroundAppRefresh(BackgroundAppRefreshPolicy)
  case externalPower(ExternalPowerPolicy)
  case networkRequirement(NetworkRequirementPolicy)
  case batteryLevel(BatteryLevelPolicy)
  case lowPowerMode(LowPowerModePolicy)
  case thermal(ThermalPolicy)
  case appUsage(AppUsagePolicy)
  case deviceActivity(DeviceActivityPolicy)
  case thunderingHerd(ThunderingHerdPolicy)
  case application(ApplicationPolicy)
  case energyBudget(EnergyBudgetPolicy)
  case dataBudget(DataBudgetPolicy)
  case rateLimit(RateLimitPolicy)
  case concurrency(ConcurrencyPolicy)
  case overrun(OverrunPolicy)
  case other(index: Int)

  /// Every built-in policy, in the order the `ios` model judges them: the one list a
  /// new policy joins (with its case above and in ``answer(_:_:others:)``).
  static let builtIn: [any BuiltInPolicy.Type] = [
    PowerStatePolicy.self, ReleaseFaultPolicy.self, ForceQuitPolicy.self, BackgroundAppRefreshPolicy.self,
    ExternalPowerPolicy.self, NetworkRequirementPolicy.self, BatteryLevelPolicy.self, LowPowerModePolicy.self,
    ThermalPolicy.self, AppUsagePolicy.self, DeviceActivityPolicy.self, ThunderingHerdPolicy.self,
    ApplicationPolicy.self, EnergyBudgetPolicy.self, DataBudgetPolicy.self, RateLimitPolicy.self,
    ConcurrencyPolicy.self, OverrunPolicy.self,
  ]

  /// A built-in policy's case; nil for another policy (run through the protocol).
  init?(_ policy: any SchedulingPolicy) {
    guard let builtIn = policy as? any BuiltInPolicy else { return nil }
    self = builtIn.compiled
  }

  /// The policy's answer: its full verdict (as ``SchedulingPolicy/evaluate(_:_:)``
  /// gives it) or the verdict's outcome alone, from the same rules.
  @inline(__always)
  func answer<A: PolicyAnswer>(_ activity: Activity, _ c: PolicyContext, others: [any SchedulingPolicy]) -> A
  {
    switch self {
    case .powerState(let p): p.answer(activity, c)
    case .releaseFault(let p): p.answer(activity, c)
    case .forceQuit(let p): p.answer(activity, c)
    case .backgroundAppRefresh(let p): p.answer(activity, c)
    case .externalPower(let p): p.answer(activity, c)
    case .networkRequirement(let p): p.answer(activity, c)
    case .batteryLevel(let p): p.answer(activity, c)
    case .lowPowerMode(let p): p.answer(activity, c)
    case .thermal(let p): p.answer(activity, c)
    case .appUsage(let p): p.answer(activity, c)
    case .deviceActivity(let p): p.answer(activity, c)
    case .thunderingHerd(let p): p.answer(activity, c)
    case .application(let p): p.answer(activity, c)
    case .energyBudget(let p): p.answer(activity, c)
    case .dataBudget(let p): p.answer(activity, c)
    case .rateLimit(let p): p.answer(activity, c)
    case .concurrency(let p): p.answer(activity, c)
    case .overrun(let p): p.answer(activity, c)
    case .other(let i): A(others[i].evaluate(activity, c))
    }
  }
}
