import DeviceModel
import FileFormats
import Foundation
import TestScratch
import Testing

@testable import Experiments
@testable import Results

@Suite struct SummaryStatisticsTests {
  /// Four owners, two arms, 10 days each. Arm a launches 3 + d times in 10 days per owner
  /// d (0.3, 0.4, 0.5, 0.6 a day); arm b launches d + 1 times (0.1 … 0.4 a day). The paired
  /// difference is 0.2 a day for every owner: mean 0.2, sd 0. Four owners alike cannot
  /// claim a point: the interval is 0.2 ± (1 − 0.025^(1/4)) × 1/10, the share of owners
  /// none of them rules out times one step of a count over 10 days (it was [0.2, 0.2]).
  @Test func pairedDifferenceOfAKnownCase() throws {
    let dir = scratch()
    var launches = CSVSchema.launches.header
    var days = CSVSchema.days.header
    for d in 0..<4 {
      for (arm, n) in [("a", 3 + d), ("b", d + 1)] {
        for i in 0..<n {
          let t = Double(i * 3600 + 100)
          launches +=
            "0,\(arm),0,\(d),com.x,x,refresh,\(t - 100),2026-01-05T00:00:00,\(t - 100),\(t),2026-01-05T0\(i % 10):00:00,\(t + 5),completed,100.000,\(arm == "a" ? 1 : 0),wifi,50.0,0,timer,\n"
        }
        for day in 0..<10 { days += "0,\(arm),0,\(d),\(day),2026-01-05,0,0,0,0,0,0,0,1.00,0,0,,\n" }
      }
    }
    try launches.write(to: dir.appendingPathComponent("launches.csv"), atomically: true, encoding: .utf8)
    try days.write(to: dir.appendingPathComponent("days.csv"), atomically: true, encoding: .utf8)
    // No warm-up day: every row counts.
    let yaml = smallExperiment.replacingOccurrences(of: "warmup_days: 1\n", with: "warmup_days: 0\n")
      .replacingOccurrences(of: "  refresh:\n", with: "  a:\n")
      .replacingOccurrences(of: "  processing:\n", with: "  b:\n")
      .components(separatedBy: "hypotheses:")[0]
    let spec = try ExperimentSpec(tree: ConfigTree.parse(yaml: yaml, file: "e.yaml"), file: "e.yaml")
    // The t interval (the owner bootstrap of small runs is checked apart).
    var plan = spec.summaryPlan
    plan.largestBootstrapOwners = 0
    let tables = try SummaryTables.compute(directory: dir.path, plan: plan)
    let diff = try #require(
      tables.rows.first { $0.kind == .pairedDifference && $0.metric == .launchesPerDeviceDay })
    #expect(diff.arm == "a vs b")
    #expect(diff.n == 4)
    // Owner figures are summed in units of 2⁻³⁰ (``OwnerFigures``): within 10⁻⁹.
    #expect(abs(diff.mean - 0.2) < 1e-9)
    let half = (1 - pow(0.025, 1.0 / 4)) / 10
    #expect(diff.sd == 0 && abs(diff.low - (0.2 - half)) < 1e-9 && abs(diff.high - (0.2 + half)) < 1e-9)
    let a = try #require(
      tables.rows.first { $0.kind == .arm && $0.arm == "a" && $0.metric == .launchesPerDeviceDay })
    #expect(abs(a.mean - 0.45) < 1e-9)
    // sd of 0.3, 0.4, 0.5, 0.6 is 0.129099…; the t interval uses t(0.975, 3) = 3.182446.
    #expect(abs(a.sd - 0.1290994449) < 1e-9)
    #expect(abs(a.high - (0.45 + 3.182446305 * 0.1290994449 / 2)) < 1e-6)
    let charging = try #require(
      tables.rows.first { $0.kind == .pairedDifference && $0.metric == .shareWhileCharging })
    #expect(charging.mean == 1)
  }

  @Test func theBuiltInExperimentIsTheFileInTheRepository() throws {
    let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("experiments/refresh-vs-processing.yaml")
    let text = try String(contentsOf: file, encoding: .utf8)
    #expect(text == DefaultExperiment.text + "\n")
  }

  @Test(arguments: PersonaCatalog.builtIn)
  func theBuiltInPersonasAreTheFilesInTheRepository(name: String) throws {
    let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("experiments/personas/\(name).yaml")
    let text = try String(contentsOf: file, encoding: .utf8)
    #expect(text == (BuiltInPersonas.texts[name] ?? "") + "\n")
    #expect(try PersonaCatalog.load(.builtIn(name)).name == name)
  }
}
