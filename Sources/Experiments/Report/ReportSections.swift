import DeviceModel
import Foundation
import Randomness
import SimKernel

/// The sections of the HTML report.
enum ReportSections {
  static func color(_ i: Int) -> String { SVGChart.palette[i % SVGChart.palette.count] }
  /// A day in the life's colours, one meaning each: the device's lanes take the
  /// Okabe–Ito colours, the task runs' outcomes colours of Paul Tol's palettes that none
  /// of the lanes uses.
  static let laneColors: [(label: String, color: String)] = [
    ("screen on", "#999999"), ("app open", SVGChart.palette[4]), ("charger", SVGChart.palette[2]),
    ("battery %", SVGChart.palette[0]), ("Wi-Fi", SVGChart.palette[5]), ("cellular", SVGChart.palette[1]),
    ("no network", "#DDDDDD"), ("Low Power Mode", SVGChart.palette[6]), ("submit", "#555555"),
  ]
  static let outcomeColors = [
    "completed": "#332288", "failed": "#CC6677", "expired": "#D55E00", "killed": "#000000",
    "running": "#882255",
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
      for h in hypotheses.dropFirst() where h.count >= CSVSchema.hypotheses.columns.count {
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
      func colour(_ label: String) -> String { laneColors.first { $0.label == label }?.color ?? "#888888" }
      // The legend lists what this chart draws, each with its one colour.
      var drawn: Set<String> = []
      for (a, b) in intervals(on: ["screen_on"], off: ["screen_off"], among: deviceRows) {
        c.rect(x0: h(a), x1: h(b), y0: s0, y1: s1, color: colour("screen on"), title: "screen on")
        drawn.insert("screen on")
      }
      for (a, b) in intervals(on: ["app_opened"], off: ["app_closed"], among: deviceRows) {
        c.rect(x0: h(a), x1: h(b), y0: s0, y1: s1, color: colour("app open"), title: "app open")
        drawn.insert("app open")
      }
      let (c0, c1) = laneY(1)
      for (a, b) in intervals(on: ["plugged"], off: ["unplugged"], among: deviceRows) {
        c.rect(x0: h(a), x1: h(b), y0: c0, y1: c1, color: colour("charger"), title: "on the charger")
        drawn.insert("charger")
      }
      let (b0, b1) = laneY(2)
      let battery = deviceRows.compactMap { r in r.battery.map { (h(r.t), b0 + (b1 - b0) * $0 / 100) } }
      c.polyline(battery, color: colour("battery %"), width: 1.5)
      if !battery.isEmpty { drawn.insert("battery %") }
      let (n0, n1) = laneY(3)
      let networkRows = deviceRows.filter { $0.event == "network" }
      var last: (Double, String)? = networkRows.first.map { (dayStart, $0.value) }
      let networkColors = ["wifi": SVGChart.palette[5], "cellular": SVGChart.palette[1], "none": "#DDDDDD"]
      let networkLabels = ["wifi": "Wi-Fi", "cellular": "cellular", "none": "no network"]
      for r in networkRows {
        if let (t, kind) = last, r.t > t {
          c.rect(x0: h(t), x1: h(r.t), y0: n0, y1: n1, color: networkColors[kind] ?? "#ccc", title: kind)
          drawn.insert(networkLabels[kind] ?? kind)
        }
        last = (r.t, r.value)
      }
      if let (t, kind) = last {
        c.rect(x0: h(t), x1: 24, y0: n0, y1: n1, color: networkColors[kind] ?? "#ccc", title: kind)
        drawn.insert(networkLabels[kind] ?? kind)
      }
      let (l0, l1) = laneY(4)
      let lowPower = deviceRows.filter { $0.event == "low_power_mode" }
      var lpSince: Double?
      for r in lowPower {
        if r.value == "on" {
          lpSince = r.t
        } else if r.value == "off" {
          c.rect(
            x0: h(lpSince ?? dayStart), x1: h(r.t), y0: l0, y1: l1, color: colour("Low Power Mode"),
            title: "Low Power Mode")
          drawn.insert("Low Power Mode")
          lpSince = nil
        }
      }
      if let s = lpSince {
        c.rect(x0: h(s), x1: 24, y0: l0, y1: l1, color: colour("Low Power Mode"), title: "Low Power Mode")
        drawn.insert("Low Power Mode")
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
              x0: h(r.t), x1: h(r.t) + 0.02, y0: y0, y1: y0 + (y1 - y0) * 0.3, color: colour("submit"),
              title: "submit \(r.task)")
            drawn.insert("submit")
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
              drawn.insert(outcome)
            }
          default: break
          }
        }
      }
      // Runs still going at the end of the day are drawn as running.
      for (ai, arm) in arms.enumerated() {
        let (y0, y1) = laneY(5 + ai)
        var open: [String: Double] = [:]
        for r in rows where r.device == device && r.day == day && r.arm == arm && r.source == "app" {
          if r.event == "launch" { open[r.task] = r.t }
          if r.event == "complete" || r.event == "kill" { open[r.task] = nil }
        }
        for (task, s) in open.sorted(by: { $0.key < $1.key }) {
          c.rect(
            x0: h(s), x1: 24, y0: y0 + (y1 - y0) * 0.35, y1: y1, color: outcomeColors["running"]!,
            title: "\(task): running")
          drawn.insert("running")
        }
      }
      let entries =
        laneColors.filter { drawn.contains($0.label) }
        + ["completed", "failed", "expired", "killed", "running"].filter(drawn.contains).map {
          ($0, outcomeColors[$0]!)
        }
      let date =
        start.flatMap { CivilDate(iso: $0) }.map {
          CivilDate(daysSinceEpoch: $0.daysSinceEpoch + day).description
        } ?? "day \(day)"
      html += c.svg(id: "day-in-the-life-\(n)", title: "Owner \(device), \(date)")
      html += legendHTML(entries)
    }
    if owners.isEmpty { html += "<p>No day was recorded.</p>\n" }
    return html
  }

  /// A legend under a chart, in HTML: every entry fits, however many.
  static func legendHTML(_ entries: [(String, String)]) -> String {
    "<p class=\"legend\">"
      + entries.map {
        "<span class=\"key\"><span style=\"display:inline-block;width:10px;height:10px;background:\($0.1)\"></span> \(SVGChart.escape($0.0))</span>"
      }.joined(separator: " &nbsp; ") + "</p>\n"
  }

  // MARK: 3. Launches by hour of day

  static func hourOfDay(_ rows: [[String]], arms: [String]) -> String {
    var counts: [String: [Double]] = [:]
    let column = CSVSchema.hourOfDay.index
    let (cell, arm, hour, launches) = (column("cell"), column("arm"), column("hour"), column("launches"))
    for r in rows.dropFirst() where r.count >= CSVSchema.hourOfDay.columns.count && r[cell] == "0" {
      counts[r[arm], default: Array(repeating: 0, count: 24)][Int(r[hour]) ?? 0] += Double(r[launches]) ?? 0
    }
    // One chart per arm, each on its own scale: an arm that launches a tenth as often
    // stays visible beside another.
    var html =
      "<h2>Launches by hour of day</h2>\n<p>One chart per arm, each on its own scale (cell 0, all owners and days).</p>\n"
    for (ai, arm) in arms.enumerated() {
      let top = max(1, (counts[arm] ?? []).max() ?? 1)
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
    // Columns by name (``CSVSchema``); the warm-up days are left out, as the summary does.
    let launchColumn = CSVSchema.launches.index
    let dayColumn = CSVSchema.days.index
    var delays: [String: [Double]] = [:]
    var l = try CSVReader(path: launches)
    let (launchCell, launchArm, delay) = (
      launchColumn("cell"), launchColumn("arm"), launchColumn("delay_after_earliest_s")
    )
    while l.next() {
      guard l.int(launchCell) == 0 else { continue }
      if let d = l.double(delay) { delays[l.text(launchArm), default: []].append(d / 3600) }
    }
    var perDay: [String: [Double]] = [:]
    var staleness: [String: [Double]] = [:]
    var d = try CSVReader(path: days)
    let counts = ["launches_refresh", "launches_processing", "launches_other"].map(dayColumn)
    let (dayCell, dayArm, warmup, stale) = (
      dayColumn("cell"), dayColumn("arm"), dayColumn("warmup"), dayColumn("staleness_median_s")
    )
    while d.next() {
      guard d.int(dayCell) == 0, !d.equals(warmup, "1") else { continue }
      let arm = d.text(dayArm)
      perDay[arm, default: []].append(Double(counts.reduce(0) { $0 + d.int($1) }))
      if let s = d.double(stale) { staleness[arm, default: []].append(s / 3600) }
    }
    var html = "<h2>Distributions</h2>\n"
    // Each curve stops at the cut (the pooled 99th percentile) at the share it has
    // reached there, and the legend says what share of each arm lies beyond.
    func cdfChart(_ id: String, _ title: String, _ data: [String: [Double]], _ xTitle: String) -> String {
      let all = data.values.flatMap { $0 }.sorted()
      let hi = max(0.1, all.isEmpty ? 1 : Statistics.quantile(sorted: all, 0.99))
      var c = SVGChart(x: 0...hi, y: 0...1)
      c.axes(xTitle: xTitle, yTitle: "share ≤ x", xTicks: ticks(0...hi), yTicks: ticks(0...1))
      var labels: [(String, String)] = []
      for (ai, arm) in arms.enumerated() {
        let values = data[arm] ?? []
        let within = values.isEmpty ? 0 : Double(values.filter { $0 <= hi }.count) / Double(values.count)
        c.polyline(cdf(values).filter { $0.0 <= hi } + [(hi, within)], color: color(ai))
        let beyond = 1 - within
        labels.append(
          (beyond > 0.0005 ? "\(arm) (\(Int((beyond * 100).rounded())) % beyond)" : arm, color(ai)))
      }
      c.legend(labels)
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
      // Each cell a point with its 95 % interval, and a kernel smoother through them: the
      // cells of a Sobol sweep, or of a grid over several keys, differ in the other keys
      // too, so a line joining them would zig-zag.
      let span = max(x1 - x0, 1e-9)
      for (ai, arm) in arms.enumerated() {
        let p = (points[arm] ?? []).sorted { $0.0 < $1.0 }
        for (x, mean, low, high) in p {
          c.rect(
            x0: x - span * 0.002, x1: x + span * 0.002, y0: low, y1: high, color: color(ai), title: "95% CI")
          c.rect(
            x0: x - span * 0.006, x1: x + span * 0.006, y0: mean - y1 * 0.006, y1: mean + y1 * 0.006,
            color: color(ai), title: "\(arm): \(String(format: "%.2f", mean)) at \(String(format: "%g", x))")
        }
        c.polyline(smoother(p.map { ($0.0, $0.1) }, from: x0, to: x1), color: color(ai))
      }
      c.legend(arms.enumerated().map { ($0.element, color($0.offset)) })
      html += c.svg(
        id: "sweep-\(ki)",
        title: "Launches per device-day against \(key): each cell's mean and 95% CI, and a smoother")
    }
    return html
  }

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
