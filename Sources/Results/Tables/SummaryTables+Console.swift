import FileFormats

extension SummaryTables {
  static func console(_ x: Double, _ d: Int = 2) -> String { x.isFinite ? Format.fixed(x, digits: d) : "–" }

  /// A figure with its interval; with fewer than two `unit`s behind it (`n`), the
  /// reason there is none: `4.50 n/a (1 owner)`.
  static func interval(
    _ x: (estimate: Double, low: Double, high: Double), _ d: Int, n: Int = 2, unit: String = "owner"
  ) -> String {
    guard n >= 2 else { return "\(console(x.estimate, d)) n/a (\(Format.count(n, unit)))" }
    // No figure from these owners (an ICC when every owner-day has the same launches, 0/0):
    // a dash, not a dash with an interval of dashes.
    guard x.estimate.isFinite else { return "–" }
    // An interval that leaves out 0 never prints an end as 0 (its p-value says it is not).
    let d = Format.intervalDigits(low: x.low, high: x.high, digits: d)
    return "\(console(x.estimate, d)) [\(console(x.low, d)), \(console(x.high, d))]"
  }

  /// A p-value as the console's tables print it, with the Holm-adjusted one beside it
  /// when it differs.
  static func pText(_ raw: Double?, _ adjusted: Double?) -> String {
    var p = raw.map { $0 < 0.001 ? "p<0.001" : "p=\(console($0, 3))" } ?? ""
    if let raw, let adjusted, adjusted != raw {
      p += adjusted < 0.001 ? " (Holm-adjusted p<0.001)" : " (Holm-adjusted p=\(console(adjusted, 3)))"
    }
    return p
  }

  /// One hypothesis's verdict, its estimate, interval and p-value, and for one left
  /// inconclusive, how many owners (or, with a posterior, replications) would decide it.
  static func verdictLine(_ v: Verdict) -> String {
    var p = v.pValue.map { $0 < 0.001 ? ", p < 0.001" : ", p = \(console($0, 3))" } ?? ""
    // Over several cells the verdict reads the Holm-adjusted p-value: printed, and named.
    if let raw = v.pValue, let adjusted = v.pHolm, adjusted != raw {
      p += adjusted < 0.001 ? ", Holm-adjusted p < 0.001" : ", Holm-adjusted p = \(console(adjusted, 3))"
    }
    let more =
      v.result != .inconclusive
      ? ""
      : v.ownersNeeded.map { "; about \($0) \(v.unit)s would decide it" }
        ?? (!v.low.isNaN && !v.high.isNaN
          ? "; no number of \(v.unit)s decides it"
          : "; no interval from these \(v.unit)s (fewer than 2 with the figure): run more \(v.unit)s")
    let d = Format.intervalDigits(low: v.low, high: v.high, digits: 3)
    let (e, l, h) = (console(v.estimate, d), console(v.low, d), console(v.high, d))
    return "  \(v.result.rawValue)  \(v.hypothesis)   estimate \(e) [\(l), \(h)]\(p)\(more)"
  }

  /// For a count or an amount per owner (launches, energy a day), skewed across owners:
  /// the owners' median and p90 beside the mean; empty for other rows.
  static func spread(_ r: Row) -> String {
    guard r.kind == .arm, r.metric.range == .nonNegative, !r.metric.isSummarisedByMedian,
      r.metric != .iccLaunchesPerDay, r.median.isFinite, r.p90.isFinite
    else { return "" }
    return " (median \(console(r.median)), p90 \(console(r.p90)))"
  }

  /// The console's tables: per cell, each metric per arm with its 95 % interval (and a
  /// count's owners' median and p90, ``spread(_:)``) and the
  /// paired differences between arms, then the verdicts; then, when the sweep names a
  /// baseline, each cell's difference from it in launches a day.
  public func consoleLines(plan: SummaryPlan) -> [String] {
    var out: [String] = []
    let arms = plan.arms
    let pairs = arms.indices.flatMap { i in arms.indices.filter { $0 > i }.map { (arms[i], arms[$0]) } }
    for cell in plan.cells {
      if plan.cells.count > 1 { out += ["", plan.cellLabel(cell) + ":"] }
      var table = [["metric"] + arms.map { "\($0) [95% CI]" } + pairs.map { "\($0.0) − \($0.1)" }]
      for metric in plan.summaryMetrics {
        let digits = metric == .delayAfterEarliest || metric == .stalenessAtOpen ? 0 : 2
        // Delays and staleness show their median, labelled so; the others their mean.
        var row = [metric.rawValue + (metric.isSummarisedByMedian ? " (median)" : "")]
        for arm in arms {
          if let r = rows.first(where: {
            $0.cell == cell && $0.kind == .arm && $0.arm == arm && $0.metric == metric
          }) {
            row.append(Self.interval(r.shown, digits, n: r.n, unit: r.unit) + Self.spread(r))
          }
        }
        for (a, b) in pairs {
          let r = rows.first {
            $0.cell == cell && $0.kind == .pairedDifference && $0.arm == "\(a) vs \(b)" && $0.metric == metric
          }
          row.append(
            r.map {
              "\(Self.interval(($0.mean, $0.low, $0.high), digits, n: $0.n, unit: $0.unit)) \(Self.pText($0.pValue, $0.pHolm))"
            } ?? "")
        }
        table.append(row)
      }
      out += TextTable.lines(table)
      let verdicts = verdicts.filter { $0.cell == cell }
      if !verdicts.isEmpty { out += ["hypotheses:"] + verdicts.map(Self.verdictLine) }
    }
    return out + cellDifferenceLines(plan: plan)
  }

  /// Each cell's paired difference from the baseline cell in launches a day, per arm.
  func cellDifferenceLines(plan: SummaryPlan) -> [String] {
    guard let baseline = plan.baseline else { return [] }
    let differences = rows.filter { $0.kind == .cellDifference && $0.metric == .launchesPerDeviceDay }
    guard !differences.isEmpty else { return [] }
    var table = [["cell", "arm", "launches_per_device_day − baseline [95% CI]", ""]]
    for r in differences {
      table.append([
        plan.cellLabel(r.cell), r.arm, Self.interval((r.mean, r.low, r.high), 2),
        Self.pText(r.pValue, r.pHolm),
      ])
    }
    return [
      "",
      "against the baseline cell (\(baseline.key) = \(baseline.value)), each owner against itself "
        + "(every owner metric in summary.csv, kind cell_difference):",
    ] + TextTable.lines(table)
  }
}
