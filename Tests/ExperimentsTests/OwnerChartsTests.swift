import FileFormats
import Foundation
import TestScratch
import Testing

@testable import Experiments
@testable import Report
@testable import Results

/// The report's views across the run and across owners read the same owners and days as
/// the summary.
@Suite struct OwnerChartsTests {
  @Test func theOwnerChartsAgreeWithTheSummary() throws {
    let text =
      smallExperiment.replacingOccurrences(of: "devices: 4", with: "devices: 12")
      .components(separatedBy: "hypotheses:")[0]
      + "hypotheses:\n  - \"refresh share_owners_at_least_1_per_day >= 0\"\n"
      + "  - \"processing share_owners_at_least_2_per_day >= 0\"\n"
    let out = try runExperiment(text)
    let data = try ReportSections.runDays(
      launches: out.appendingPathComponent("launches.csv").path,
      days: out.appendingPathComponent("days.csv").path, cell: 0)
    let (s, summary) = try csvTable(out, .summary)
    for (arm, n) in [("refresh", 1), ("processing", 2)] {
      let owners = Array(data.owners[arm]!.values)
      #expect(owners.count == 12 && owners.allSatisfy { $0.days == 2 }, "3 days, 1 of warm-up")
      let share = ReportSections.ownerShare(owners.filter { $0.launches >= n * $0.days }.count, of: 12)
      let row = try #require(
        summary.first {
          $0[s("kind")] == "arm" && $0[s("arm")] == arm
            && $0[s("metric")] == "share_owners_at_least_\(n)_per_day"
        })
      #expect(abs(share.estimate - Double(row[s("mean")])!) < 1e-6, "\(arm)")
      #expect(share.lower >= 0 && share.upper <= 1)
      // Nights with a run are counted days, at most one per day.
      #expect(owners.allSatisfy { $0.nightsWithRun <= $0.days })
      // Day by day: one value per owner and day, the warm-up day included.
      #expect(
        data.byDay[arm]!.keys.sorted() == [0, 1, 2] && data.byDay[arm]!.values.allSatisfy { $0.count == 12 })
      let launches = owners.map(\.launches).reduce(0, +)
      let counted = (data.byDay[arm]![1]! + data.byDay[arm]![2]!).reduce(0, +)
      #expect(Double(launches) == counted)
    }
    #expect(data.warmupDays == 1)
  }
}
