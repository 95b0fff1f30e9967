import FileFormats
import Foundation
import Results

/// `bgsim report DIR` on the output of `bgsim fit`: each parameter's prior against its
/// posterior, and the observed figures against those simulated on the fitted values, on
/// one self-contained page (inline SVG, no scripts).
enum FitReport {
  /// Whether `directory` holds a fit's output.
  static func isFit(_ directory: String) -> Bool {
    FileManager.default.fileExists(
      atPath: URL(fileURLWithPath: directory).appendingPathComponent("fit_summary.csv").path)
  }

  static func render(directory: String) throws(UserError) -> String {
    let dir = URL(fileURLWithPath: directory)
    func file(_ name: String) -> String { dir.appendingPathComponent(name).path }
    let summary = try HTMLReport.rows(file(CSVSchema.fitSummary.file))
    let draws = try HTMLReport.rows(file("draws.csv"))
    guard let head = draws.first, let kept = head.firstIndex(of: "kept"), summary.count >= 2,
      summary[0] == CSVSchema.fitSummary.columns,
      let distance = head.firstIndex(of: "distance"), distance >= 2
    else { throw UserError("\(directory): draws.csv or fit_summary.csv is damaged; run the fit again") }
    var sections = [headline(summary)]
    for j in 1..<distance {
      let all = draws.dropFirst().compactMap { $0.count == head.count ? Double($0[j]) : nil }
      let chosen = draws.dropFirst().compactMap {
        $0.count == head.count && $0[kept] == "1" ? Double($0[j]) : nil
      }
      sections.append(priorAgainstPosterior(name: head[j], index: j - 1, prior: all, posterior: chosen))
    }
    if FileManager.default.fileExists(atPath: file("scorecard.csv")) {
      sections.append(bands(try HTMLReport.rows(file("scorecard.csv"))))
    } else if FileManager.default.fileExists(atPath: file("log_figures.csv")) {
      sections.append(logFigures(try HTMLReport.rows(file(CSVSchema.logFigures.file))))
    }
    let name = dir.lastPathComponent
    return """
      <!DOCTYPE html>
      <html lang="en"><head><meta charset="utf-8"><title>bgsim fit: \(SVGChart.escape(name))</title>
      <style>body{font-family:sans-serif;max-width:960px;margin:24px auto;padding:0 12px;color:#222}
      h1{font-size:22px}h2{font-size:18px;margin-top:32px;border-bottom:1px solid #ccc}
      table{border-collapse:collapse;font-size:13px;margin:8px 0}td,th{border:1px solid #ccc;padding:3px 6px;text-align:right}
      th{background:#f4f4f4}td:first-child,th:first-child{text-align:left}figure{margin:12px 0}
      figcaption{font-size:13px;font-weight:bold;margin-bottom:4px}.legend{font-size:12px;margin:2px 0}svg{max-width:100%;height:auto}</style></head><body>
      <h1>bgsim fit: \(SVGChart.escape(name))</h1>
      \(sections.joined(separator: "\n"))
      </body></html>

      """
  }

  /// Each parameter's prior and posterior median with 90 % intervals, and the shrinkage.
  static func headline(_ rows: [[String]]) -> String {
    var html =
      "<h2>Parameters</h2>\n<table><tr><th>parameter</th><th>prior</th><th>prior median [90 %]</th>"
      + "<th>posterior median [90 %]</th><th>shrinkage</th></tr>\n"
    let c = CSVSchema.fitSummary.index
    for r in rows.dropFirst() where r.count == CSVSchema.fitSummary.columns.count {
      let e = { (name: String) in SVGChart.escape(r[c(name)]) }
      html +=
        "<tr><td>\(e("parameter"))</td><td>\(e("prior"))</td>"
        + "<td>\(e("prior_median")) [\(e("prior_low90")), \(e("prior_high90"))]</td>"
        + "<td>\(e("posterior_median")) [\(e("posterior_low90")), \(e("posterior_high90"))]</td>"
        + "<td>\(e("shrinkage"))</td></tr>\n"
    }
    return html + "</table>\n"
  }

  /// Histograms, as densities, of every draw (the prior, as the Sobol points cover it)
  /// and of the kept draws (the posterior).
  static func priorAgainstPosterior(name: String, index: Int, prior: [Double], posterior: [Double]) -> String
  {
    guard let low = prior.min(), let high = prior.max(), high > low, !posterior.isEmpty else {
      return "<p>\(SVGChart.escape(name)): no spread to draw.</p>\n"
    }
    let bins = 20
    let width = (high - low) / Double(bins)
    func density(_ xs: [Double]) -> [Double] {
      var counts = [Double](repeating: 0, count: bins)
      for x in xs { counts[min(bins - 1, max(0, Int((x - low) / width)))] += 1 }
      return counts.map { $0 / (Double(xs.count) * width) }
    }
    let (p, q) = (density(prior), density(posterior))
    let top = max(p.max() ?? 1, q.max() ?? 1) * 1.1
    var chart = SVGChart(height: 220, x: low...high, y: 0...top)
    let (priorColour, posteriorColour) = (SVGChart.palette[5], SVGChart.palette[1])
    for k in 0..<bins {
      let x0 = low + Double(k) * width
      chart.rect(x0: x0, x1: x0 + width, y0: 0, y1: p[k], color: priorColour, title: "prior \(p[k])")
      chart.rect(
        x0: x0 + width * 0.25, x1: x0 + width * 0.75, y0: 0, y1: q[k], color: posteriorColour,
        title: "posterior \(q[k])")
    }
    // The last tick would be cut at the plot's right edge.
    let ticks = (0...3).map { i -> (Double, String) in
      let v = low + Double(i) * (high - low) / 4
      return (v, Format.compact(v))
    }
    chart.axes(xTitle: name, yTitle: "density", xTicks: ticks, yTicks: [(0, "0")])
    chart.legend([
      ("prior (all \(prior.count) draws)", priorColour),
      ("posterior (\(posterior.count) kept)", posteriorColour),
    ])
    return chart.svg(id: "prior-posterior-\(index)", title: "\(name): prior against posterior")
  }

