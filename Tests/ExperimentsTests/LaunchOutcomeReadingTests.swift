import Foundation
import IOSModel
import TestScratch
import Testing

@testable import FileFormats
@testable import Report
@testable import Results

/// One reading of a run's end for every reader: the rows (launches.csv's `outcome`) and
/// the report's day view agree, whatever the iOS model reports.
@Suite struct LaunchOutcomeReadingTests {
  @Test func everyCompletionTheAppCanReportIsReadAsTheModelMeansIt() {
    for completion in TaskCompletion.allCases {
      let read = LaunchOutcome(completion: completion.rawValue, expired: false)
      let meant: LaunchOutcome =
        completion.succeeded ? .completed : completion == .expiredWithoutHandler ? .expired : .failed
      #expect(read == meant, "\(completion.rawValue) read as \(read.text)")
      // A run the system expired first is expired however it ended.
      #expect(LaunchOutcome(completion: completion.rawValue, expired: true) == .expired)
    }
  }

  @Test func aFetchEndingWithNewDataIsDrawnCompletedInTheDayView() throws {
    let path = scratchFolder("launch-outcome-reading").appendingPathComponent("timelines.csv").path
    let header = CSVSchema.timelines.columns.joined(separator: ",")
    // Three runs of one owner's day: a legacy fetch with new data, a refresh that
    // succeeded after its expiry, a processing task that failed.
    let rows = [
      "0,a,0,0,,0,3600,app,launch,fetch,,80",
      "0,a,0,0,,0,3610,app,complete,fetch,new_data,80",
      "0,a,0,0,,0,7200,app,launch,sync,,80",
      "0,a,0,0,,0,7230,app,expire,sync,time_limit,80",
      "0,a,0,0,,0,7231,app,complete,sync,success,80",
      "0,a,0,0,,0,9000,app,launch,clean,,80",
      "0,a,0,0,,0,9100,app,complete,clean,failure,80",
    ]
    try (([header] + rows).joined(separator: "\n") + "\n").write(
      toFile: path, atomically: true, encoding: .utf8)
    let html = try ReportSections.dayInTheLife(path, arms: ["a"], start: nil)
    #expect(html.contains("fetch: completed"))
    #expect(!html.contains("fetch: failed"))
    #expect(html.contains("sync: expired"))
    #expect(html.contains("clean: failed"))
  }
}
