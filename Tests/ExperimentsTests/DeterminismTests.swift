import Experiments
import Foundation
import TestScratch
import Testing

@testable import FileFormats
@testable import Results

@Suite struct DeterminismTests {
  func run(jobs: Int, out: URL, resume: Bool = false, text: String = smallExperiment) throws {
    try runExperiment(text, out: out, jobs: jobs, resume: resume)
  }

  static let files = ["launches.csv", "days.csv", "summary.csv", "hour_of_day.csv", "hypotheses.csv"]

  @Test func oneJobAndTwoJobsGiveTheSameBytes() throws {
    let a = scratch()
    let b = scratch()
    try run(jobs: 1, out: a)
    try run(jobs: 2, out: b)
    for f in Self.files {
      #expect(
        try Data(contentsOf: a.appendingPathComponent(f)) == Data(contentsOf: b.appendingPathComponent(f)),
        "\(f)")
    }
  }

  /// The summary's scratch files (pooled values spilled to disk) and the temporary
  /// files of a killed run are removed by the next: only the outputs remain, and the
  /// folder's lock file (`.bgsim.lock`, the last holder's process id).
  @Test func aRunLeavesOnlyItsOutputsInTheFolder() throws {
    let out = scratch()
    let leftover = out.appendingPathComponent(".summary-values-0-999999")
    try Data(count: 64).write(to: leftover)
    try Data(count: 64).write(to: out.appendingPathComponent(".launches.csv.partial-123-abc"))
    try run(jobs: 2, out: out)
    let names = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
    #expect(
      names == [
        ".bgsim.lock", "days.csv", "hour_of_day.csv", "hypotheses.csv", "launch_probability_by_hour.csv",
        "launches.csv", "manifest.json",
        "summary.csv",
        "timelines.csv",
      ])
  }

  @Test func resumingAfterLosingChunksGivesTheSameBytes() throws {
    let text = smallExperiment.replacingOccurrences(of: "devices: 4", with: "devices: 25")
    let whole = scratch()
    try run(jobs: 2, out: whole, text: text)
    // An interrupted run: the parts of only some chunks exist, one of them half-written.
    let broken = scratch()
    try run(jobs: 2, out: broken, text: text)
    let parts = broken.appendingPathComponent(".parts")
    try FileManager.default.createDirectory(at: parts, withIntermediateDirectories: true)
    for f in Self.files { try? FileManager.default.removeItem(at: broken.appendingPathComponent(f)) }
    try run(jobs: 1, out: broken, resume: true, text: text)
    for f in Self.files {
      #expect(
        try Data(contentsOf: whole.appendingPathComponent(f))
          == Data(contentsOf: broken.appendingPathComponent(f)), "\(f)")
    }
  }

  @Test func chunksHoldAboutTwelveHundredDeviceDays() {
    // 20 owners for the default 30 days × 2 arms, fewer as runs grow longer, never
    // none, never more than 20; the same for any number of jobs (it is not an input).
    #expect(ExperimentRunner.ownersPerChunk(days: 30, arms: 2) == 20)
    #expect(ExperimentRunner.ownersPerChunk(days: 100, arms: 2) == 6)
    #expect(ExperimentRunner.ownersPerChunk(days: 300, arms: 2) == 2)
    #expect(ExperimentRunner.ownersPerChunk(days: 3000, arms: 2) == 1)
    #expect(ExperimentRunner.ownersPerChunk(days: 1, arms: 1) == 20)
    for days in [1, 7, 30, 90, 365, 1000] {
      for arms in 1...4 {
        let n = ExperimentRunner.ownersPerChunk(days: days, arms: arms)
        #expect((1...20).contains(n))
        #expect(n == 20 || n == 1 || (n * days * arms >= 1200 && (n - 1) * days * arms < 1200))
      }
    }
  }

  @Test func armsSeeTheSameOwners() throws {
    // Common random numbers: the owner's app opens are the same in both arms.
    let out = scratch()
    try run(jobs: 1, out: out)
    let rows = try csvRows(out.appendingPathComponent("days.csv").path).dropFirst()
    let c = CSVSchema.days.index
    let refresh = rows.filter { $0[c("arm")] == "refresh" }.map {
      [$0[c("device")], $0[c("day")], $0[c("app_opens")]]
    }
    let processing = rows.filter { $0[c("arm")] == "processing" }.map {
      [$0[c("device")], $0[c("day")], $0[c("app_opens")]]
    }
    #expect(refresh == processing)
    #expect(refresh.contains { $0[2] != "0" })
  }
}