  /// Each validation case's figure on the fitted values, in band half-widths from its
  /// band's centre: the band is −1…1.
  static func bands(_ rows: [[String]]) -> String {
    guard let head = rows.first, let id = head.firstIndex(of: "case"),
      let low = head.firstIndex(of: "band_low"),
      let high = head.firstIndex(of: "band_high"), let sim = head.firstIndex(of: "simulated")
    else { return "" }
    var points: [(String, Double)] = []
    for r in rows.dropFirst() where r.count == head.count {
      guard let l = Double(r[low]), let h = Double(r[high]), let f = Double(r[sim]) else { continue }
      let centre = (l + h) / 2
      let half = h > l ? (h - l) / 2 : max(abs(centre) / 10, 1e-6)
      points.append((r[id], min(5, max(-5, (f - centre) / half))))
    }
    guard !points.isEmpty else { return "" }
    var chart = SVGChart(height: 260, x: 0...Double(points.count), y: -5...5)
    let (inColour, outColour, bandColour) = (SVGChart.palette[2], SVGChart.palette[3], "#cccccc")
    chart.rect(x0: 0, x1: Double(points.count), y0: -1, y1: 1, color: bandColour, title: "the reported band")
    for (i, (name, z)) in points.enumerated() {
      let inBand = abs(z) <= 1
      chart.rect(
        x0: Double(i) + 0.2, x1: Double(i) + 0.8, y0: 0, y1: z == 0 ? 0.02 : z,
        color: inBand ? inColour : outColour, title: "\(name): \(Format.compact(z)) half-widths")
    }
    // At most 18 cases are named on the axis (all in the bars' titles): more overlap or
    // are cut short.
    let stride = max(1, (points.count + 17) / 18)
    let named = stride == 1 ? "" : stride == 2 ? " (every other one named)" : " (one in \(stride) named)"
    chart.axes(
      xTitle: "validation case" + named, yTitle: "half-widths from centre",
      xTicks: points.enumerated().filter { $0.offset % stride == 0 }.map {
        (Double($0.offset) + 0.5, $0.element.0)
      },
      yTicks: [(-5, "−5"), (-1, "−1"), (0, "0"), (1, "1"), (5, "5")])
    // An entry only for a colour drawn: with every case in band, no "outside" entry.
    var entries = [("the reported band", bandColour)]
    if points.contains(where: { abs($0.1) <= 1 }) { entries.append(("in band", inColour)) }
    if points.contains(where: { abs($0.1) > 1 }) { entries.append(("outside its band", outColour)) }
    chart.legend(entries)
    return "<h2>The cases on the fitted values</h2>\n"
      + chart.svg(id: "fitted-cases", title: "Each case's simulated figure against its reported band")
  }

  /// The log's figures simulated on the fitted values, over the observed ones.
  static func logFigures(_ rows: [[String]]) -> String {
    var points: [(String, Double)] = []
    let c = CSVSchema.logFigures.index
    for r in rows.dropFirst() where r.count == CSVSchema.logFigures.columns.count {
      guard let o = Double(r[c("observed")]), let f = Double(r[c("fitted")]), o != 0 else { continue }
      points.append((r[c("figure")], f / o))
    }
    guard !points.isEmpty else { return "" }
    let top = max(2, (points.map(\.1).max() ?? 1) * 1.1)
    var chart = SVGChart(height: 260, x: 0...Double(points.count), y: 0...top)
    let colour = SVGChart.palette[0]
    for (i, (name, ratio)) in points.enumerated() {
      chart.rect(
        x0: Double(i) + 0.2, x1: Double(i) + 0.8, y0: 0, y1: ratio, color: colour,
        title: "\(name): \(Format.compact(ratio)) × observed")
    }
    chart.polyline([(0, 1), (Double(points.count), 1)], color: "#000000", width: 1)
    chart.axes(
      xTitle: "figure", yTitle: "simulated ÷ observed",
      xTicks: points.enumerated().map { (Double($0.offset) + 0.5, $0.element.0) },
      yTicks: [(0, "0"), (1, "1"), (2, "2")])
    chart.legend([("simulated ÷ observed", colour), ("equal (1)", "#000000")])
    return "<h2>The log on the fitted values</h2>\n"
      + chart.svg(
        id: "fitted-log", title: "The log's figures simulated on the fitted values, over the observed")
  }
}
