import FileFormats
import Foundation
import Results

/// The sections of the HTML report.
enum ReportSections {
  static func color(_ i: Int) -> String { SVGChart.palette[i % SVGChart.palette.count] }
  /// The distinct values in first-seen order.
  static func unique(_ values: [String]) -> [String] {
    var seen = Set<String>()
    return values.filter { seen.insert($0).inserted }
  }

  static func num(_ s: String, _ digits: Int = 2) -> String {
    guard let v = Double(s) else { return s.isEmpty ? "–" : s }
    return Format.fixed(v, digits: digits)
  }

  /// A figure and its interval as the console prints them: `digits` decimals, more when an
  /// interval that leaves out 0 would print an end as 0 (``Format/intervalDigits(low:high:digits:most:)``).
  static func interval(_ mean: String, _ low: String, _ high: String, digits: Int = 2) -> String {
    let d = Format.intervalDigits(low: Double(low) ?? 0, high: Double(high) ?? 0, digits: digits)
    return "\(num(mean, d)) [\(num(low, d)), \(num(high, d))]"
  }

  /// A p-value as the page shows it: `p<0.001` below 0.001, else `p=` with 3 decimals.
  static func pText(_ s: String) -> String {
    guard let v = Double(s) else { return "p=\(num(s, 3))" }
    return v < 0.001 ? "p<0.001" : "p=\(num(s, 3))"
  }

  /// `Cell N (KEY = VALUE, …)`: a sweep cell named by its swept values, read from the
  /// swept keys' columns of a file with a `cell` column (the first row of that cell);
  /// without a sweep, the cell's number.
  static func cellName(_ cell: String, summary rows: [[String]]) -> String {
    guard let header = rows.first else { return "Cell \(cell)" }
    let keys = CSVSchema.summary.reading(header: header)?.sweptKeys ?? []
    guard !keys.isEmpty, let row = rows.dropFirst().first(where: { $0.first == cell }) else { return cell }
    let values = keys.indices.map { row.count > $0 + 1 ? row[$0 + 1] : "" }
    let label = CellName.labelled(Int(cell) ?? 0, keys: keys, values: values)
    return label.capitalizedFirst
  }

  // MARK: 1. Headline

