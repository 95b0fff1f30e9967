import FileFormats
import Foundation
import Randomness
import Results

/// The report's launches by hour of day and its distributions.
extension ReportSections {
  // MARK: 3. Launches by hour of day

  static func hourOfDay(
    _ rows: [[String]], arms: [String], cell cellNumber: Int = 0, scales: SharedScales? = nil
  ) -> String {
    var counts: [String: [Double]] = [:]
    let layout = CSVSchema.hourOfDay.reading(header: rows.first ?? []) ?? .hourOfDay
    let column = layout.index
    let (cell, arm, hour, launches) = (column("cell"), column("arm"), column("hour"), column("launches"))
    for r in rows.dropFirst() where r.count >= layout.columns.count && r[cell] == String(cellNumber) {
      counts[r[arm], default: Array(repeating: 0, count: 24)][Int(r[hour]) ?? 0] += Double(r[launches]) ?? 0
    }
    // One chart per arm, each on its own scale: an arm that launches a tenth as often
    // stays visible beside another.
    var html =
      "<h2>Launches by hour of day</h2>\n<p>One chart per arm, each on its own scale (all owners and days).</p>\n"
    for (ai, arm) in arms.enumerated() {
      let own = max(1, (counts[arm] ?? []).max() ?? 1)
      let top = scales?.top("hour-of-day-\(ai)", own) ?? own
      var c = SVGChart(height: 200, x: 0...24, y: 0...(top * 1.1))
      c.axes(
        xTitle: "hour of day [h]", yTitle: "launches",
        xTicks: stride(from: 0.0, through: 24, by: 3).map { ($0, String(Int($0))) },
        yTicks: ticks(0...(top * 1.1)))
      for (hour, n) in (counts[arm] ?? []).enumerated() where n > 0 {
        c.rect(
          x0: Double(hour) + 0.1, x1: Double(hour) + 0.9, y0: 0, y1: n, color: color(ai),
          title: "\(arm) \(hour):00 \(Int(n))")
      }
      c.legend([(arm, color(ai))])
      html += c.svg(
        id: ai == 0 ? "hour-of-day" : "hour-of-day-\(ai)", title: "Launches per hour of day: \(arm)")
    }
    return html
  }

  // MARK: 4. Distributions

  static func cdf(_ values: [Double], points: Int = 100) -> [(Double, Double)] {
    let s = values.sorted()
    guard !s.isEmpty else { return [] }
    return (0...points).map { i in
      let p = Double(i) / Double(points)
      return (Statistics.quantile(sorted: s, p), p)
    }
  }

  /// The CDF of each arm's times [h] on a logarithmic axis from one minute to the
  /// largest value, so that medians of minutes and of days both show; every value is
  /// drawn (one under a minute at the minute), and the legend gives each arm's median.
  static func cdfChart(
    _ id: String, _ title: String, _ data: [String: [Double]], _ xTitle: String, arms: [String]
  ) -> String {
    let floorHours = 1.0 / 60
    let all = data.values.flatMap { $0 }
    let hi = max(floorHours * 10, all.max() ?? 1)
    let (lo, top) = (log10(floorHours), log10(hi))
    var c = SVGChart(x: lo...top, y: 0...1)
    c.axes(xTitle: xTitle, yTitle: "share ≤ x", xTicks: logTimeTicks(lo...top), yTicks: ticks(0...1))
    var labels: [(String, String)] = []
    for (ai, arm) in arms.enumerated() {
      let values = data[arm] ?? []
      c.polyline(cdf(values).map { (log10(max(floorHours, $0.0)), $0.1) }, color: color(ai))
      let median = values.isEmpty ? nil : Statistics.quantile(sorted: values.sorted(), 0.5)
      labels.append((median.map { "\(arm) (median \(hoursText($0)))" } ?? arm, color(ai)))
    }
    c.legend(labels)
    return c.svg(id: id, title: title)
  }

  /// Ticks for a log10 axis of hours: 1 min, 10 min, 1 h, 10 h, 1 d, 10 d, 100 d
  /// within the range.
  static func logTimeTicks(_ r: ClosedRange<Double>) -> [(Double, String)] {
    let marks: [(Double, String)] = [
      (1.0 / 60, "1 min"), (10.0 / 60, "10 min"), (1, "1 h"), (10, "10 h"), (24, "1 d"), (240, "10 d"),
      (2400, "100 d"),
    ]
    return marks.map { (log10($0.0), $0.1) }.filter { r.contains($0.0) }
  }

  /// A time in hours as the legend says it: minutes below an hour, hours below two
  /// days, days above.
  static func hoursText(_ h: Double) -> String {
    if h < 1 { return "\(Int((h * 60).rounded())) min" }
    if h < 48 { return String(format: "%.1f h", h) }
    return String(format: "%.1f d", h / 24)
  }

