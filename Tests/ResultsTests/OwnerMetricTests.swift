import Testing

@testable import Results

/// The owner figures of both summaries are one list each of (metric, unit, value), and
/// the unit says what the intervals do with a figure.
@Suite struct OwnerMetricTests {
  /// A figure's unit gives the range its interval keeps to, the one its metric states.
  @Test func eachSummaryFiguresUnitAgreesWithItsMetricsRange() {
    for f in OwnerFigures.figures {
      #expect(f.unit.range == f.metric.range, "\(f.metric.rawValue): \(f.unit.rawValue)")
    }
  }

  /// The other apps' figures: their names in the file's order, each named once, the
  /// energy under the same name and unit as summary.csv's, and only counts moving in
  /// steps of 1/days (the rule for owners that all came out equal).
  @Test func theOtherAppsFiguresAreNamedOnce() {
    #expect(
      OtherAppFigures.metrics.map(\.rawValue) == [
        "opens_per_day", "launches_per_day", "suspended_per_day", "energy_per_day_mwh",
        "battery_energy_per_day_mwh",
      ])
    // Both energies under the same names and units as summary.csv's: one meaning a name.
    for metric in [MetricName.energyPerDay, .batteryEnergyPerDay] {
      let energy = OtherAppFigures.figures.first { $0.metric == metric }
      #expect(energy != nil && energy?.unit == OwnerFigures.figures.first { $0.metric == metric }?.unit)
    }
    #expect(OtherAppFigures.figures.map(\.unit.isCounted) == [true, true, true, false, false])
    // Hypotheses and `summarize` read summary.csv alone: the other apps' own names are not theirs.
    for name in ["opens_per_day", "launches_per_day", "suspended_per_day"] {
      #expect(MetricName(rawValue: name) == nil, "\(name)")
    }
  }

  /// A row of other_apps.csv gives its figures a day; none without days.
  @Test func theOtherAppsFiguresAreADaysWorth() {
    let k = OtherAppFigures.Counts(
      days: 4, opens: 10, launches: 6, suspended: 1, energyMilliwattHours: 2, batteryEnergyMilliwattHours: 1)
    #expect(OtherAppFigures.values(k) == [2.5, 1.5, 0.25, 0.5, 0.25])
    let none = OtherAppFigures.Counts(
      days: 0, opens: 1, launches: 1, suspended: 0, energyMilliwattHours: 1, batteryEnergyMilliwattHours: 0)
    #expect(OtherAppFigures.values(none).allSatisfy { $0.isNaN })
  }
}
