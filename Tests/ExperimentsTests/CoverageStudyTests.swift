import Foundation
import Results
import TestScratch
import Testing

@testable import Experiments

/// `bgsim coverage` runs its small runs several at a time; what it counts may not depend
/// on how many, nor on the order in which they finish.
@Suite struct CoverageStudyTests {
  /// The study's `coverage.csv` and the counts behind it, with `jobs` jobs.
  func study(jobs: Int) throws -> (file: Data, rows: [CoverageRow]) {
    var request = RunRequest()
    request.file = write(smallExperiment)
    request.jobs = jobs
    var options = CoverageStudy.Options()
    (options.runs, options.devices, options.referenceDevices) = (6, 3, 12)
    let directory = scratch().path
    let study = try CoverageStudy.run(request, options: options, directory: directory) { _, _ in }
    let file = try Data(contentsOf: URL(fileURLWithPath: directory).appendingPathComponent("coverage.csv"))
    // Only the reference folder stays; each small run's folder is removed once read.
    let left = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
    #expect(left == ["coverage.csv", "reference"], "jobs \(jobs): \(left)")
    return (file, study.rows)
  }

  @Test func oneJobAndThreeGiveTheSameCounts() throws {
    let one = try study(jobs: 1)
    let three = try study(jobs: 3)
    #expect(one.file == three.file)
    // Every interval was counted in every run that gave one: six runs, not fewer.
    #expect(!one.rows.isEmpty)
    #expect(one.rows.allSatisfy { $0.runs <= 6 } && one.rows.contains { $0.runs == 6 })
  }
}
