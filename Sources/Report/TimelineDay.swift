import FileFormats
import Foundation
import Results
import SimKernel

/// One owner's recorded day drawn as lanes (the report's day in the life): the device's
/// lanes, the other apps' runs, and each arm's task runs and submissions. Each `draw`
/// adds its lanes' marks and notes what it drew, for the legend.
struct TimelineDay {
  /// One row of `timelines.csv`, as the chart reads it.
  struct Row {
    var arm: String, app: String, device: Int, day: Int, t: Double, source: String, event: String,
      task: String,
      value: String,
      battery: Double?
  }

  let device: Int
  let day: Int
  /// The owner's rows of that day, every arm's.
  let rows: [Row]
  let arms: [String]
  let lanes: [String]
  let firstArmLane: Int
  /// Each lane's height in lanes (the battery's is 3).
  let laneWeights: [Double]
  /// The battery's lane.
  static let batteryLane = 3
  let dayStart: Double
  /// The device's lanes and the other apps' runs, as the first arm saw them.
  let ownerRows: [Row]
  let deviceRows: [Row]
  /// The state at 00:00 (`state` rows): what holds before the day's first change.
  var state: [String: String] = [:]
  var c: SVGChart
  /// What the chart draws, for its legend.
  var drawn: Set<String> = []

  /// The rows of sweep cell `cell` in the timelines file at `path`; a damaged field is
  /// refused.
  static func read(_ path: String, cell: Int = 0) throws(UserError) -> [Row] {
    let column = try CSVSchema.timelines.layout(ofFile: path).index
    var reader = try CSVReader(path: path)
    var rows: [Row] = []
    let (arm, device, day, time) = (column("arm"), column("device"), column("day"), column("time_s"))
    let (app, cellColumn) = (column("app"), column("cell"))
    let (source, event, task) = (column("source"), column("event"), column("task_id"))
    let (value, battery) = (column("value"), column("battery_pct"))
    while reader.next() {
      guard reader.int(cellColumn) == cell else { continue }
      rows.append(
        Row(
          arm: reader.text(arm), app: reader.text(app),
          device: try reader.whole(device, "device", in: RunRanges.index, file: path),
          day: try reader.whole(day, "day", in: RunRanges.day, file: path),
          t: try reader.number(time, "time_s", in: RunRanges.seconds, file: path) ?? 0,
          source: reader.text(source), event: reader.text(event), task: reader.text(task),
          value: reader.text(value),
          battery: try reader.number(battery, "battery_pct", in: RunRanges.percent, file: path)))
    }
    return rows
  }

  init(device: Int, day: Int, rows: [Row], arms: [String], hasOthers: Bool) {
    self.device = device
    self.day = day
    self.rows = rows
    self.arms = arms
    dayStart = Double(day) * 86_400
    lanes =
      ["screen on", "app open", "charger", "battery %", "network", "Low Power"]
      + (hasOthers ? ["other apps"] : [])
      + arms
    firstArmLane = lanes.count - arms.count
    // The battery lane is three lanes high, so that its level reads.
    laneWeights = lanes.indices.map { $0 == Self.batteryLane ? 3 : 1 }
    let laneHeight = 22.0
    let total = laneWeights.reduce(0, +)
    c = SVGChart(
      width: 800, height: 44 + 40 + laneHeight * total, left: 120, x: 0...24, y: 0...total)
    c.axes(
      xTitle: "hour of day [h]", yTitle: "",
      xTicks: stride(from: 0.0, through: 24, by: 3).map { ($0, String(Int($0))) },
      yTicks: [])
    ownerRows = rows.filter { $0.arm == (arms.first ?? $0.arm) }
    deviceRows = ownerRows.filter { $0.source == "device" }
    for r in ownerRows where r.source == "state" { state[r.event] = r.value }
    for (i, lane) in lanes.enumerated() {
      // The battery lane's label leaves room for its scale.
      let (y0, y1) = laneY(i)
      c.text(
        lane, x: c.left - (i == Self.batteryLane ? 22 : 4), y: c.y((y0 + y1) / 2) + 4, anchor: "end", size: 10
      )
    }
  }

