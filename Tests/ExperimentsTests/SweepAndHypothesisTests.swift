import DeviceModel
import Experiments
import FileFormats
import Testing

@testable import Results

@Suite struct SweepAndHypothesisTests {
  func spec(_ extra: String) throws -> ExperimentSpec {
    try ExperimentSpec(
      tree: ConfigTree.parse(yaml: smallExperiment + "\n" + extra, file: "e.yaml"), file: "e.yaml")
  }

  @Test func gridSweepIsTheFactorialProduct() throws {
    let s = try spec(
      "sweep:\n  grid:\n    app.opens_per_day: [1, 5, 20]\n    scheduler.model: [ios, naive]\n")
    #expect(s.cells.count == 6)
    #expect(
      s.cells.map { $0.overrides.map(\.value) } == [
        ["1", "ios"], ["1", "naive"], ["5", "ios"], ["5", "naive"], ["20", "ios"], ["20", "naive"],
      ])
    let cell = try s.spec(for: s.cells[3])
    #expect(cell.personas[0].persona.usage.appOpensPerDay == 5)
    #expect(cell.scheduler.model.name == "naive")
  }

  /// A grid value given twice (`[2, 2, 8]` for `[2, 4, 8]`) made two identical cells and
  /// left a level out, without a word. It is refused at its second place; the same number
  /// written another way is the same value, and a value of another key is not.
  @Test(arguments: [
    ("[2, 2, 8]", "[1]: '2' is the same value as [0] ('2')"),
    ("[8, 2, 2.0]", "[2]: '2.0' is the same value as [1] ('2')"),
  ])
  func aGridValueGivenTwiceIsRefused(values: String, message: String) throws {
    let extra = "sweep:\n  grid:\n    app.opens_per_day: \(values)\n"
    let error = #expect(throws: ConfigError.self) { try spec(extra) }
    #expect(
      error?.description.contains("sweep.grid.app.opens_per_day\(message); each value makes one cell")
        == true,
      "\(error?.description ?? "")")
    let lines = (smallExperiment + "\n" + extra).split(separator: "\n", omittingEmptySubsequences: false)
    #expect(error?.line == lines.firstIndex { $0.contains("opens_per_day: [") }.map { $0 + 1 })
    let distinct = try spec(
      "sweep:\n  grid:\n    app.opens_per_day: [2, 0.5]\n    app.force_quit_probability: [0.5, 0.2]\n")
    #expect(distinct.cells.count == 4)
  }

  /// A claim given twice was tested twice, and every claim's Holm-adjusted p-value in
  /// `hypotheses.csv` counted it twice. A repeat, however written, is refused at its line.
  @Test func aClaimGivenTwiceIsRefused() throws {
    // The main job's second claim again, with more space and another alpha.
    let again = "  - \"refresh  share_while_charging < 0.5 (alpha = 0.01)\"\n"
    let error = #expect(throws: ConfigError.self) { try spec(again) }
    #expect(
      error?.description.contains("is the claim of hypotheses[1] again") == true,
      "\(error?.description ?? "")")
    #expect(try spec("  - \"refresh share_while_charging < 0.6\"\n").hypotheses.count == 5)
  }

  @Test func sobolSweepFillsTheRanges() throws {
    let s = try spec(
      "sweep:\n  sobol:\n    samples: 8\n    ranges:\n      app.opens_per_day: [1, 21]\n      app.force_quit_probability: [0, 0.4]\n"
    )
    #expect(s.cells.count == 8)
    let first = s.cells[0].overrides.map { Double($0.value)! }
    #expect(first == [11, 0.2])  // Sobol's first point is the centre
    for c in s.cells {
      let v = c.overrides.map { Double($0.value)! }
      #expect((1...21).contains(v[0]) && (0...0.4).contains(v[1]))
    }
  }

  @Test func aSweepOverAMissingKeyIsRejected() {
    #expect(throws: ConfigError.self) { try spec("sweep:\n  grid:\n    app.opens_per_dya: [1, 2]\n") }
  }

  @Test(arguments: [
    (
      "processing share_while_charging >= 0.99", "processing", Hypothesis.Statistic.mean,
      "share_while_charging", 0.99 as Double?
    ),
    ("refresh median delay_after_earliest_s < 1h", "refresh", .median, "delay_after_earliest_s", 3600),
    ("refresh p90 delay_after_earliest_s ≤ 90m", "refresh", .p90, "delay_after_earliest_s", 5400),
    ("refresh share_while_charging < 50%", "refresh", .mean, "share_while_charging", 0.5),
  ])
  func hypothesesParse(
    text: String, arm: String, statistic: Hypothesis.Statistic, metric: String, value: Double?
  ) throws {
    let h = try Hypothesis(
      parsing: text, arms: ["refresh", "processing"], metrics: MetricName.allCases.map(\.rawValue))
    #expect(h.arm == arm && h.statistic == statistic && h.metric == metric && h.value == value)
  }

  @Test func familyMembersParse() throws {
    let h = try Hypothesis(
      parsing: "refresh share_owners_at_least_3_per_day >= 80%", arms: ["refresh"],
      metrics: MetricName.allCases.map(\.rawValue))
    #expect(MetricName(rawValue: h.metric)?.atLeastPerDay == 3 && h.value == 0.8)
    #expect(
      MetricName.familyOrder([
        .shareOwnersAtLeast(perDay: 2), .launchedBy(seconds: 3600), .launchedBy(seconds: 60),
      ])
      .map(\.rawValue) == ["launched_by_00:01", "launched_by_01:00", "share_owners_at_least_2_per_day"])
  }

  /// On the end of a metric's range a claim still depends on the run (no figure above 0,
  /// every owner's share 1), or claims nothing and asks for the metric (`>= 0`).
  @Test(arguments: [
    "refresh launches_per_device_day > 0", "refresh launches_per_device_day <= 0",
    "refresh share_while_charging >= 1", "refresh share_while_charging < 100%",
    "refresh share_while_charging > 0%", "refresh launched_by_08:00 <= 0",
    "refresh share_owners_at_least_1_per_day >= 0", "refresh launched_by_08:00 <= 1",
  ])
  func aClaimOnTheEndOfItsMetricsRangeParses(text: String) throws {
    let h = try Hypothesis(
      parsing: text, arms: ["refresh", "processing"], metrics: MetricName.allCases.map(\.rawValue))
    #expect(h.value == 0 || h.value == 1)
  }

  @Test func pairedHypothesisParses() throws {
    let h = try Hypothesis(
      parsing: "refresh launches_per_device_day > processing launches_per_device_day (paired, alpha = 0.01)",
      arms: ["refresh", "processing"], metrics: MetricName.allCases.map(\.rawValue))
    #expect(h.otherArm == "processing" && h.alpha == 0.01 && h.comparison == .greater)
  }

  @Test(arguments: [
    (
      "refresh launches_per_device_dya > 1",
      "unknown metric 'launches_per_device_dya'; did you mean 'launches_per_device_day'?"
    ),
    ("refrsh share_while_charging > 0.5", "unknown arm 'refrsh'; did you mean 'refresh'?"),
    ("refresh share_while_charging about 0.5", "expected a comparison"),
    ("refresh share_while_charging > 0.5 (paired)", "'paired' needs another arm"),
    // It ran, and every cell printed "no interval from these owners …: run more owners".
    (
      "refresh launches_per_device_day > refresh launches_per_device_day (paired)",
      "both sides name arm 'refresh'"
    ),
    // A pooled figure has no owner's difference: each cell printed "–" and "fewer than 2
    // with the figure: run more owners".
    (
      "refresh staleness_at_open_s < processing staleness_at_open_s (paired)",
      "staleness_at_open_s is pooled over every day with an open, not one figure per owner"
    ),
    (
      "refresh delay_after_earliest_s[k=1] < refresh delay_after_earliest_s[k=2]",
      "claim each against a number, as refresh median delay_after_earliest_s < 1h"
    ),
    ("refresh share_owners_at_least_-1_per_day > 0.5", "N is negative"),
    ("refresh share_owners_at_least_two_per_day > 0.5", "not a form of share_owners_at_least_N_per_day"),
    ("refresh share_owners_at_least_0_per_day > 0.5", "N must be a whole number from 1"),
    ("refresh launched_by_00:00 > 0.5", "not a form of launched_by_HH:MM"),
    ("refresh share_while_charging > 0.5 (alpha = 0.5)", "alpha must be a number between 0 and 0.5"),
    ("refresh share_while_charging > 0.5 (alpha = 0)", "alpha must be a number between 0 and 0.5"),
    // A claim the value alone decides: a typo, not a verdict.
    (
      "processing share_while_charging >= 1.95",
      "share_while_charging is a share, from 0 to 1 (or 0% to 100%), so '>= 1.95' fails whatever the run"
    ),
    ("refresh share_while_charging < 500%", "so '< 5' holds whatever the run"),
    ("refresh launched_by_08:00 > 1", "so '> 1' fails whatever the run"),
    ("refresh launches_per_device_day >= -3", "launches_per_device_day is never negative, so '>= -3' holds"),
    ("refresh median delay_after_earliest_s < 0s", "so '< 0' fails whatever the run"),
    // A number too large to hold, or none: named as the number it should be.
    ("refresh launches_per_device_day > 1e400", "expected a finite number (0.5, 80%, 15m) or ARM"),
    ("refresh launches_per_device_day > nan", "found 'nan'"),
    ("refresh launches_per_device_day > processing", "expected a finite number"),
    ("refresh icc_launches_per_day > 0.5", "icc_launches_per_day is reported in summary.csv, but no claim"),
  ])
  func badHypothesesAreRejected(text: String, message: String) {
    do {
      _ = try Hypothesis(
        parsing: text, arms: ["refresh", "processing"], metrics: MetricName.allCases.map(\.rawValue))
      Issue.record("accepted \(text)")
    } catch { #expect(error.description.contains(message), "got \(error.description)") }
  }
}