  static func distributions(
    launches: String, days: String, arms: [String], cell: Int = 0, scales: SharedScales? = nil
  ) throws(UserError)
    -> String
  {
    // Columns by name (``CSVSchema``); the warm-up days are left out, as the summary does:
    // days marked so, and launches at a time in them (``SummaryTables/inWarmup(milliseconds:_:)``).
    let launchColumn = try CSVSchema.launches.layout(ofFile: launches).index
    let dayColumn = try CSVSchema.days.layout(ofFile: days).index
    var perDay: [String: [Double]] = [:]
    var staleness: [String: [Double]] = [:]
    var warmupDays = 0
    var d = try CSVReader(path: days)
    let counts = ["launches_refresh", "launches_processing", "launches_other"].map(dayColumn)
    let (dayCell, dayArm, warmup, stale) = (
      dayColumn("cell"), dayColumn("arm"), dayColumn("warmup"), dayColumn("staleness_median_s")
    )
    while d.next() {
      guard d.int(dayCell) == cell else { continue }
      guard !d.equals(warmup, "1") else {
        warmupDays = max(warmupDays, try d.whole(dayColumn("day"), "day", in: RunRanges.day, file: days) + 1)
        continue
      }
      let arm = d.text(dayArm)
      var launched = 0
      for c in counts { launched += try d.whole(c, "launches", in: RunRanges.count, file: days) }
      perDay[arm, default: []].append(Double(launched))
      if let s = try d.number(stale, "staleness_median_s", in: RunRanges.seconds, file: days) {
        staleness[arm, default: []].append(s / 3600)
      }
    }
    var delays: [String: [Double]] = [:]
    var l = try CSVReader(path: launches)
    let (launchCell, launchArm, launchedAt, delay) = (
      launchColumn("cell"), launchColumn("arm"), launchColumn("launched_at_s"),
      launchColumn("delay_after_earliest_s")
    )
    while l.next() {
      guard l.int(launchCell) == cell, let at = l.milliseconds(launchedAt),
        !SummaryTables.inWarmup(milliseconds: at, warmupDays)
      else { continue }
      if let d = try l.number(delay, "delay_after_earliest_s", in: RunRanges.seconds, file: launches) {
        delays[l.text(launchArm), default: []].append(d / 3600)
      }
    }
    var html = "<h2>Distributions</h2>\n"
    html += cdfChart(
      "delay-cdf", "Delay after earliestBeginDate (CDF, log time axis)", delays,
      "delay after the earliest date",
      arms: arms)
    html += histogram(perDay, arms: arms, scales: scales)
    html += cdfChart(
      "staleness-cdf", "Staleness at app open (per owner-day median, CDF, log time axis)", staleness,
      "time since the last successful run", arms: arms)
    return html
  }

  /// The launches of each owner-day (after the warm-up) per arm, binned; cells side by
  /// side share the bins and the axis (`scales`).
  static func histogram(_ perDay: [String: [Double]], arms: [String], scales: SharedScales?) -> String {
    let ownTop = perDay.values.flatMap { $0 }.max() ?? 1
    // Side by side, the cells share their bins and their axis.
    let top = scales?.top("launches-histogram-x", ownTop) ?? ownTop
    let binCount = 20
    let binWidth = max(1, ceil((top + 1) / Double(binCount)))
    var hist: [String: [Double]] = [:]
    for arm in arms {
      var bins = [Double](repeating: 0, count: binCount)
      for v in perDay[arm] ?? [] { bins[min(binCount - 1, Int(v / binWidth))] += 1 }
      hist[arm] = bins
    }
    let ownMax = max(1, hist.values.flatMap { $0 }.max() ?? 1)
    let ymax = scales?.top("launches-histogram", ownMax) ?? ownMax
    var c = SVGChart(x: 0...(binWidth * Double(binCount)), y: 0...(ymax * 1.1))
    c.axes(
      xTitle: "launches per device-day", yTitle: "device-days",
      xTicks: ticks(0...(binWidth * Double(binCount))), yTicks: ticks(0...(ymax * 1.1)))
    let w = binWidth * 0.8 / Double(max(1, arms.count))
    for (ai, arm) in arms.enumerated() {
      for (i, n) in (hist[arm] ?? []).enumerated() where n > 0 {
        let x0 = Double(i) * binWidth + binWidth * 0.1 + w * Double(ai)
        c.rect(x0: x0, x1: x0 + w, y0: 0, y1: n, color: color(ai), title: "\(arm): \(Int(n))")
      }
    }
    c.legend(arms.enumerated().map { ($0.element, color($0.offset)) })
    return c.svg(id: "launches-histogram", title: "Launches per device-day")
  }
}