  /// Lane `i`'s bottom and top in the chart's y units (lanes run top down).
  func laneY(_ i: Int) -> (Double, Double) {
    let below = laneWeights[(i + 1)...].reduce(0, +)
    return (below + 0.15, below + laneWeights[i] - 0.15)
  }

  func h(_ t: Double) -> Double { min(24, max(0, (t - dayStart) / 3600)) }

  func colour(_ label: String) -> String {
    ReportSections.laneColors.first { $0.label == label }?.color ?? "#888888"
  }

  /// Intervals of a two-state signal from on/off events, from its state at 00:00
  /// (`initiallyOn`).
  func intervals(on: Set<String>, off: Set<String>, among: [Row], initiallyOn: Bool) -> [(Double, Double)] {
    var out: [(Double, Double)] = []
    var since: Double? = initiallyOn ? dayStart : nil
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

  /// Draws the intervals of a two-state signal in lane `lane`, each titled `title`.
  mutating func drawIntervals(
    lane: Int, on: String, off: String, initiallyOn: Bool, label: String, title: String
  ) {
    let (y0, y1) = laneY(lane)
    for (a, b) in intervals(on: [on], off: [off], among: deviceRows, initiallyOn: initiallyOn) {
      c.rect(x0: h(a), x1: h(b), y0: y0, y1: y1, color: colour(label), title: title)
      drawn.insert(label)
    }
  }

  /// The device's lanes: screen and app, charger, battery, network, Low Power Mode.
  mutating func drawDevice() {
    drawIntervals(
      lane: 0, on: "screen_on", off: "screen_off", initiallyOn: state["screen"] == "on", label: "screen on",
      title: "screen on")
    drawIntervals(
      lane: 1, on: "app_opened", off: "app_closed", initiallyOn: state["app"] == "open", label: "app open",
      title: "app open")
    drawIntervals(
      lane: 2, on: "plugged", off: "unplugged", initiallyOn: state["charger"] == "plugged", label: "charger",
      title: "on the charger")
    drawBattery()
    drawNetwork()
    drawLowPowerMode()
  }

  mutating func drawBattery() {
    let (b0, b1) = laneY(Self.batteryLane)
    // From the level at 00:00 through each change's level, held to the end of the day.
    let levels = ownerRows.filter {
      $0.source == "device" || ($0.source == "state" && $0.event == "battery")
    }
    var battery = levels.compactMap { r in r.battery.map { (h(r.t), b0 + (b1 - b0) * $0 / 100) } }
    if let lastLevel = battery.last { battery.append((24, lastLevel.1)) }
    c.polyline(battery, color: colour("battery %"), width: 1.5)
    if !battery.isEmpty { drawn.insert("battery %") }
    // The battery lane's scale: 0 and 100 % at its edges, left of the lane.
    for (level, y, shift) in [(0, b0, 0.0), (100, b1, 7.0)] {
      c.text("\(level)", x: c.left - 3, y: c.y(y) + shift, anchor: "end", size: 9)
    }
  }

  mutating func drawNetwork() {
    let (n0, n1) = laneY(4)
    let networkRows = deviceRows.filter { $0.event == "network" }
    var last: (Double, String)? = state["network"].map { (dayStart, $0) }
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
  }

  mutating func drawLowPowerMode() {
    let (l0, l1) = laneY(5)
    let lowPower = deviceRows.filter { $0.event == "low_power_mode" }
    var lpSince: Double? = state["low_power_mode"] == "on" ? dayStart : nil
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
  }

  /// The other apps' runs as the first arm saw them (like the device's lanes), coloured
  /// by archetype (``ReportSections/otherAppGroup(_:)``): from each launch to its end, or from 00:00 or to 24:00 for one that crosses midnight.
  mutating func drawOtherApps() {
    let (o0, o1) = laneY(6)
    var since: [String: Double] = [:]
    func draw(_ key: String, _ a: Double, _ b: Double) {
      let group = ReportSections.otherAppGroup(String(key.prefix { $0 != ":" }))
      c.rect(x0: h(a), x1: max(h(b), h(a) + 0.03), y0: o0, y1: o1, color: colour(group), title: key)
      drawn.insert(group)
    }
    for r in ownerRows where r.source == "other_app" {
      let key = "\(r.app): \(r.task)"
      if r.event == "launch" { since[key] = r.t }
      if r.event == "end" { draw(key, since.removeValue(forKey: key) ?? dayStart, r.t) }
    }
    for (key, a) in since.sorted(by: { $0.key < $1.key }) { draw(key, a, dayStart + 86_400) }
  }

  /// Each arm's lane: its submissions (ticks) and task runs, coloured by outcome; then
  /// the runs still going at the end of the day, as running.
  mutating func drawArms() {
    let open = arms.indices.map { drawArm($0) }
    for (ai, started) in open.enumerated() {
      let (y0, y1) = laneY(firstArmLane + ai)
      for (task, s) in started.sorted(by: { $0.key < $1.key }) {
        c.rect(
          x0: h(s), x1: 24, y0: y0 + (y1 - y0) * 0.35, y1: y1,
          color: ReportSections.outcomeColors["running"]!,
          title: "\(task): running")
        drawn.insert("running")
      }
    }
  }

  /// Arm `ai`'s submissions and ended runs; returns its runs still going (their starts).
  mutating func drawArm(_ ai: Int) -> [String: Double] {
    let (y0, y1) = laneY(firstArmLane + ai)
    let armRows = rows.filter { $0.arm == arms[ai] && $0.source == "app" }
    var started: [String: Double] = [:]
    var expired: Set<String> = []
    for r in armRows {
      switch r.event {
      case "submit":
        c.rect(
          x0: h(r.t), x1: h(r.t) + 0.02, y0: y0, y1: y0 + (y1 - y0) * 0.3, color: colour("submit"),
          title: "submit \(r.task)")
        drawn.insert("submit")
      case "launch":
        started[r.task] = r.t
        expired.remove(r.task)
      case "expire": if started[r.task] != nil { expired.insert(r.task) }
      case "complete", "kill":
        if let s = started.removeValue(forKey: r.task) {
          // The rows' reading of the run's end (launches.csv's `outcome`), not one of
          // the report's own.
          let outcome =
            r.event == "kill"
            ? LaunchOutcome.killed.text
            : LaunchOutcome(completion: r.value, expired: expired.contains(r.task)).text
          c.rect(
            x0: h(s), x1: max(h(r.t), h(s) + 0.05), y0: y0 + (y1 - y0) * 0.35, y1: y1,
            color: ReportSections.outcomeColors[outcome] ?? "#888", title: "\(r.task): \(outcome)")
          drawn.insert(outcome)
        }
      default: break
      }
    }
    return started
  }

  /// The chart with its legend, titled with the owner and the day's date (`start`: the
  /// run's first date, ISO).
  func svg(id: String, start: String?) -> String {
    var chart = c
    let entries =
      ReportSections.laneColors.filter { drawn.contains($0.label) }
      + ["completed", "failed", "expired", "killed", "running"].filter(drawn.contains).map {
        ($0, ReportSections.outcomeColors[$0]!)
      }
    let date =
      start.flatMap { CivilDate(iso: $0) }.map {
        CivilDate(daysSinceEpoch: $0.daysSinceEpoch + day).description
      } ?? "day \(day)"
    chart.legend(entries)
    return chart.svg(id: id, title: "Owner \(device), \(date)")
  }
}
