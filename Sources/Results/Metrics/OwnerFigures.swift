/// The figures of one owner in one arm that the summary describes across owners
/// (unit: owner), worked out from the owner's counts (``SummaryTables/Counts``).
///
/// They are added up in fixed point, in units of 2⁻³⁰ (about 10⁻⁹), so that their sums
/// are exact integers and the same whatever order the owners are read or gathered in;
/// a figure beyond ±2²⁰ (about 10⁶) cannot be represented and makes its summary NaN.
enum OwnerFigures {
  /// One owner figure of `summary.csv`: its metric, unit and value.
  typealias Figure = OwnerMetric<SummaryTables.Counts>

  /// The owner figures, in the order of the summary's rows: one list, each metric with
  /// its unit and value.
  static let figures: [Figure] = [
    Figure(metric: .launchesPerDeviceDay, unit: .perDay, trials: \.days) { k in
      k.days > 0 ? k.launched / k.days : .nan
    },
    Figure(metric: .shareWhileCharging, unit: .share, trials: \.launched) { k in
      k.launched > 0 ? k.charging / k.launched : .nan
    },
    Figure(metric: .completionRate, unit: .share, trials: \.launched) { k in
      k.launched > 0 ? k.completed / k.launched : .nan
    },
    Figure(metric: .expiryRate, unit: .share, trials: \.launched) { k in
      k.launched > 0 ? k.expired / k.launched : .nan
    },
    Figure(metric: .energyPerDay, unit: .milliwattHoursPerDay) { k in k.days > 0 ? k.energy / k.days : .nan },
    Figure(metric: .batteryEnergyPerDay, unit: .milliwattHoursPerDay) { k in
      k.days > 0 ? k.batteryEnergy / k.days : .nan
    },
    Figure(metric: .shareOpensWithRunInHourBefore, unit: .share, trials: \.opens) { k in
      k.opens > 0 ? k.freshOpens / k.opens : .nan
    },
    Figure(metric: .shareOwnersNone, unit: .share) { k in k.days > 0 ? (k.launched == 0 ? 1 : 0) : .nan },
  ]

  /// The owner metrics, in the order of ``values(_:)``.
  static let metrics: [MetricName] = figures.map(\.metric)

  /// Units to one [2³⁰].
  static let unitsPerValue = Double(1 << 30)

  /// The largest magnitude that is represented.
  static let largest = Double(1 << 20)

  /// The index of `metric` in ``metrics``.
  static func index(_ metric: MetricName) -> Int? { metrics.firstIndex(of: metric) }

  /// Each metric's figure, NaN where it is not defined (no day, or no launch).
  static func values(_ k: SummaryTables.Counts) -> [Double] { figures.map { $0.value(k) } }

  /// Each metric's trials (``Figure/trials``), 0 for a figure that is not so counted.
  static func trials(_ k: SummaryTables.Counts) -> [Double] { figures.map { $0.trials?(k) ?? 0 } }

  /// A figure in fixed point; nil beyond ±``largest`` (NaN is not added at all).
  static func fixed(_ x: Double) -> Int64? {
    guard x.magnitude <= largest else { return nil }
    return Int64((x * unitsPerValue).rounded())
  }
}

/// The owner figures of one run: the standard ones (``OwnerFigures/metrics``) and the
/// family members (`launched_by_HH:MM`, `share_owners_at_least_N_per_day`) the
/// hypotheses, `advise` or `--by` ask for.
struct FigureSet: Sendable {
  /// The family members, in order.
  let families: [MetricName]
  let metrics: [MetricName]

  init(families: [MetricName] = []) {
    self.families = families
    metrics = OwnerFigures.metrics + families
  }

  func index(_ metric: MetricName) -> Int? { metrics.firstIndex(of: metric) }

  /// Each figure of an owner: the standard ones, then for `launched_by` T the share of
  /// its days with a successful run by T, and for `share_owners_at_least_N_per_day` 1
  /// when its launches per day are at least N, else 0 (NaN without days).
  /// Each figure's trials: the standard ones', then a `launched_by` share's days.
  func trials(_ k: SummaryTables.Counts) -> [Double] {
    OwnerFigures.trials(k) + families.map { $0.launchedBySeconds != nil ? k.days : 0 }
  }

  func values(_ k: SummaryTables.Counts) -> [Double] {
    OwnerFigures.values(k)
      + families.map { metric in
        guard k.days > 0 else { return .nan }
        if let t = metric.launchedBySeconds { return Double(k.firstSuccess.days(by: t)) / k.days }
        if let n = metric.atLeastPerDay { return k.launched >= Double(n) * k.days ? 1 : 0 }
        return .nan
      }
  }
}