  static func headline(summary: [[String]], hypotheses: [[String]], arms: [String]) -> String {
    let layout = CSVSchema.summary.reading(header: summary.first ?? []) ?? .summary
    func col(_ n: String) -> Int { layout.index(n) }
    var html = "<h2>Headline: \(arms.map(SVGChart.escape).joined(separator: " vs "))</h2>\n"
    let cells = Set(summary.dropFirst().map { $0[col("cell")] }).sorted { Int($0) ?? 0 < Int($1) ?? 0 }
    for cell in cells {
      if cells.count > 1 { html += "<h3>\(SVGChart.escape(cellName(cell, summary: summary)))</h3>\n" }
      html += "<table><tr><th>metric</th>"
      // Each arm and pair of arms (a cell's difference from a sweep's baseline is not a column).
      let groups = summary.dropFirst().filter {
        $0[col("cell")] == cell && $0[col("kind")] != "cell_difference"
      }
      let columns = unique(groups.map { $0[col("arm")] })
      html +=
        columns.map {
          "<th>\(SVGChart.escape($0.replacingOccurrences(of: " vs ", with: " − "))) [95% CI]</th>"
        }.joined() + "</tr>\n"
      let metrics = unique(groups.map { $0[col("metric")] })
      for m in metrics {
        // As on the console: launch- and open-level metrics show their median, labelled so.
        let name = MetricName(rawValue: m)
        let median = name?.isSummarisedByMedian ?? false
        html += "<tr><td>\(SVGChart.escape(m + (median ? " (median)" : "")))</td>"
        for a in columns {
          if median,
            let r = groups.first(where: {
              $0[col("arm")] == a && $0[col("metric")] == m && $0[col("kind")] == "arm"
            })
          {
            html +=
              "<td>\(num(r[col("median")], 0)) [\(num(r[col("median_ci95_low")], 0)), \(num(r[col("median_ci95_high")], 0))]</td>"
          } else if let r = groups.first(where: { $0[col("arm")] == a && $0[col("metric")] == m }) {
            let p =
              r.count > col("p_value") && !r[col("p_value")].isEmpty ? " " + pText(r[col("p_value")]) : ""
            html += "<td>\(interval(r[col("mean")], r[col("ci95_low")], r[col("ci95_high")]))\(p)</td>"
          } else {
            html += "<td>–</td>"
          }
        }
        html += "</tr>\n"
      }
      html += "</table>\n"
    }
    if hypotheses.count > 1 {
      html +=
        "<table><tr><th>hypothesis</th><th>cell</th><th>estimate [CI]</th><th>p (Holm-adjusted over cells)</th><th>verdict</th></tr>\n"
      let columns = CSVSchema.hypotheses.reading(header: hypotheses[0]) ?? .hypotheses
      let column = columns.index
      let (cell, text, estimate) = (column("cell"), column("hypothesis"), column("estimate"))
      let (low, high, p, result) = (
        column("ci_low"), column("ci_high"), column("p_value_holm"), column("result")
      )
      for h in hypotheses.dropFirst() where h.count >= columns.columns.count {
        let cls = h[result] == "PASS" ? "pass" : h[result] == "FAIL" ? "fail" : "inconclusive"
        html +=
          "<tr><td>\(SVGChart.escape(h[text]))</td><td>\(SVGChart.escape(cellName(h[cell], summary: summary)))</td><td>\(interval(h[estimate], h[low], h[high], digits: 3))</td><td>\(h[p].isEmpty ? "–" : pText(h[p]))</td><td class=\"\(cls)\">\(SVGChart.escape(h[result]))</td></tr>\n"
      }
      html += "</table>\n"
    }
    return html
  }

  /// About five round ticks over a range.
  static func ticks(
    _ r: ClosedRange<Double>,
    format: (Double) -> String = { $0 == $0.rounded() ? String(Int($0)) : String(format: "%.2g", $0) }
  )
    -> [(Double, String)]
  {
    let span = r.upperBound - r.lowerBound
    guard span > 0 else { return [] }
    let raw = span / 5
    let mag = pow(10, floor(log10(raw)))
    let step = [1.0, 2, 5, 10].map { $0 * mag }.first { $0 >= raw } ?? raw
    var out: [(Double, String)] = []
    var v = ceil(r.lowerBound / step) * step
    while v <= r.upperBound + 1e-9 {
      out.append((v, format(v)))
      v += step
    }
    return out
  }

  // MARK: 6. Provenance

  static func provenance(_ m: RunManifest) -> String {
    var html = "<h2>Provenance</h2>\n<table>\n"
    let dirty = m.gitDirty.map { $0 ? "yes: uncommitted changes" : "no" }
    let fields: [(String, String?)] = [
      ("name", m.name), ("bgsim_version", m.bgsimVersion), ("git_commit", m.gitCommit), ("git_dirty", dirty),
      ("seed", m.seed.map { "\($0)" }), ("days", m.days.map { "\($0)" }),
      ("devices", m.devices.map { "\($0)" }),
      ("replications", m.replications.map { "\($0)" }), ("start", m.start),
      ("wall_time_s", m.wallTimeSeconds.map { "\($0)" }),
    ]
    for case (let key, let text?) in fields {
      html += "<tr><th>\(key)</th><td>\(SVGChart.escape(text))</td></tr>\n"
    }
    if let cl = m.commandLine {
      html += "<tr><th>command_line</th><td>\(SVGChart.escape(cl.joined(separator: " ")))</td></tr>\n"
    }
    html += "</table>\n"
    if let config = m.configuration { html += "<pre>\(SVGChart.escape(config))</pre>\n" }
    return html
  }
}
