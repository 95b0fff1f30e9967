import Foundation
import TestScratch
import Testing

@Suite struct ReportCommandTests {
  @Test func runWithReportWritesThePageAndAStrangeFolderExitsWithTwo() throws {
    let dir = scratchFolder("report")
    let out = dir.appendingPathComponent("out")
    let run = try BGSimBinary.run([
      "run", "--days", "3", "--warmup-days", "1", "--devices", "4", "--out", out.path, "--quiet", "--report",
    ])
    // Tiny runs may fail a claim (exit 1) or leave one undecided (3); the report is
    // written either way.
    #expect([0, 1, 3, 4].contains(run.status), "\(run.standardError)")
    let html = try String(contentsOf: out.appendingPathComponent("report.html"), encoding: .utf8)
    #expect(html.hasPrefix("<!DOCTYPE html>"))
    #expect(html.contains("id=\"hour-of-day\""))
    let strange = try BGSimBinary.run(["report", dir.path])
    #expect(strange.status == 2)
    #expect(strange.standardError.contains("not a bgsim output folder"))
  }
}
