import FileFormats
import Foundation
import Randomness
import Results

/// The report's views of days across the run and of the spread between owners, both
/// from one cell: launches per day by day of the run, the share of owners with at least N
/// launches a day, and the share of owners with a run on at least a given share of nights.
extension ReportSections {
  /// One owner's counted days (of one cell, after the warm-up): launches and nights with a run.
  struct OwnerDays {
    /// Launches of the owner's counted days (all kinds, as `launches_per_device_day`).
    var launches = 0
    var days = 0
    /// Counted days with a launch between 00:00 and ``nightEndSeconds``.
    var nightsWithRun = 0
  }

  /// The end of a night [s after midnight]: a launch before 06:00 is a run that night.
  static let nightEndSeconds = 6 * 3600

  /// What the charts read: for each arm, launches by day of the run (one value per owner
  /// and day, warm-up days included) and each owner's counted days.
  struct RunDays {
    var byDay: [String: [Int: [Double]]] = [:]
    var owners: [String: [String: OwnerDays]] = [:]
    var warmupDays = 0
  }

  static func runDays(launches path: String, days: String, cell: Int) throws(UserError) -> RunDays {
    let d = try CSVSchema.days.layout(ofFile: days).index
    let l = try CSVSchema.launches.layout(ofFile: path).index
    var out = RunDays()
    var warmup: Set<String> = []
    var reader = try CSVReader(path: days)
    let counts = ["launches_refresh", "launches_processing", "launches_other"].map(d)
    while reader.next() {
      guard reader.int(d("cell")) == cell else { continue }
      let arm = reader.text(d("arm"))
      let day = try reader.whole(d("day"), "day", in: RunRanges.day, file: days)
      var launched = 0
      for c in counts { launched += try reader.whole(c, "launches", in: RunRanges.count, file: days) }
      out.byDay[arm, default: [:]][day, default: []].append(Double(launched))
      let owner = "\(reader.text(d("replication")))|\(reader.text(d("device")))"
      if reader.equals(d("warmup"), "1") {
        out.warmupDays = max(out.warmupDays, day + 1)
        warmup.insert("\(owner)|\(day)")
        continue
      }
      out.owners[arm, default: [:]][owner, default: OwnerDays()].launches += launched
      out.owners[arm, default: [:]][owner, default: OwnerDays()].days += 1
    }
    // Nights with a run: each counted (owner, day) once.
    var nights: Set<String> = []
    var launches = try CSVReader(path: path)
    while launches.next() {
      guard launches.int(l("cell")) == cell,
        let at = try launches.number(l("launched_at_s"), "launched_at_s", in: RunRanges.seconds, file: path)
      else { continue }
      let day = Int(at / 86_400)
      guard Int(at) - day * 86_400 < nightEndSeconds else { continue }
      let arm = launches.text(l("arm"))
      let owner = "\(launches.text(l("replication")))|\(launches.text(l("device")))"
      guard !warmup.contains("\(owner)|\(day)"), nights.insert("\(arm)|\(owner)|\(day)").inserted
      else { continue }
      out.owners[arm, default: [:]][owner]?.nightsWithRun += 1
    }
    return out
  }

  /// A share of `count` owners with its 95 % interval inside [0, 1] (Wilson's).
  static func ownerShare(_ hits: Int, of count: Int) -> ConfidenceInterval {
    let p = count > 0 ? Double(hits) / Double(count) : .nan
    let variance = count > 1 ? p * (1 - p) * Double(count) / Double(count - 1) : .nan
    return Statistics.shareInterval(mean: p, variance: variance, count: count)
  }

  // MARK: Across the run

  static func owners(
    launches: String, days: String, arms: [String], cell: Int = 0, scales: SharedScales? = nil
  ) throws(UserError) -> String {
    let data = try runDays(launches: launches, days: days, cell: cell)
    var html =
      "<h2>Across the run and across owners</h2>\n<p>Launches per day by day of the run: the mean over owners with its 95 % interval, the warm-up days (left out of every figure) shaded. Then the spread between owners, each owner counted once over the days after the warm-up: the share with at least N launches a day (as <code>share_owners_at_least_N_per_day</code>), and the share with a launch before 06:00 on at least a given share of nights; each point with its 95 % interval.</p>\n"
    html += acrossTheRun(data, arms: arms, scales: scales)
    html += atLeastPerDay(data, arms: arms)
    html += nights(data, arms: arms)
    return html
  }

