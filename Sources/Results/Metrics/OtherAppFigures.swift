/// The figures of `other_app_summary.csv`: for one owner, arm and other app, from its
/// row of `other_apps.csv`, each a day after the warm-up.
enum OtherAppFigures {
  /// One row of `other_apps.csv`: the days it counts and what they held.
  struct Counts {
    let days: Double
    let opens: Double
    let launches: Double
    /// Runs cut short by fair share.
    let suspended: Double
    /// Energy the app's runs used, on the charger or not [mWh]; NaN when the row has none.
    let energyMilliwattHours: Double
    /// The part drawn from the battery (runs started off external power) [mWh].
    let batteryEnergyMilliwattHours: Double
  }

  /// The figures, in the order of each app's rows.
  static let figures: [OwnerMetric<Counts>] = [
    OwnerMetric(metric: .opensPerDay, unit: .perDay) { k in perDay(k.opens, k) },
    OwnerMetric(metric: .launchesPerDay, unit: .perDay) { k in perDay(k.launches, k) },
    OwnerMetric(metric: .suspendedPerDay, unit: .perDay) { k in perDay(k.suspended, k) },
    OwnerMetric(metric: .energyPerDay, unit: .milliwattHoursPerDay) { k in perDay(k.energyMilliwattHours, k)
    },
    OwnerMetric(metric: .batteryEnergyPerDay, unit: .milliwattHoursPerDay) { k in
      perDay(k.batteryEnergyMilliwattHours, k)
    },
  ]

  /// The metrics, in the order of ``figures``.
  static let metrics: [MetricName] = figures.map(\.metric)

  /// Each figure of a row.
  static func values(_ k: Counts) -> [Double] { figures.map { $0.value(k) } }

  private static func perDay(_ x: Double, _ k: Counts) -> Double { k.days > 0 ? x / k.days : .nan }
}
