import FileFormats
import Foundation
import TestScratch
import Testing

@testable import Experiments
@testable import Results

/// `launched_by_HH:MM`: each owner's share of its days (after the warm-up) with a
/// successful run launched between midnight and HH:MM, averaged over owners.
@Suite struct LaunchedByTests {
  @Test func theMetricIsItsDefinitionAndHypothesesNameIt() throws {
    let text =
      smallExperiment.replacingOccurrences(of: "days: 3", with: "days: 4")
      + "\n  - \"refresh launched_by_08:00 <= 1\"\n"
    var request = RunRequest()
    request.file = write(text)
    request.out = scratch().path
    request.by = ["13:30", "24:00"]
    let (report, _, _) = try request.run { _, _ in }
    #expect(report.contains("launched_by_08:00") && report.contains("launched_by_13:30"))
    #expect(report.contains("launched_by_24:00"))
    let out = URL(fileURLWithPath: request.out!)
    let summary = try csvRows(out.appendingPathComponent("summary.csv").path)
    let launches = try csvRows(out.appendingPathComponent("launches.csv").path).dropFirst()
    let days = try csvRows(out.appendingPathComponent("days.csv").path).dropFirst()
    let l = CSVSchema.launches.index
    let d = CSVSchema.days.index
    // 24:00: the share of days with any successful run.
    for (time, seconds) in [("08:00", 28_800.0), ("13:30", 48_600.0), ("24:00", 86_400.0)] {
      for arm in ["refresh", "processing"] {
        // By owner: its days after the warm-up, and the days with a run by the time.
        var ownerDays: [String: Double] = [:]
        for r in days where r[1] == arm && r[d("warmup")] == "0" {
          ownerDays["\(r[2])|\(r[3])", default: 0] += 1
        }
        var early: [String: Set<Int>] = [:]
        for r in launches where r[1] == arm && r[l("outcome")] == "completed" {
          guard let at = Double(r[l("launched_at_s")]), at >= 86_400 else { continue }
          if at.truncatingRemainder(dividingBy: 86_400) <= seconds {
            early["\(r[2])|\(r[3])", default: []].insert(Int(at / 86_400))
          }
        }
        let shares = ownerDays.keys.sorted().map { Double(early[$0]?.count ?? 0) / ownerDays[$0]! }
        let row = try #require(
          summary.first { $0[1] == "arm" && $0[2] == arm && $0[3] == "launched_by_\(time)" })
        #expect(
          abs(Double(row[CSVSchema.summary.index("mean")])! - shares.reduce(0, +) / Double(shares.count))
            < 1e-5, "\(arm) \(time)")
        #expect(Int(row[5]) == shares.count)
      }
    }
    let verdicts = try csvRows(out.appendingPathComponent("hypotheses.csv").path)
    #expect(
      verdicts.contains {
        $0[1] == "refresh launched_by_08:00 <= 1" && $0[CSVSchema.hypotheses.index("result")] == "PASS"
      })
  }

  @Test func aTimeThatIsNoTimeOfDayIsOneLine() throws {
    var request = RunRequest()
    request.by = ["25:00"]
    #expect(
      request.problem()
        == "--by 25:00 is no time to count runs by; write HH:MM, \(MetricName.launchedByTimes), e.g. --by 08:00"
    )
    // 00:00 counts runs launched by the day's first instant: 0 on every run, so it is
    // refused; 24:00, the whole day, is a time.
    request.by = ["00:00"]
    #expect(request.problem()?.hasPrefix("--by 00:00 is no time to count runs by") == true)
    request.by = ["24:00"]
    #expect(request.problem() == nil)
    for name in ["launched_by_00:00", "launched_by_24:01", "launched_by_25:00"] {
      #expect(MetricName(rawValue: name) == nil && MetricName.familyProblem(name) != nil, "\(name)")
    }
    let text = smallExperiment + "\n  - \"refresh launched_by_8:00 >= 0.5\"\n"
    do {
      _ = try ExperimentSpec(tree: ConfigTree.parse(yaml: text, file: "e.yaml"), file: "e.yaml")
      Issue.record("accepted launched_by_8:00")
    } catch {
      #expect(
        error.description.contains("'launched_by_8:00' is not a form of launched_by_HH:MM"),
        "\(error.description)")
    }
  }

  /// `share_opens_with_run_in_hour_before`: each owner's share of its app opens (after the
  /// warm-up) with a successful run less than an hour before, from `days.csv`'s
  /// `opens_fresh_1h` and `app_opens`, averaged over owners.
  @Test func theShareOfOpensAfterAFreshRunIsItsDefinition() throws {
    let out = try runExperiment(smallExperiment.replacingOccurrences(of: "days: 3", with: "days: 4"))
    let days = try csvRows(out.appendingPathComponent("days.csv").path).dropFirst()
    let summary = try csvRows(out.appendingPathComponent("summary.csv").path)
    let d = CSVSchema.days.index
    for arm in ["refresh", "processing"] {
      var opens: [String: (fresh: Double, all: Double)] = [:]
      for r in days where r[1] == arm && r[d("warmup")] == "0" {
        let fresh = Double(r[d("opens_fresh_1h")])!
        let all = Double(r[d("app_opens")])!
        #expect(fresh <= all)
        opens["\(r[2])|\(r[3])", default: (0, 0)].fresh += fresh
        opens["\(r[2])|\(r[3])", default: (0, 0)].all += all
      }
      let shares = opens.values.filter { $0.all > 0 }.map { $0.fresh / $0.all }
      let row = try #require(
        summary.first { $0[1] == "arm" && $0[2] == arm && $0[3] == "share_opens_with_run_in_hour_before" })
      #expect(Int(row[5]) == shares.count)
      #expect(
        abs(Double(row[CSVSchema.summary.index("mean")])! - shares.reduce(0, +) / Double(shares.count))
          < 1e-5, "\(arm)")
    }
  }

  /// The metric's former name, `launches_in_hour_before_open`, is still read (it was a
  /// share of opens named as a count of launches), as the new name, and a file that
  /// uses it gets one warning line naming the new one.
  @Test func theFormerNameOfTheShareOfOpensIsReadWithANote() throws {
    #expect(MetricName(rawValue: "launches_in_hour_before_open") == .shareOpensWithRunInHourBefore)
    let h = try Hypothesis(
      parsing: "refresh launches_in_hour_before_open > 0.1", arms: ["refresh"],
      metrics: MetricName.allCases.map(\.rawValue))
    #expect(h.metric == "share_opens_with_run_in_hour_before")
    let file = scratchFolder("former-name").appendingPathComponent("e.yaml").path
    try smallExperiment.replacingOccurrences(
      of: "hypotheses:", with: "hypotheses:\n  - \"refresh launches_in_hour_before_open > 0.1\""
    )
    .write(toFile: file, atomically: true, encoding: .utf8)
    let warnings = try FileValidation.checkExperimentWithWarnings(file).warnings
    #expect(warnings.count == 1)
    #expect(
      warnings.first?.contains(
        "launches_in_hour_before_open is now called share_opens_with_run_in_hour_before") == true)
  }

  /// `share_owners_none`: the share of owners with no launch in `launches.csv` after the
  /// warm-up, over the owners with days after it.
  @Test func theShareOfOwnersWithoutALaunchIsItsDefinition() throws {
    // Opened rarely, so that some owners get no refresh at all in two days.
    let text = smallExperiment.replacingOccurrences(of: "devices: 4", with: "devices: 30")
      .replacingOccurrences(of: "opens_per_day: 5", with: "opens_per_day: 0.3")
    let out = try runExperiment(text)
    let launches = try csvRows(out.appendingPathComponent("launches.csv").path).dropFirst()
    let summary = try csvRows(out.appendingPathComponent("summary.csv").path)
    let l = CSVSchema.launches.index
    var shares: [Double] = []
    for arm in ["refresh", "processing"] {
      let launched = Set(
        launches.filter { r in
          r[1] == arm && (Double(r[l("launched_at_s")]).map { $0 >= 86_400 } ?? false)
        }.map { $0[l("device")] })
      let row = try #require(summary.first { $0[1] == "arm" && $0[2] == arm && $0[3] == "share_owners_none" })
      #expect(Int(row[5]) == 30)
      let share = Double(30 - launched.count) / 30
      #expect(abs(Double(row[CSVSchema.summary.index("mean")])! - share) < 1e-6, "\(arm)")
      shares.append(share)
    }
    // The experiment is set so that the figure is not trivially 0 or 1.
    #expect(shares.contains { $0 > 0 && $0 < 1 })
  }
}
