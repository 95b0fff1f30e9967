import Experiments
import FileFormats
import Foundation
import Testing

@testable import Results

/// The first `warmup_days` are simulated but left out of the summary and the
/// hypotheses, and marked in `days.csv`.
@Suite struct WarmupDaysTests {
  static let experiment =
    smallExperiment
    .replacingOccurrences(of: "days: 3\n", with: "days: 4\n")
    .replacingOccurrences(of: "warmup_days: 1\n", with: "warmup_days: 2\n")
    .components(separatedBy: "hypotheses:")[0]

  @Test func warmupDaysAreMarkedAndLeftOutOfTheSummary() throws {
    let out = try runExperiment(Self.experiment)
    let days = try csvRows(out.appendingPathComponent("days.csv").path).dropFirst()
    let d = CSVSchema.days.index
    #expect(days.allSatisfy { $0[d("warmup")] == (Int($0[d("day")])! < 2 ? "1" : "0") })
    // The summary's launches per device-day: each owner's launches over its days after
    // the warm-up, averaged over owners.
    let summary = try csvRows(out.appendingPathComponent("summary.csv").path)
    let s = CSVSchema.summary.index
    for arm in ["refresh", "processing"] {
      let owners = Dictionary(grouping: days.filter { $0[d("arm")] == arm && $0[d("warmup")] == "0" }) {
        $0[d("device")]
      }
      let perOwner = owners.values.map { rows in
        Double(
          rows.reduce(0) {
            $0 + Int($1[d("launches_refresh")])! + Int($1[d("launches_processing")])!
              + Int($1[d("launches_other")])!
          }) / Double(rows.count)
      }
      let expected = perOwner.reduce(0, +) / Double(perOwner.count)
      let row = try #require(
        summary.first {
          $0[s("kind")] == "arm" && $0[s("arm")] == arm && $0[s("metric")] == "launches_per_device_day"
        })
      #expect(abs(Double(row[s("mean")])! - expected) < 1e-5, "\(arm)")
      #expect(Int(row[s("n")]) == owners.count)
    }
  }

  @Test func aWarmupAsLongAsTheRunIsRefused() throws {
    let text = Self.experiment.replacingOccurrences(of: "warmup_days: 2", with: "warmup_days: 4")
    #expect(throws: UserError.self) { try runExperiment(text) }
    do {
      try runExperiment(text)
    } catch let error as UserError {
      #expect(error.message.contains("warmup_days"), "\(error.message)")
      #expect(!error.message.contains("\n"))
    }
  }
}
