import Experiments
import FileFormats
import Foundation
import TestScratch
import Testing

@testable import Results

/// A submission the app's `BGTaskScheduler` rejects is a row of `launches.csv` (outcome
/// `rejected`, its error code in `error_code`), an event in `timelines.csv`, and a line
/// in `bgsim explain`.
@Suite struct RejectedSubmissionTests {
  /// Two refresh identifiers: iOS keeps one refresh request pending per app, so the
  /// second submission at each launch throws `tooManyPendingTaskRequests` (code 2).
  static let experiment = """
    name: rejections
    days: 3
    devices: 3
    seed: 3
    persona: typical
    app:
      bundle: com.example.rejections
      background_modes: [fetch]
      permitted_identifiers: [r1, r2]
      opens_per_day: 4
    arms:
      two-refresh:
        tasks:
          - {identifier: r1, type: refresh, earliest_begin: 1h, submit: [on_launch]}
          - {identifier: r2, type: refresh, earliest_begin: 1h, submit: [on_launch]}
    """

  @Test func aRejectedSubmissionIsARowAnEventAndALine() throws {
    let out = try runExperiment(Self.experiment)
    let launches = try csvRows(out.appendingPathComponent("launches.csv").path)
    let column = CSVSchema.launches.index
    let rejected = launches.dropFirst().filter { $0[column("outcome")] == "rejected" }
    #expect(!rejected.isEmpty)
    for row in rejected {
      #expect(row[column("task_id")] == "r2")
      #expect(row[column("kind")] == "refresh")
      #expect(row[column("error_code")] == "2")
      #expect(row[column("launched_at_s")].isEmpty)
    }
    // Every other row has no error code.
    #expect(
      launches.dropFirst().filter { $0[column("outcome")] != "rejected" }.allSatisfy {
        $0[column("error_code")].isEmpty
      })
    let timelines = try csvRows(out.appendingPathComponent("timelines.csv").path)
    let event = CSVSchema.timelines.index("event")
    #expect(timelines.contains { $0[event] == "submit_failed" })
    var explain = Explanation(file: write(Self.experiment))
    explain.task = "r2"
    explain.days = 2
    let text = try explain.render()
    #expect(text.contains("submit rejected: BGTaskSchedulerErrorCodeTooManyPendingTaskRequests"), "\(text)")
  }
}
