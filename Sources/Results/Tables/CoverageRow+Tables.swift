import FileFormats

extension CoverageRow {
  /// A study's rows: each interval of the `reference` run with a finite estimate that the
  /// small runs give, in the order they first give it, with the runs that gave it a
  /// finite interval, those whose interval held the estimate, and those whose interval
  /// lay above it or below. `runs`: each small run's intervals.
  public static func counting(
    reference: [SummaryInterval], runs: [[SummaryInterval]], band: ClosedRange<Double>
  ) -> [CoverageRow] {
    var truth: [String: SummaryInterval] = [:]
    for i in reference { truth[i.id] = i }
    var counts: [String: (runs: Int, covered: Int, high: Int, low: Int)] = [:]
    var order: [SummaryInterval] = []
    for r in runs.joined() {
      guard let t = truth[r.id], t.estimate.isFinite else { continue }
      if counts[r.id] == nil { order.append(t) }
      var c = counts[r.id] ?? (0, 0, 0, 0)
      if r.low.isFinite, r.high.isFinite {
        c.runs += 1
        if r.low <= t.estimate, t.estimate <= r.high { c.covered += 1 }
        if r.low > t.estimate { c.high += 1 }
        if r.high < t.estimate { c.low += 1 }
      }
      counts[r.id] = c
    }
    return order.map { t in
      let c = counts[t.id] ?? (0, 0, 0, 0)
      return CoverageRow(
        reference: t, runs: c.runs, covered: c.covered, missedHigh: c.high, missedLow: c.low,
        band: acceptedCounts(runs: c.runs, band: band))
    }
  }

  /// The console's table of a study of `runs` runs of `devices` owners against
  /// `referenceDevices`: each interval's coverage, its band, and whether it is in it.
  public static func table(
    _ rows: [CoverageRow], runs: Int, devices: Int, referenceDevices: Int, band: ClosedRange<Double>
  ) -> String {
    var lines = [
      "share of \(runs) runs (\(devices) owners each) whose 95 % interval holds the value of \(referenceDevices) owners;",
      "band: the counts a true coverage in [\(band.lowerBound), \(band.upperBound)] gives with 99.9 % probability",
    ]
    // Few runs accept an interval that holds the truth far less often than 95 %.
    let (fewest, standard) = (acceptedCounts(runs: runs, band: band), acceptedCounts(runs: 200, band: band))
    if runs > 0, Double(fewest.lowerBound) / Double(runs) < Double(standard.lowerBound) / 200 {
      lines.append(
        "with \(runs) runs a coverage as low as \(Format.fixed(Double(fewest.lowerBound) / Double(runs), digits: 3)) "
          + "is in band (200 runs accept \(Format.fixed(Double(standard.lowerBound) / 200, digits: 3)) and up): "
          + "more runs find an interval that falls short")
    }
    var table = [
      ["cell", "arm", "app", "metric", "statistic", "coverage", "too high", "too low", "band", ""]
    ]
    for r in rows {
      let t = r.reference
      table.append([
        String(t.cell), t.kind == .cellDifference ? "\(t.arm) − baseline" : t.arm,
        t.app.isEmpty ? "-" : t.app,
        t.metric, t.statistic,
        r.runs > 0 ? "\(r.covered)/\(r.runs) = \(Format.fixed(r.coverage, digits: 3))" : "no interval",
        String(r.missedHigh), String(r.missedLow),
        "\(r.band.lowerBound)…\(r.band.upperBound)", r.inBand ? "ok" : "OUT",
      ])
    }
    lines += TextTable.lines(table, trimmed: true)
    let out = rows.filter { !$0.inBand }.count
    let lowest = rows.filter { $0.runs > 0 }.min { $0.coverage < $1.coverage }
    lines.append(
      "\(rows.count - out) of \(rows.count) intervals in band"
        + (lowest.map {
          "; lowest coverage \(Format.fixed($0.coverage, digits: 3)) (\($0.reference.arm)\($0.reference.app.isEmpty ? "" : " " + $0.reference.app) \($0.reference.metric) \($0.reference.statistic))"
        } ?? ""))
    return lines.joined(separator: "\n") + "\n"
  }
}
