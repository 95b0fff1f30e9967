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

  /// Few runs accept an interval that holds the truth far less often than 95 %: 2 of 5
  /// is in band for a true coverage of 0.9 (Binomial(5, 0.9)'s 0.1 % quantile), so the
  /// table says so; 200 runs (the brief's study) accept 166 and up, and it says nothing.
  @Test func fewRunsSayHowLittleTheyTell() {
    let band = 0.9...0.99
    let few = CoverageRow.table([], runs: 5, devices: 20, referenceDevices: 1500, band: band)
    #expect(few.contains("with 5 runs a coverage as low as 0.400 is in band (200 runs accept 0.830 and up)"))
    let standard = CoverageRow.table([], runs: 200, devices: 40, referenceDevices: 1500, band: band)
    #expect(!standard.contains("as low as"))
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
