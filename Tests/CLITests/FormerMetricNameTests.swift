import Foundation
import TestScratch
import Testing

/// A metric asked for by its former name on the command line is answered under its new
/// name, with one note on standard error.
@Suite struct FormerMetricNameTests {
  @Test func summarizeReadsTheFormerNameWithANote() throws {
    let out = scratchFolder("former-metric").appendingPathComponent("out")
    let run = try BGSimBinary.run([
      "run", "--days", "3", "--warmup-days", "1", "--devices", "4", "--out", out.path, "--quiet",
    ])
    #expect([0, 1, 3, 4].contains(run.status), "\(run.standardError)")
    let summary = try BGSimBinary.run(["summarize", out.path, "--metric", "launches_in_hour_before_open"])
    #expect(summary.status == 0, "\(summary.standardError)")
    #expect(summary.standardOutput.contains("share_opens_with_run_in_hour_before"))
    #expect(!summary.standardOutput.contains("launches_in_hour_before_open"))
    let notes = summary.standardError.split(separator: "\n")
    #expect(notes.count == 1)
    #expect(
      notes.first?.hasPrefix(
        "bgsim: --metric: note: launches_in_hour_before_open is now called share_opens_with_run_in_hour_before"
      )
        == true, "\(summary.standardError)")
  }
}
