import FileFormats
import Foundation
import Results

/// The report's sweep charts.
extension ReportSections {
  // MARK: 5. Sweep

  static func sweep(summary: [[String]], cells: [RunManifest.Cell], arms: [String]) -> String {
    let layout = CSVSchema.summary.reading(header: summary.first ?? []) ?? .summary
    func col(_ n: String) -> Int { layout.index(n) }
    var html = "<h2>Sweep</h2>\n"
    let keys = cells.first.map { $0.overrides.map(\.path).sorted() } ?? []
    for (ki, key) in keys.enumerated() {
      // arm: (x, mean, low, high, the cell's values of the other keys)
      var points: [String: [(Double, Double, Double, Double, String)]] = [:]
      for cell in cells {
        let index = cell.cell
        guard let x = cell.value(of: key).flatMap(Double.init) else { continue }
        let others = cell.overrides.filter { $0.path != key }.sorted { $0.path < $1.path }
          .map { "\($0.path)=\($0.value)" }.joined(separator: ",")
        for r in summary.dropFirst()
        where r[col("cell")] == String(index) && r[col("kind")] == "arm"
          && r[col("metric")] == "launches_per_device_day"
        {
          points[r[col("arm")], default: []].append(
            (
              x, Double(r[col("mean")]) ?? 0, Double(r[col("ci95_low")]) ?? 0,
              Double(r[col("ci95_high")]) ?? 0,
              others
            ))
        }
      }
      let xs = points.values.flatMap { $0.map(\.0) }
      let ys = points.values.flatMap { $0.flatMap { [$0.2, $0.3] } }.filter(\.isFinite)
      guard let x0 = xs.min(), let x1 = xs.max(), let y1 = ys.max() else {
        html += "<p>\(SVGChart.escape(key)) is not numeric; see the table above for each cell.</p>\n"
        continue
      }
      var c = SVGChart(x: x0...max(x1, x0 + 1e-9), y: 0...(y1 * 1.1))
      c.axes(
        xTitle: key, yTitle: "launches per device-day", xTicks: ticks(x0...max(x1, x0 + 1e-9)),
        yTicks: ticks(0...(y1 * 1.1)))
      // Each cell a point with its 95 % interval. With at least `smootherPoints` cells per
      // arm a kernel smoother runs through them (the cells of a Sobol sweep, or of a grid
      // over several keys, differ in the other keys too, so a line joining them would
      // zig-zag); with fewer, a smoother would draw shapes no cell shows, so the points are
      // joined by straight lines, per value of the other keys.
      let span = max(x1 - x0, 1e-9)
      let smoothed = arms.allSatisfy { (points[$0] ?? []).count >= smootherPoints }
      for (ai, arm) in arms.enumerated() {
        let p = (points[arm] ?? []).sorted { $0.0 < $1.0 }
        for (x, mean, low, high, _) in p {
          c.rect(
            x0: x - span * 0.002, x1: x + span * 0.002, y0: low, y1: high, color: color(ai), title: "95% CI")
          c.rect(
            x0: x - span * 0.006, x1: x + span * 0.006, y0: mean - y1 * 0.006, y1: mean + y1 * 0.006,
            color: color(ai), title: "\(arm): \(String(format: "%.2f", mean)) at \(String(format: "%g", x))")
        }
        if smoothed {
          c.polyline(smoother(p.map { ($0.0, $0.1) }, from: x0, to: x1), color: color(ai))
        } else {
          for others in unique(p.map(\.4)) {
            c.polyline(p.filter { $0.4 == others }.map { ($0.0, $0.1) }, color: color(ai), width: 1.5)
          }
        }
      }
      c.legend(arms.enumerated().map { ($0.element, color($0.offset)) })
      html += c.svg(
        id: "sweep-\(ki)",
        title: "Launches per device-day against \(key): each cell's mean and 95% CI, "
          + (smoothed ? "and a smoother" : "joined by lines"))
    }
    html += baselineDifferences(summary: summary, arms: arms)
    return html
  }

