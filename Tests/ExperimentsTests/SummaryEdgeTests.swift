import FileFormats
import Foundation
import TestScratch
import Testing

@testable import Experiments
@testable import Results

/// Statistics at the edges: an interval that cannot be computed says why, `summarize`
/// shows each interval beside its own statistic, and its default includes the metric
/// families the run reported.
@Suite struct SummaryEdgeTests {
  /// One owner: no interval and no p-value in summary.csv, and the console says why
  /// (it printed `-0.90 [-0.90, -0.90] p<0.001`, an interval of nothing).
  @Test func oneOwnerHasNoIntervalAndTheConsoleSaysWhy() throws {
    var r = RunRequest()
    r.file = write(smallExperiment.replacingOccurrences(of: "devices: 4", with: "devices: 1"))
    r.out = scratch().path
    let (console, _, _) = try r.run { _, _ in }
    let (col, rows) = try csvTable(URL(fileURLWithPath: r.out!), .summary)
    for row in rows where row[col("metric")] != "icc_launches_per_day" {
      #expect(
        row[col("ci95_low")].isEmpty && row[col("ci95_high")].isEmpty && row[col("p_value")].isEmpty, "\(row)"
      )
    }
    let table = console.split(separator: "\n").filter { $0.hasPrefix("share_while_charging") }
    #expect(table.count == 1 && table[0].contains("n/a (1 owner)") && !table[0].contains("p<"), "\(table)")
    #expect(console.contains("no interval from these owners (fewer than 2 with the figure): run more owners"))
  }

  /// `--stat median,p90,ci` printed the mean's interval beside the median as if it were
  /// the median's; the mean now stands beside it.
  @Test func anIntervalStandsBesideItsOwnStatistic() {
    #expect(SummaryQuery.besideTheirFigures([.median, .p90, .ci]) == [.median, .p90, .mean, .ci])
    #expect(SummaryQuery.besideTheirFigures([.medianCI]) == [.median, .medianCI])
    #expect(
      SummaryQuery.besideTheirFigures([.mean, .ci, .median, .medianCI]) == [.mean, .ci, .median, .medianCI])
  }

  @Test func theDefaultIncludesTheLaunchedByFamily() throws {
    var r = RunRequest()
    r.file = write(smallExperiment)
    r.out = scratch().path
    r.by = ["08:00"]
    _ = try r.run { _, _ in }
    var q = SummaryQuery(folders: [r.out!])
    q.format = .csv
    let metrics = Set(try q.run().split(separator: "\n").dropFirst().map { $0.split(separator: ",")[1] })
    #expect(metrics.contains("launched_by_08:00"), "\(metrics)")
    #expect(metrics.contains("launches_per_device_day"))
  }
}
