import FileFormats
import Foundation
import TestScratch
import Testing

@testable import Experiments
@testable import Results

/// `bgsim summarize`: a query over output folders with the summary's statistics.
@Suite struct SummarizeTests {
  static let folder: URL = {
    try! runExperiment(NamedCellsTests.grid)
  }()

  func query(_ configure: (inout SummaryQuery) -> Void) throws -> [[String]] {
    var q = SummaryQuery(folders: [Self.folder.path])
    q.format = .csv
    configure(&q)
    return try q.run().split(separator: "\n").map {
      $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    }
  }

  /// Grouped as the summary groups, every statistic of every arm row equals the
  /// summary's field for field.
  @Test func itsFiguresEqualTheSummarys() throws {
    let stats = SummaryQuery.Statistic.allCases
    let rows = try query { $0.statistics = stats }
    let header = rows[0]
    #expect(
      header == ["app.opens_per_day", "tasks.earliest_begin", "arm", "metric"] + stats.flatMap(\.columns))
    let (s, summary) = try csvTable(Self.folder, .summary)
    let arms = summary.filter { $0[s("kind")] == "arm" && MetricName(rawValue: $0[s("metric")]) != nil }
    #expect(rows.count - 1 == arms.count && arms.count == 4 * 2 * MetricName.allCases.count)
    for r in rows.dropFirst() {
      let match = try #require(
        arms.first {
          $0[1] == r[0] && $0[2] == r[1] && $0[s("arm")] == r[2] && $0[s("metric")] == r[3]
        }, "\(r)")
      for (i, column) in header.enumerated().dropFirst(4) {
        #expect(match[s(column)] == r[i], "\(r[0]) \(r[1]) \(r[2]) \(r[3]) \(column)")
      }
    }
  }

  /// "Launches per device-day by arm and opens per day, median and p90": the cells with
  /// the same opens are pooled, each owner once per cell; a filter keeps its rows.
  @Test func fewerKeysPoolTheCellsAndAFilterKeepsItsRows() throws {
    let rows = try query {
      $0.by = ["arm,app.opens_per_day"]
      $0.metrics = ["launches_per_device_day"]
      $0.statistics = [.n, .median, .p90]
    }
    #expect(rows[0] == ["arm", "app.opens_per_day", "metric", "n", "median", "p90"])
    #expect(rows.count == 1 + 2 * 2)
    #expect(rows.dropFirst().allSatisfy { $0[3] == "8" }, "4 owners × 2 cells")
    let refresh = try query {
      $0.filters = ["arm=refresh", "tasks.earliest_begin=2h"]
      $0.metrics = ["share_owners_at_least_1_per_day"]
    }
    #expect(refresh.count == 1 + 2 && refresh.dropFirst().allSatisfy { $0[1] == "2h" && $0[2] == "refresh" })
  }

  @Test(arguments: [
    ("metric", "launches_per_day", "--metric: unknown metric 'launches_per_day'"),
    ("by", "app.opens", "--by: "),
    ("where", "tasks.type=processing", "--where: "),
    ("where", "app.opens_per_day=5", "--where app.opens_per_day=5: "),
    ("where", "arm", "--where 'arm': write KEY=VALUE"),
    ("metric", "launched_by_8:00", "--metric: 'launched_by_8:00' is not"),
    ("folder", "/nonexistent", "/nonexistent: no such folder"),
  ])
  func badQueriesAreOneLine(option: String, value: String, message: String) throws {
    var q = SummaryQuery(folders: [Self.folder.path])
    switch option {
    case "metric": q.metrics = [value]
    case "by": q.by = [value]
    case "where": q.filters = [value]
    default: q.folders = [value]
    }
    do {
      _ = try q.run()
      Issue.record("accepted \(option) \(value)")
    } catch {
      #expect(error.message.hasPrefix(message) && !error.message.contains("\n"), "\(error.message)")
    }
  }

  @Test func aFolderThatIsNotABgsimOutputIsRefused() throws {
    let empty = scratch()
    try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
    do {
      _ = try SummaryQuery(folders: [empty.path]).run()
      Issue.record("accepted")
    } catch { #expect(error.message.contains("not a bgsim output folder (no manifest.json)")) }
  }
}
