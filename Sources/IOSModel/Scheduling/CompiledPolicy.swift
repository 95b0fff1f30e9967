/// A policy of a ``SchedulingModel`` ready for the decision loop: the built-in policies
/// as concrete values, called directly, and any other policy through the protocol.
///
/// The scheduler judges every due activity at every decision point (a few hundred
/// times per simulated day), and calling sixteen policies through `any
/// SchedulingPolicy` boxes cost more than the policies' own arithmetic. The answers
/// are the same either way: each case calls the same `evaluate`. Another policy is
/// kept in a side list and named here by its index, so that every case is a plain
/// value and the loop copies no boxes.
enum CompiledPolicy: Sendable {
  case powerState(PowerStatePolicy)
  case forceQuit(ForceQuitPolicy)
  case backgroundAppRefresh(BackgroundAppRefreshPolicy)
  case externalPower(ExternalPowerPolicy)
  case networkRequirement(NetworkRequirementPolicy)
  case batteryLevel(BatteryLevelPolicy)
  case lowPowerMode(LowPowerModePolicy)
  case thermal(ThermalPolicy)
  case appUsage(AppUsagePolicy)
  case deviceActivity(DeviceActivityPolicy)
  case application(ApplicationPolicy)
  case energyBudget(EnergyBudgetPolicy)
  case dataBudget(DataBudgetPolicy)
  case rateLimit(RateLimitPolicy)
  case concurrency(ConcurrencyPolicy)
  case overrun(OverrunPolicy)
  case other(index: Int)

  /// A model's policies, compiled: the built-in ones as cases, the others in `others`.
  struct List: Sendable {
    var policies: [CompiledPolicy] = []
    var others: [any SchedulingPolicy] = []
    /// Index of the first policy that reads the usage predictions (`Int.max` if none):
    /// the predictions are made just before it is asked.
    var predictionsNeededAt = Int.max
    /// The same policies for straight-line judging, when they are the `ios` model's
    /// sixteen in their standard order.
    var standard: StandardPolicies?

    init(_ list: [any SchedulingPolicy]) {
      for policy in list {
        if policy.needsPredictions, predictionsNeededAt == .max { predictionsNeededAt = policies.count }
        if let compiled = CompiledPolicy(policy) {
          policies.append(compiled)
        } else {
          others.append(policy)
          policies.append(.other(index: others.count - 1))
        }
      }
      if predictionsNeededAt == StandardPolicies.predictionsNeededAt {
        standard = StandardPolicies(policies)
      }
    }
  }

  init?(_ policy: any SchedulingPolicy) {
    switch policy {
    case let p as PowerStatePolicy: self = .powerState(p)
    case let p as ForceQuitPolicy: self = .forceQuit(p)
    case let p as BackgroundAppRefreshPolicy: self = .backgroundAppRefresh(p)
    case let p as ExternalPowerPolicy: self = .externalPower(p)
    case let p as NetworkRequirementPolicy: self = .networkRequirement(p)
    case let p as BatteryLevelPolicy: self = .batteryLevel(p)
    case let p as LowPowerModePolicy: self = .lowPowerMode(p)
    case let p as ThermalPolicy: self = .thermal(p)
    case let p as AppUsagePolicy: self = .appUsage(p)
    case let p as DeviceActivityPolicy: self = .deviceActivity(p)
    case let p as ApplicationPolicy: self = .application(p)
    case let p as EnergyBudgetPolicy: self = .energyBudget(p)
    case let p as DataBudgetPolicy: self = .dataBudget(p)
    case let p as RateLimitPolicy: self = .rateLimit(p)
    case let p as ConcurrencyPolicy: self = .concurrency(p)
    case let p as OverrunPolicy: self = .overrun(p)
    default: return nil
    }
  }

  /// The policy's answer: its full verdict (as ``SchedulingPolicy/evaluate(_:_:)``
  /// gives it) or the verdict's outcome alone, from the same rules.
  @inline(__always)
  func answer<A: PolicyAnswer>(_ activity: Activity, _ c: PolicyContext, others: [any SchedulingPolicy]) -> A
  {
    switch self {
    case .powerState(let p): p.answer(activity, c)
    case .forceQuit(let p): p.answer(activity, c)
    case .backgroundAppRefresh(let p): p.answer(activity, c)
    case .externalPower(let p): p.answer(activity, c)
    case .networkRequirement(let p): p.answer(activity, c)
    case .batteryLevel(let p): p.answer(activity, c)
    case .lowPowerMode(let p): p.answer(activity, c)
    case .thermal(let p): p.answer(activity, c)
    case .appUsage(let p): p.answer(activity, c)
    case .deviceActivity(let p): p.answer(activity, c)
    case .application(let p): p.answer(activity, c)
    case .energyBudget(let p): p.answer(activity, c)
    case .dataBudget(let p): p.answer(activity, c)
    case .rateLimit(let p): p.answer(activity, c)
    case .concurrency(let p): p.answer(activity, c)
    case .overrun(let p): p.answer(activity, c)
    case .other(let i): A(others[i].evaluate(activity, c))
    }
  }

  /// Whether a veto from this policy depends only on the device's power, network and
  /// thermal state, the app's switcher flag and Background App Refresh setting, and the
  /// activity itself: not on the time, the battery level, budgets or predictions. Such
  /// a veto stands until one of those changes (``SystemScheduler`` then skips judging).
  var vetoesOnStateAlone: Bool {
    switch self {
    case .powerState, .forceQuit, .backgroundAppRefresh, .externalPower, .networkRequirement, .thermal: true
    default: false
    }
  }

  /// The policy's name, as its verdicts give it.
  func name(others: [any SchedulingPolicy]) -> String {
    switch self {
    case .powerState(let p): p.name
    case .forceQuit(let p): p.name
    case .backgroundAppRefresh(let p): p.name
    case .externalPower(let p): p.name
    case .networkRequirement(let p): p.name
    case .batteryLevel(let p): p.name
    case .lowPowerMode(let p): p.name
    case .thermal(let p): p.name
    case .appUsage(let p): p.name
    case .deviceActivity(let p): p.name
    case .application(let p): p.name
    case .energyBudget(let p): p.name
    case .dataBudget(let p): p.name
    case .rateLimit(let p): p.name
    case .concurrency(let p): p.name
    case .overrun(let p): p.name
    case .other(let i): others[i].name
    }
  }
}
