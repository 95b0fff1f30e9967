import DeviceModel
import Foundation
import Randomness
import SimKernel

/// The sections of the HTML report.
enum ReportSections {
  static func color(_ i: Int) -> String { SVGChart.palette[i % SVGChart.palette.count] }
  static let outcomeColors = [
    "completed": "#009E73", "failed": "#E69F00", "expired": "#D55E00", "killed": "#000000",
    "running": "#56B4E9",
  ]

  /// The distinct values in first-seen order.
  static func unique(_ values: [String]) -> [String] {
    var seen = Set<String>()
    return values.filter { seen.insert($0).inserted }
  }

  static func num(_ s: String, _ digits: Int = 2) -> String {
    guard let v = Double(s) else { return s.isEmpty ? "–" : s }
    return String(format: "%.\(digits)f", v)
  }

  /// A p-value as the page shows it: `p<0.001` below 0.001, else `p=` with 3 decimals.
  static func pText(_ s: String) -> String {
    guard let v = Double(s) else { return "p=\(num(s, 3))" }
    return v < 0.001 ? "p<0.001" : "p=\(num(s, 3))"
  }

  // MARK: 1. Headline

  static func headline(summary: [[String]], hypotheses: [[String]], arms: [String]) -> String {
    let header = summary.first ?? []
    func col(_ n: String) -> Int { header.firstIndex(of: n) ?? 0 }
    var html = "<h2>Headline: \(arms.map(SVGChart.escape).joined(separator: " vs "))</h2>\n"
    let cells = Set(summary.dropFirst().map { $0[col("cell")] }).sorted { Int($0) ?? 0 < Int($1) ?? 0 }
    for cell in cells {
      if cells.count > 1 { html += "<h3>Cell \(cell)</h3>\n" }
      html += "<table><tr><th>metric</th>"
      let groups = summary.dropFirst().filter { $0[col("cell")] == cell }
      let columns = unique(groups.map { $0[col("arm")] })
      html +=
        columns.map {
          "<th>\(SVGChart.escape($0.replacingOccurrences(of: " vs ", with: " − "))) mean [95% CI]</th>"
        }.joined() + "</tr>\n"
      let metrics = unique(groups.map { $0[col("metric")] })
      for m in metrics {
        html += "<tr><td>\(SVGChart.escape(m))</td>"
        for a in columns {
          if let r = groups.first(where: { $0[col("arm")] == a && $0[col("metric")] == m }) {
            let p =
              r.count > col("p_value") && !r[col("p_value")].isEmpty ? " " + pText(r[col("p_value")]) : ""
            html +=
              "<td>\(num(r[col("mean")])) [\(num(r[col("ci95_low")])), \(num(r[col("ci95_high")]))]\(p)</td>"
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
        "<table><tr><th>hypothesis</th><th>cell</th><th>estimate [95% CI]</th><th>p</th><th>verdict</th></tr>\n"
      let column = CSVSchema.hypotheses.index
      let (cell, text, estimate) = (column("cell"), column("hypothesis"), column("estimate"))
      let (low, high, p, result) = (
        column("ci95_low"), column("ci95_high"), column("p_value"), column("result")
      )
      for h in hypotheses.dropFirst() where h.count == CSVSchema.hypotheses.columns.count {
        let cls = h[result] == "PASS" ? "pass" : "fail"
        html +=
          "<tr><td>\(SVGChart.escape(h[text]))</td><td>\(h[cell])</td><td>\(num(h[estimate], 3)) [\(num(h[low], 3)), \(num(h[high], 3))]</td><td>\(h[p].isEmpty ? "–" : pText(h[p]))</td><td class=\"\(cls)\">\(h[result])</td></tr>\n"
      }
      html += "</table>\n"
    }
    return html
  }

  // MARK: 2. A day in the life

  static func dayInTheLife(_ path: String, arms: [String], start: String?) throws(UserError) -> String {
    var reader = try CSVReader(path: path)
    struct Row {
      var arm: String, device: Int, day: Int, t: Double, source: String, event: String, task: String,
        value: String,
        battery: Double?
    }
    var rows: [Row] = []
    let column = CSVSchema.timelines.index
    let (arm, device, day, time) = (column("arm"), column("device"), column("day"), column("time_s"))
    let (source, event, task) = (column("source"), column("event"), column("task_id"))
    let (value, battery) = (column("value"), column("battery_pct"))
    while reader.next() {
      rows.append(
        Row(
          arm: reader.text(arm), device: reader.int(device), day: reader.int(day),
          t: reader.double(time) ?? 0,
          source: reader.text(source), event: reader.text(event), task: reader.text(task),
          value: reader.text(value),
          battery: reader.double(battery)))
    }
    var html =
      "<h2>A day in the life</h2>\n<p>Each lane shows one owner's day: when the screen was on and the app open, the charger and the battery level, the network, Low Power Mode, and for each arm the task runs (coloured by outcome) and submissions (ticks).</p>\n"
    let owners = Array(Set(rows.map { "\($0.device)|\($0.day)" })).sorted()
    for (n, key) in owners.enumerated() {
      let parts = key.split(separator: "|").compactMap { Int($0) }
      let (device, day) = (parts[0], parts[1])
      let dayStart = Double(day) * 86_400
      let lanes = ["screen / app", "charger", "battery %", "network", "Low Power"] + arms
      let laneHeight = 22.0
      var c = SVGChart(
        width: 800, height: 44 + 40 + laneHeight * Double(lanes.count), left: 120, x: 0...24,
        y: 0...Double(lanes.count))
      c.axes(
        xTitle: "hour of day [h]", yTitle: "",
        xTicks: stride(from: 0.0, through: 24, by: 3).map { ($0, String(Int($0))) },
        yTicks: [])
      for (i, lane) in lanes.enumerated() {
        c.text(lane, x: c.left - 4, y: c.y(Double(lanes.count - i) - 0.5) + 4, anchor: "end", size: 10)
      }
      func laneY(_ i: Int) -> (Double, Double) {
        (Double(lanes.count - i - 1) + 0.15, Double(lanes.count - i) - 0.15)
      }
      let deviceRows = rows.filter {
        $0.device == device && $0.day == day && $0.arm == (arms.first ?? $0.arm)
      }
      func h(_ t: Double) -> Double { min(24, max(0, (t - dayStart) / 3600)) }
      // Intervals of a two-state signal from on/off events; the state before the first
      // event is inferred from it.
      func intervals(on: Set<String>, off: Set<String>, among: [Row]) -> [(Double, Double)] {
        var out: [(Double, Double)] = []
        var since: Double? = among.first(where: { on.contains($0.event) || off.contains($0.event) }).flatMap {
          off.contains($0.event) ? dayStart : nil
        }
        for r in among {
          if on.contains(r.event), since == nil { since = r.t }
          if off.contains(r.event), let s = since {
            out.append((s, r.t))
            since = nil
          }
        }
        if let s = since { out.append((s, dayStart + 86_400)) }
        return out
      }
      let (s0, s1) = laneY(0)
      for (a, b) in intervals(on: ["screen_on"], off: ["screen_off"], among: deviceRows) {
        c.rect(x0: h(a), x1: h(b), y0: s0, y1: s1, color: "#999999", title: "screen on")
      }
      for (a, b) in intervals(on: ["app_opened"], off: ["app_closed"], among: deviceRows) {
        c.rect(x0: h(a), x1: h(b), y0: s0, y1: s1, color: SVGChart.palette[4], title: "app open")
      }
      let (c0, c1) = laneY(1)
      for (a, b) in intervals(on: ["plugged"], off: ["unplugged"], among: deviceRows) {
        c.rect(x0: h(a), x1: h(b), y0: c0, y1: c1, color: SVGChart.palette[2], title: "on the charger")
      }
      let (b0, b1) = laneY(2)
      let battery = deviceRows.compactMap { r in r.battery.map { (h(r.t), b0 + (b1 - b0) * $0 / 100) } }
      c.polyline(battery, color: SVGChart.palette[0], width: 1.5)
      let (n0, n1) = laneY(3)
      let networkRows = deviceRows.filter { $0.event == "network" }
      var last: (Double, String)? = networkRows.first.map { (dayStart, $0.value) }
      let networkColors = ["wifi": SVGChart.palette[5], "cellular": SVGChart.palette[1], "none": "#000000"]
      for r in networkRows {
        if let (t, kind) = last, r.t > t {
          c.rect(x0: h(t), x1: h(r.t), y0: n0, y1: n1, color: networkColors[kind] ?? "#ccc", title: kind)
        }
        last = (r.t, r.value)
      }
      if let (t, kind) = last {
        c.rect(x0: h(t), x1: 24, y0: n0, y1: n1, color: networkColors[kind] ?? "#ccc", title: kind)
      }
      let (l0, l1) = laneY(4)
      let lowPower = deviceRows.filter { $0.event == "low_power_mode" }
      var lpSince: Double?
      for r in lowPower {
        if r.value == "on" {
          lpSince = r.t
        } else if r.value == "off" {
          c.rect(
            x0: h(lpSince ?? dayStart), x1: h(r.t), y0: l0, y1: l1, color: SVGChart.palette[3],
            title: "Low Power Mode")
          lpSince = nil
        }
      }
      if let s = lpSince {
        c.rect(x0: h(s), x1: 24, y0: l0, y1: l1, color: SVGChart.palette[3], title: "Low Power Mode")
      }
      for (ai, arm) in arms.enumerated() {
        let (y0, y1) = laneY(5 + ai)
        let armRows = rows.filter {
          $0.device == device && $0.day == day && $0.arm == arm && $0.source == "app"
        }
        var started: [String: Double] = [:]
        for r in armRows {
          switch r.event {
          case "submit":
            c.rect(
              x0: h(r.t), x1: h(r.t) + 0.02, y0: y0, y1: y0 + (y1 - y0) * 0.3, color: "#555555",
              title: "submit \(r.task)")
          case "launch": started[r.task] = r.t
          case "complete", "kill":
            if let s = started.removeValue(forKey: r.task) {
              let outcome =
                r.event == "kill"
                ? "killed"
                : (r.value == "success" ? "completed" : r.value.contains("expired") ? "expired" : "failed")
              c.rect(
                x0: h(s), x1: max(h(r.t), h(s) + 0.05), y0: y0 + (y1 - y0) * 0.35, y1: y1,
                color: outcomeColors[outcome] ?? "#888", title: "\(r.task): \(outcome)")
            }
          default: break
          }
        }
      }
      c.legend([
        ("screen", "#999999"), ("app", SVGChart.palette[4]), ("charger", SVGChart.palette[2]),
        ("Wi-Fi", SVGChart.palette[5]), ("cellular", SVGChart.palette[1]), ("completed", "#009E73"),
        ("expired", "#D55E00"), ("killed", "#000000"),
      ])
      let date =
        start.flatMap { CivilDate(iso: $0) }.map {
          CivilDate(daysSinceEpoch: $0.daysSinceEpoch + day).description
        } ?? "day \(day)"
      html += c.svg(id: "day-in-the-life-\(n)", title: "Owner \(device), \(date)")
    }
    if owners.isEmpty { html += "<p>No day was recorded.</p>\n" }
    return html
  }

  // MARK: 3. Launches by hour of day

  static func hourOfDay(_ rows: [[String]], arms: [String]) -> String {
    var counts: [String: [Double]] = [:]
    let column = CSVSchema.hourOfDay.index
    let (cell, arm, hour, launches) = (column("cell"), column("arm"), column("hour"), column("launches"))
    for r in rows.dropFirst() where r.count == CSVSchema.hourOfDay.columns.count && r[cell] == "0" {
      counts[r[arm], default: Array(repeating: 0, count: 24)][Int(r[hour]) ?? 0] += Double(r[launches]) ?? 0
    }
    let top = max(1, counts.values.flatMap { $0 }.max() ?? 1)
    var c = SVGChart(x: 0...24, y: 0...(top * 1.1))
    c.axes(
      xTitle: "hour of day [h]", yTitle: "launches",
      xTicks: stride(from: 0.0, through: 24, by: 3).map { ($0, String(Int($0))) },
      yTicks: ticks(0...(top * 1.1)))
    let width = 0.8 / Double(max(1, arms.count))
    for (ai, arm) in arms.enumerated() {
      for (hour, n) in (counts[arm] ?? []).enumerated() where n > 0 {
        let x0 = Double(hour) + 0.1 + width * Double(ai)
        c.rect(x0: x0, x1: x0 + width, y0: 0, y1: n, color: color(ai), title: "\(arm) \(hour):00 \(Int(n))")
      }
    }
    c.legend(arms.enumerated().map { ($0.element, color($0.offset)) })
    return "<h2>Launches by hour of day</h2>\n"
      + c.svg(id: "hour-of-day", title: "Launches per hour of day (cell 0, all owners and days)")
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

  // MARK: 4. Distributions

  static func cdf(_ values: [Double], points: Int = 100) -> [(Double, Double)] {
    let s = values.sorted()
    guard !s.isEmpty else { return [] }
    return (0...points).map { i in
      let p = Double(i) / Double(points)
      return (Statistics.quantile(sorted: s, p), p)
    }
  }

  static func distributions(launches: String, days: String, arms: [String]) throws(UserError) -> String {
    var delays: [String: [Double]] = [:]
    var l = try CSVReader(path: launches)
    while l.next() {
      guard l.int(0) == 0 else { continue }
      if let d = l.double(13) { delays[l.text(1), default: []].append(d / 3600) }
    }
    var perDay: [String: [Double]] = [:]
    var staleness: [String: [Double]] = [:]
    var d = try CSVReader(path: days)
    while d.next() {
      guard d.int(0) == 0 else { continue }
      let arm = d.text(1)
      perDay[arm, default: []].append(Double(d.int(6) + d.int(7) + d.int(8)))
      if let s = d.double(15) { staleness[arm, default: []].append(s / 3600) }
    }
    var html = "<h2>Distributions</h2>\n"
    func cdfChart(_ id: String, _ title: String, _ data: [String: [Double]], _ xTitle: String) -> String {
      let all = data.values.flatMap { $0 }.sorted()
      let hi = max(0.1, all.isEmpty ? 1 : Statistics.quantile(sorted: all, 0.99))
      var c = SVGChart(x: 0...hi, y: 0...1)
      c.axes(xTitle: xTitle, yTitle: "share ≤ x", xTicks: ticks(0...hi), yTicks: ticks(0...1))
      for (ai, arm) in arms.enumerated() {
        c.polyline(cdf(data[arm] ?? []).map { (min($0.0, hi), $0.1) }, color: color(ai))
      }
      c.legend(arms.enumerated().map { ($0.element, color($0.offset)) })
      return c.svg(id: id, title: title)
    }
    html += cdfChart(
      "delay-cdf", "Delay after earliestBeginDate (CDF, up to the 99th percentile)", delays, "delay [h]")
    let top = perDay.values.flatMap { $0 }.max() ?? 1
    let binCount = 20
    let binWidth = max(1, ceil((top + 1) / Double(binCount)))
    var hist: [String: [Double]] = [:]
    for arm in arms {
      var bins = [Double](repeating: 0, count: binCount)
      for v in perDay[arm] ?? [] { bins[min(binCount - 1, Int(v / binWidth))] += 1 }
      hist[arm] = bins
    }
    let ymax = max(1, hist.values.flatMap { $0 }.max() ?? 1)
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
    html += c.svg(id: "launches-histogram", title: "Launches per device-day")
    html += cdfChart(
      "staleness-cdf", "Staleness at app open (per owner-day median, CDF)", staleness,
      "time since the last successful run [h]")
    return html
  }

  // MARK: 5. Sweep

  static func sweep(summary: [[String]], cells: [[String: Any]], arms: [String]) -> String {
    let header = summary.first ?? []
    func col(_ n: String) -> Int { header.firstIndex(of: n) ?? 0 }
    var html = "<h2>Sweep</h2>\n"
    let keys = (cells.first?["overrides"] as? [String: String]).map { Array($0.keys).sorted() } ?? []
    for (ki, key) in keys.enumerated() {
      var points: [String: [(Double, Double, Double, Double)]] = [:]  // arm: (x, mean, low, high)
      for cell in cells {
        guard let index = cell["cell"] as? Int, let o = cell["overrides"] as? [String: String],
          let x = o[key].flatMap(Double.init)
        else { continue }
        for r in summary.dropFirst()
        where r[col("cell")] == String(index) && r[col("kind")] == "arm"
          && r[col("metric")] == "launches_per_device_day"
        {
          points[r[col("arm")], default: []].append(
            (
              x, Double(r[col("mean")]) ?? 0, Double(r[col("ci95_low")]) ?? 0,
              Double(r[col("ci95_high")]) ?? 0
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
      for (ai, arm) in arms.enumerated() {
        let p = (points[arm] ?? []).sorted { $0.0 < $1.0 }
        c.band(p.map { ($0.0, $0.2, $0.3) }, color: color(ai))
        c.polyline(p.map { ($0.0, $0.1) }, color: color(ai))
      }
      c.legend(arms.enumerated().map { ($0.element, color($0.offset)) })
      html += c.svg(id: "sweep-\(ki)", title: "Launches per device-day against \(key) (mean and 95% CI)")
    }
    return html
  }

  // MARK: 6. Provenance

  static func provenance(_ manifest: [String: Any]) -> String {
    var html = "<h2>Provenance</h2>\n<table>\n"
    for key in [
      "name", "bgsim_version", "git_commit", "seed", "days", "devices", "replications", "start",
      "wall_time_s",
    ] {
      if let v = manifest[key] { html += "<tr><th>\(key)</th><td>\(SVGChart.escape("\(v)"))</td></tr>\n" }
    }
    if let cl = manifest["command_line"] as? [String] {
      html += "<tr><th>command_line</th><td>\(SVGChart.escape(cl.joined(separator: " ")))</td></tr>\n"
    }
    html += "</table>\n"
    if let config = manifest["configuration"] as? String { html += "<pre>\(SVGChart.escape(config))</pre>\n" }
    return html
  }
}