  /// When the sweep names a baseline cell: each other cell's paired difference from it in
  /// launches per device-day, per arm, with its 95 % interval (`cell_difference` rows of
  /// `summary.csv`), the cells named by their swept values, and 0 marked.
  static func baselineDifferences(summary: [[String]], arms: [String]) -> String {
    let layout = CSVSchema.summary.reading(header: summary.first ?? []) ?? .summary
    func col(_ n: String) -> Int { layout.index(n) }
    let rows = summary.dropFirst().filter {
      $0[col("kind")] == "cell_difference" && $0[col("metric")] == "launches_per_device_day"
    }
    let cells = unique(rows.map { $0[col("cell")] })
    guard !cells.isEmpty else { return "" }
    let values = rows.flatMap { [Double($0[col("ci95_low")]), Double($0[col("ci95_high")])] }.compactMap {
      $0
    }
    .filter(\.isFinite)
    let (lo, hi) = (min(0, values.min() ?? 0), max(0, values.max() ?? 0))
    let pad = max(1e-9, (hi - lo) * 0.1)
    let y = (lo - pad)...(hi + pad)
    let n = Double(cells.count)
    var c = SVGChart(height: 240 + 16 * Double(arms.count), x: 0...n, y: y)
    let names = cells.map { cellName($0, summary: summary) }
    c.axes(
      xTitle: "cell", yTitle: "difference from the baseline [launches/day]",
      xTicks: cells.indices.map { (Double($0) + 0.5, "cell \(cells[$0])") }, yTicks: ticks(y))
    c.polyline([(0, 0), (n, 0)], color: "#555555", width: 1)
    let w = 0.6 / Double(max(1, arms.count))
    for (ai, arm) in arms.enumerated() {
      for (i, cell) in cells.enumerated() {
        guard let r = rows.first(where: { $0[col("cell")] == cell && $0[col("arm")] == arm }),
          let mean = Double(r[col("mean")]), let low = Double(r[col("ci95_low")]),
          let high = Double(r[col("ci95_high")])
        else { continue }
        let x = Double(i) + 0.2 + w * (Double(ai) + 0.5)
        c.rect(x0: x - 0.004 * n, x1: x + 0.004 * n, y0: low, y1: high, color: color(ai), title: "95% CI")
        c.rect(
          x0: x - 0.012 * n, x1: x + 0.012 * n, y0: mean - (hi - lo) * 0.01, y1: mean + (hi - lo) * 0.01,
          color: color(ai),
          title:
            "\(arm), \(names[i]): \(Format.fixed(mean, digits: 3)) [\(Format.fixed(low, digits: 3)), \(Format.fixed(high, digits: 3))]"
        )
      }
    }
    c.legend(arms.enumerated().map { ($0.element, color($0.offset)) } + [("no difference", "#555555")])
    let key = names.map { SVGChart.escape($0) }.joined(separator: "; ")
    // The baseline: the one cell that has no difference from itself.
    let all = unique(summary.dropFirst().filter { $0[col("kind")] == "arm" }.map { $0[col("cell")] })
    let baseline = all.filter { !cells.contains($0) }
    let named =
      baseline.count == 1 ? cellName(baseline[0], summary: summary).lowercasedFirst : "the baseline cell"
    return c.svg(
      id: "sweep-baseline",
      title:
        "Each cell against the baseline, \(named): each owner's difference in launches per device-day, mean and 95% CI"
    )
      + "<p class=\"legend\">\(key)</p>\n"
  }

  /// The fewest cells per arm a sweep chart draws a smoother through.
  static let smootherPoints = 8

  /// A Nadaraya–Watson smoother (Gaussian kernel, bandwidth an eighth of the range) at
  /// 40 points from `x0` to `x1`.
  static func smoother(_ points: [(Double, Double)], from x0: Double, to x1: Double) -> [(Double, Double)] {
    guard points.count > 1, x1 > x0 else { return points }
    let bandwidth = (x1 - x0) / 8
    return (0...40).map { i in
      let x = x0 + (x1 - x0) * Double(i) / 40
      var (sum, weight) = (0.0, 0.0)
      for (px, py) in points where py.isFinite {
        let w = exp(-0.5 * ((px - x) / bandwidth) * ((px - x) / bandwidth))
        sum += w * py
        weight += w
      }
      return (x, weight > 0 ? sum / weight : .nan)
    }.filter { $0.1.isFinite }
  }
}
