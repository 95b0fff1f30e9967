import FileFormats
import Foundation
import Results

/// The report's answers: for each arm, the share of owner-days with a successful run
/// by each time of day (the `launched_by_HH:MM` curve), and the result of `bgsim
/// advise` when the folder holds one (`advice.txt`).
enum ReportAnswers {
  /// The curve's points: for each arm, the share of owner-days (of `cell`, after the
  /// warm-up) whose first completed run was launched by each of 97 times (every 15 min),
  /// counted as the summary counts `launched_by_HH:MM` (``FirstCompletedRuns``). The
  /// warm-up is the days `days.csv` marks as such.
  static func curves(launches path: String, days: String, cell: Int) throws(UserError) -> [String: [(
    Double, Double
  )]] {
    let l = try CSVSchema.launches.layout(ofFile: path).index
    let d = try CSVSchema.days.layout(ofFile: days).index
    var ownerDays: [String: Double] = [:]
    var warmupDays = 0
    var reader = try CSVReader(path: days)
    while reader.next() {
      guard reader.int(d("cell")) == cell else { continue }
      if reader.equals(d("warmup"), "1") {
        warmupDays = max(warmupDays, try reader.whole(d("day"), "day", in: RunRanges.day, file: days) + 1)
        continue
      }
      ownerDays[reader.text(d("arm")), default: 0] += 1
    }
    // By arm and owner: the first completed run of each day.
    var first: [String: [String: FirstCompletedRuns]] = [:]
    var launches = try CSVReader(path: path)
    while launches.next() {
      guard launches.int(l("cell")) == cell, launches.equals(l("outcome"), "completed"),
        let at = try launches.number(l("launched_at_s"), "launched_at_s", in: RunRanges.seconds, file: path)
      else { continue }
      let ms = Int64((at * 1000).rounded())
      guard !SummaryTables.inWarmup(milliseconds: ms, warmupDays) else { continue }
      let owner = "\(launches.int(l("replication")))|\(launches.int(l("device")))"
      first[launches.text(l("arm")), default: [:]][owner, default: FirstCompletedRuns()].add(
        launchedAtMilliseconds: ms)
    }
    var out: [String: [(Double, Double)]] = [:]
    for (arm, total) in ownerDays where total > 0 {
      let owners = Array((first[arm] ?? [:]).values)
      out[arm] = (0...96).map { i in
        let seconds = i * 900
        return (Double(seconds) / 3600, Double(owners.reduce(0) { $0 + $1.days(by: seconds) }) / total)
      }
    }
    return out
  }

  static func section(launches: String, days: String, arms: [String], advice: String?, cell: Int = 0)
    throws(UserError)
    -> String
  {
    let data = try curves(launches: launches, days: days, cell: cell)
    var html =
      "<h2>Answers</h2>\n<p>The share of owner-days (after the warm-up) with a successful run by each time of day: read off when a run has happened on, say, 90 % of days (the summary's <code>launched_by_HH:MM</code>, which <code>bgsim run --by</code> and hypotheses ask for).</p>\n"
    var c = SVGChart(x: 0...24, y: 0...1)
    c.axes(
      xTitle: "time of day [h]", yTitle: "share of days with a run by then",
      xTicks: stride(from: 0.0, through: 24, by: 3).map { ($0, String(Int($0))) },
      yTicks: ReportSections.ticks(0...1))
    for (ai, arm) in arms.enumerated() {
      c.polyline(data[arm] ?? [], color: ReportSections.color(ai))
    }
    c.legend(arms.enumerated().map { ($0.element, ReportSections.color($0.offset)) })
    html += c.svg(id: "launched-by", title: "Share of days with a successful run by each time of day")
    if let advice, !advice.isEmpty {
      html += "<p><b>bgsim advise:</b></p>\n<pre>\(SVGChart.escape(advice))</pre>\n"
    }
    return html
  }
}
