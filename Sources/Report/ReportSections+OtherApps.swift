import FileFormats
import Foundation
import Results

/// The report's other apps, from `other_app_summary.csv` (written when an experiment
/// puts other apps on the phones).
extension ReportSections {
  /// The figures of one other app, per arm or pair of arms: launches and energy a day
  /// (mean, 95 % interval, and for a pair its p-value).
  struct OtherAppFigures {
    var launches: [String: (Double, Double, Double, String)] = [:]
    var energy: [String: (Double, Double, Double, String)] = [:]
  }

  /// Each app's figures in `cell`, by app (a damaged number in any row is refused in one
  /// line naming the file and the line).
  static func otherAppFigures(_ rows: [[String]], file: String, cell: Int) throws(UserError) -> [String:
    OtherAppFigures]
  {
    let layout = CSVSchema.otherAppSummary.reading(header: rows.first ?? []) ?? .otherAppSummary
    let col = layout.index
    var out: [String: OtherAppFigures] = [:]
    // Every row is checked, whichever cell and metric the page shows.
    for (i, r) in rows.enumerated().dropFirst() {
      var values: [Double] = []
      for name in ["mean", "ci95_low", "ci95_high"] {
        guard let v = Double(r[col(name)]), v.isFinite, abs(v) <= 1e9 else {
          throw UserError(
            "\(file) line \(i + 1): \(name) '\(r[col(name)])' is not a number in range; the file is damaged, run the experiment again"
          )
        }
        values.append(v)
      }
      let metric = r[col("metric")]
      guard r[col("cell")] == String(cell),
        metric == MetricName.launchesPerDay.rawValue || metric == MetricName.batteryEnergyPerDay.rawValue
      else { continue }
      let figure = (values[0], values[1], values[2], r[col("p_value")])
      let key = r[col("arm")]
      if metric == MetricName.launchesPerDay.rawValue {
        out[r[col("app")], default: OtherAppFigures()].launches[key] = figure
      } else {
        out[r[col("app")], default: OtherAppFigures()].energy[key] = figure
      }
    }
    return out
  }

  static func otherApps(_ rows: [[String]], file: String, arms: [String], cell: Int) throws(UserError)
    -> String
  {
    let figures = try otherAppFigures(rows, file: file, cell: cell)
    var html =
      "<h2>Other apps</h2>\n<p>Each other app's launches and battery energy a day, the mean over owners with its 95 % interval, per arm; then what the app under study's strategy did to them: each owner's paired difference between the arms, with its interval and p-value. The battery energy (<code>battery_energy_per_day_mwh</code>) counts only runs that started off the charger, so an app whose work runs on the charger, such as Apple's nightly maintenance, shows 0 mWh, not free work: <code>energy_per_day_mwh</code> in <code>other_app_summary.csv</code> is the energy all its runs used, with the same meaning as the app under study's in <code>summary.csv</code>. Whether a run on the charger also draws the scheduler's energy budget is <code>scheduler.budgets.charging_runs_draw_energy: false</code>. <code>suspended_per_day</code> in <code>other_app_summary.csv</code> counts runs the scheduler cut short to make room in a full group (dasd's fair share); 0 means no group filled.</p>\n"
    guard !figures.isEmpty else { return html + "<p>No other app ran in this cell.</p>\n" }
    let pairs = unique(figures.values.flatMap { $0.launches.keys }.filter { !arms.contains($0) }).sorted()
    func cellText(_ f: (Double, Double, Double, String)?, _ digits: Int) -> String {
      guard let f else { return "–" }
      let p = f.3.isEmpty ? "" : " " + pText(f.3)
      let d = Format.intervalDigits(low: f.1, high: f.2, digits: digits)
      return
        "\(Format.fixed(f.0, digits: d)) [\(Format.fixed(f.1, digits: d)), \(Format.fixed(f.2, digits: d))]\(p)"
    }
    html += "<figure><figcaption>Other apps, a day</figcaption>\n<table><tr><th>app</th><th>archetype</th>"
    for a in arms { html += "<th>\(SVGChart.escape(a)): launches</th><th>\(SVGChart.escape(a)): mWh</th>" }
    for p in pairs {
      let name = SVGChart.escape(p.replacingOccurrences(of: " vs ", with: " − "))
      html += "<th>\(name): launches</th><th>\(name): mWh</th>"
    }
    html += "</tr>\n"
    let order = figures.keys.sorted {
      if ($0 == OtherAppSummary.allApps) != ($1 == OtherAppSummary.allApps) {
        return $0 == OtherAppSummary.allApps
      }
      return (figures[$0]?.launches[arms.first ?? ""]?.0 ?? 0, $1)
        > (figures[$1]?.launches[arms.first ?? ""]?.0 ?? 0, $0)
    }
    for app in order {
      let f = figures[app]!
      let total = app == OtherAppSummary.allApps
      html +=
        total
        ? "<tr><td>all other apps (total)</td><td>–</td>"
        : "<tr><td>\(SVGChart.escape(app))</td><td>\(SVGChart.escape(otherAppGroup(app)))</td>"
      for key in arms + pairs {
        html += "<td>\(cellText(f.launches[key], 2))</td><td>\(cellText(f.energy[key], 1))</td>"
      }
      html += "</tr>\n"
    }
    return html + "</table></figure>\n"
  }
}