  static func acrossTheRun(_ data: RunDays, arms: [String], scales: SharedScales? = nil) -> String {
    var points: [String: [(Double, Double, Double, Double)]] = [:]  // arm: (day, mean, low, high)
    for arm in arms {
      for (day, values) in (data.byDay[arm] ?? [:]).sorted(by: { $0.key < $1.key }) {
        let ci = Statistics.nonNegativeInterval(Statistics.confidenceInterval(values))
        points[arm, default: []].append((Double(day), ci.estimate, ci.lower, ci.upper))
      }
    }
    let days = Double((data.byDay.values.flatMap(\.keys).max() ?? 0) + 1)
    let own = max(
      points.values.flatMap { $0.flatMap { [$0.1, $0.3] } }.filter(\.isFinite).max() ?? 1, 1e-9)
    let top = scales?.top("launches-by-day", own) ?? own
    var c = SVGChart(x: 0...days, y: 0...(top * 1.1))
    c.axes(
      xTitle: "day of the run", yTitle: "launches per owner-day", xTicks: ticks(0...days),
      yTicks: ticks(0...(top * 1.1)))
    var legend: [(String, String)] = []
    if data.warmupDays > 0 {
      let grey = "#CCCCCC"
      c.rect(x0: 0, x1: Double(data.warmupDays), y0: 0, y1: top * 1.1, color: grey, title: "warm-up")
      legend.append(("warm-up", grey))
    }
    for (ai, arm) in arms.enumerated() {
      let p = points[arm] ?? []
      // Each day's mean at the middle of the day.
      for (day, _, low, high) in p where low.isFinite && high.isFinite {
        c.rect(x0: day + 0.48, x1: day + 0.52, y0: low, y1: high, color: color(ai), title: "95% CI")
      }
      c.polyline(p.map { ($0.0 + 0.5, $0.1) }, color: color(ai))
    }
    legend += arms.enumerated().map { ($0.element, color($0.offset)) }
    c.legend(legend)
    return c.svg(
      id: "launches-by-day", title: "Launches per owner-day, day by day: the mean over owners and its 95% CI")
  }

  static func atLeastPerDay(_ data: RunDays, arms: [String]) -> String {
    let rates = data.owners.values.flatMap { $0.values.filter { $0.days > 0 } }.map {
      Double($0.launches) / Double($0.days)
    }
    let largest = min(MetricName.largestPerDay, max(1, Int((rates.max() ?? 1).rounded(.up))))
    var c = SVGChart(x: 0.5...(Double(largest) + 0.5), y: 0...1)
    c.axes(
      xTitle: "at least N launches a day", yTitle: "share of owners",
      xTicks: ticks(1...Double(max(largest, 2))).filter { $0.0 == $0.0.rounded() && $0.0 <= Double(largest) },
      yTicks: ticks(0...1))
    ownerShares(&c, data, arms: arms, at: (1...largest).map(Double.init), spacing: 0.06) { owner, n in
      owner.launches >= Int(n) * owner.days
    }
    c.legend(arms.enumerated().map { ($0.element, color($0.offset)) })
    return c.svg(
      id: "owners-at-least",
      title: "Share of owners with at least N launches a day, and its 95% CI")
  }

  /// For each arm, at each x: the share of its owners (with counted days) for whom
  /// `holds(owner, x)`, a point with its Wilson interval, the points joined; arms are set
  /// `spacing` apart along x so that their intervals do not overlap.
  static func ownerShares(
    _ c: inout SVGChart, _ data: RunDays, arms: [String], at xs: [Double], spacing: Double,
    holds: (OwnerDays, Double) -> Bool
  ) {
    for (ai, arm) in arms.enumerated() {
      let owners = (data.owners[arm] ?? [:]).values.filter { $0.days > 0 }
      var line: [(Double, Double)] = []
      for x0 in xs {
        let ci = ownerShare(owners.filter { holds($0, x0) }.count, of: owners.count)
        guard ci.estimate.isFinite else { continue }
        let x = x0 + (Double(ai) - Double(arms.count - 1) / 2) * spacing
        if ci.lower.isFinite, ci.upper.isFinite {
          c.rect(
            x0: x - spacing / 4, x1: x + spacing / 4, y0: ci.lower, y1: ci.upper, color: color(ai),
            title: "95% CI")
        }
        line.append((x, ci.estimate))
      }
      c.polyline(line, color: color(ai))
    }
  }

  static func nights(_ data: RunDays, arms: [String]) -> String {
    var c = SVGChart(x: 0...100, y: 0...1)
    c.axes(
      xTitle: "a launch before 06:00 on at least this share of nights [%]", yTitle: "share of owners",
      xTicks: ticks(0...100), yTicks: ticks(0...1))
    // A tolerance for nights counted as whole numbers: 3 of 10 nights is 30 %.
    ownerShares(&c, data, arms: arms, at: stride(from: 0.0, through: 100, by: 10).map { $0 }, spacing: 0.6) {
      owner, percent in Double(owner.nightsWithRun) >= percent / 100 * Double(owner.days) - 1e-9
    }
    c.legend(arms.enumerated().map { ($0.element, color($0.offset)) })
    return c.svg(
      id: "owners-nights",
      title: "Share of owners with a launch before 06:00 on at least a share of nights, and its 95% CI")
  }
}
