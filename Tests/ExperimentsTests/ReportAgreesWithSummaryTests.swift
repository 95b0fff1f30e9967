import Foundation
import TestScratch
import Testing

@testable import Experiments
@testable import Report
@testable import Results

/// One number per figure: every median the report's charts print is summary.csv's, with
/// the same warm-up left out (the main job's report said "median 42 min" where the
/// summary said 39, counting the warm-up's launches).
@Suite struct ReportAgreesWithSummaryTests {
  /// The median legends of a chart (drawn after it, before the next chart): arm → text.
  func legends(_ html: String, chart id: String) -> [String: String] {
    let after = html.components(separatedBy: "<svg id=\"\(id)\"").dropFirst().first ?? ""
    let body = after.components(separatedBy: "<svg id=").first ?? ""
    var out: [String: String] = [:]
    for match in body.matches(of: #/</span> ([a-z]+) \(median ([^)]+)\)/#) {
      out[String(match.output.1)] = String(match.output.2)
    }
    return out
  }

  func check(_ out: URL, cells: Int) throws {
    let summary = try csvRows(out.appendingPathComponent("summary.csv").path)
    let header = summary[0]
    func col(_ name: String) -> Int { header.lastIndex(of: name)! }
    let arms = ["refresh", "processing"]
    for cell in 0..<cells {
      let html = try ReportSections.distributions(
        launches: out.appendingPathComponent("launches.csv").path,
        days: out.appendingPathComponent("days.csv").path, arms: arms, cell: cell)
      for (chart, metric) in [
        ("delay-cdf", "delay_after_earliest_s"), ("staleness-cdf", "staleness_at_open_s"),
      ] {
        let shown = legends(html, chart: chart)
        for arm in arms {
          let row = try #require(
            summary.first {
              $0[col("cell")] == "\(cell)" && $0[col("kind")] == "arm" && $0[col("arm")] == arm
                && $0[col("metric")] == metric
            })
          let median = try #require(Double(row[col("median")]))
          #expect(
            shown[arm] == ReportSections.hoursText(median / 3600),
            "cell \(cell) \(arm) \(chart): report \(shown[arm] ?? "none"), summary \(median) s")
        }
      }
    }
  }

  /// The default experiment at 40 owners over 10 days, whose warm-up (read by `auto`)
  /// holds launches that moved the report's medians before.
  @Test func theMainJobsReportPrintsTheSummarysMedians() throws {
    let text = DefaultExperiment.text
      .replacingOccurrences(of: "days: 30", with: "days: 10")
      .replacingOccurrences(of: "devices: 200", with: "devices: 40")
    let out = try runExperiment(text)
    #expect((RunManifest.read(directory: out.path)?.warmupDays ?? 0) > 0)
    try check(out, cells: 1)
  }

  @Test func aThreeCellSweepsReportPrintsEachCellsMedians() throws {
    let text =
      DefaultExperiment.text
      .replacingOccurrences(of: "days: 30", with: "days: 6")
      .replacingOccurrences(of: "devices: 200", with: "devices: 20")
      .replacingOccurrences(of: "warmup_days: auto", with: "warmup_days: 2")
      + "\nsweep:\n  grid:\n    app.opens_per_day: [2, 5, 12]\n"
    try check(try runExperiment(text), cells: 3)
  }
}
