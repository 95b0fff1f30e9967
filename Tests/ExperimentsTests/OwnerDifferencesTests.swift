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
    .replacingOccurrences(of: "days: 30", with: "days: 10\nwarmup_days: 0")
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
    .replacingOccurrences(of: "days: 30", with: "days: 10")
    .replacingOccurrences(of: "devices: 200", with: "devices: 120")
    .components(separatedBy: "hypotheses:")[0]

  @Test func ownersDifferBeyondTheirDays() throws {
    let with = try icc(runExperiment(Self.shortDefault))
    let without = try icc(
      runExperiment(
        Self.shortDefault.replacingOccurrences(
          of: "  model: ios\n",
          with:
            "  model: ios\n  owners: {leniency_sigma: 0, processing_spacing_sigma: 0, overdue_sigma: 0, install_warmup_sigma: 0}\n"
        )))
    for arm in ["refresh", "processing"] {
      let w = try #require(with[arm])
      let wo = try #require(without[arm])
      #expect(w >= 0.2, "\(arm): \(w)")
      #expect(wo < w, "\(arm): \(wo) without the effects, \(w) with")
    }
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
