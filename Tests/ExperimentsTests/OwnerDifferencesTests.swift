import Experiments
import Foundation
import Testing

@testable import FileFormats
@testable import Results

/// Owners of one persona differ (issue 25): the intra-class correlation of launches
/// per day is at least 0.2 with the owner effects, and the install day does not
/// run backwards.
@Suite struct OwnerDifferencesTests {
  static let experiment = DefaultExperiment.text
    .replacingOccurrences(of: "days: 30", with: "days: 10").replacingOccurrences(
      of: "warmup_days: auto", with: "warmup_days: 1"
    )
    .replacingOccurrences(of: "warmup_days: auto", with: "warmup_days: 0")
    .replacingOccurrences(of: "devices: 200", with: "devices: 120")
    .components(separatedBy: "hypotheses:")[0]

  func icc(_ out: URL) throws -> [String: Double] {
    let rows = try csvRows(out.appendingPathComponent("summary.csv").path)
    let s = CSVSchema.summary.index
    var byArm: [String: Double] = [:]
    for r in rows.dropFirst() where r[s("metric")] == "icc_launches_per_day" {
      byArm[r[s("arm")]] = Double(r[s("mean")])
    }
    return byArm
  }

  /// The default experiment as it is (its install day a warm-up, left out of the
  /// summary), for 10 days of 120 owners.
  static let shortDefault = DefaultExperiment.text
    .replacingOccurrences(of: "days: 30", with: "days: 10").replacingOccurrences(
      of: "warmup_days: auto", with: "warmup_days: 1"
    )
    .replacingOccurrences(of: "devices: 200", with: "devices: 120")
    .components(separatedBy: "hypotheses:")[0]

  @Test func ownersDifferBeyondTheirDays() throws {
    let with = try icc(runExperiment(Self.shortDefault))
    let without = try icc(
      runExperiment(
        Self.shortDefault.replacingOccurrences(
          of: "  model: ios\n",
          with:
            "  model: ios\n  owners: {processing_spacing_sigma: 0, stalled_release_share: 0}\n"
        )))
    for arm in ["refresh", "processing"] {
      let w = try #require(with[arm])
      let wo = try #require(without[arm])
      #expect(w >= 0.2, "\(arm): \(w)")
      #expect(wo < w, "\(arm): \(wo) without the effects, \(w) with")
    }
  }

  /// A phone on a stalled release (field observation G3) runs none of the app's work in
  /// either arm: with every phone stalled no owner gets a launch, and in the default the
  /// owners with no launch at all are the same in both arms.
  @Test func aStalledReleaseRunsNothingInEitherArm() throws {
    let stalled = try runExperiment(
      Self.shortDefault.replacingOccurrences(
        of: "  model: ios\n", with: "  model: ios\n  owners: {stalled_release_share: 1}\n"))
    let d = CSVSchema.days.index
    let stalledDays = try csvRows(stalled.appendingPathComponent("days.csv").path).dropFirst()
    #expect(stalledDays.count == 2 * 120 * 10)
    #expect(
      stalledDays.allSatisfy { $0[d("launches_refresh")] == "0" && $0[d("launches_processing")] == "0" })
    let days = try csvRows(runExperiment(Self.shortDefault).appendingPathComponent("days.csv").path)
      .dropFirst()
    var launched: [String: Set<String>] = [:]
    for r in days where r[d("launches_refresh")] != "0" || r[d("launches_processing")] != "0" {
      launched[r[d("arm")], default: []].insert(r[d("device")])
    }
    let refresh = try #require(launched["refresh"])
    #expect(refresh == launched["processing"])
    // 120 owners at a share of 0.058: 7 ± 3 × 2.6 stalled (binomial sd), so some and few.
    #expect((1...15).contains(120 - refresh.count), "\(120 - refresh.count) owners with no launch")
  }

  /// Day 0 has no launches (the install warm-up); day 1 has no more than 1.5 times the
  /// mean of days 3-9 (a fresh usage history predicts less, not more).
  @Test func theInstallDayDoesNotRunBackwards() throws {
    let out = try runExperiment(Self.experiment)
    let days = try csvRows(out.appendingPathComponent("days.csv").path).dropFirst()
    let d = CSVSchema.days.index
    for (arm, column) in [("refresh", "launches_refresh"), ("processing", "launches_processing")] {
      var perDay = [Double](repeating: 0, count: 10)
      for r in days where r[d("arm")] == arm { perDay[Int(r[d("day")])!] += Double(r[d(column)])! }
      #expect(perDay[0] == 0, "\(arm): \(perDay)")
      let steady = perDay[3...].reduce(0, +) / 7
      #expect(steady > 0)
      #expect(perDay[1] <= 1.5 * steady, "\(arm): day 1 \(perDay[1]) vs \(steady) a day later")
    }
  }
}
