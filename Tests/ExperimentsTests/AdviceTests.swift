import FileFormats
import Foundation
import TestScratch
import Testing

@testable import Experiments
@testable import Results

/// `bgsim advise`: the cheapest swept task configuration that meets a goal.
@Suite struct AdviceTests {
  static let experiment =
    smallExperiment.replacingOccurrences(of: "days: 3", with: "days: 4")
    .replacingOccurrences(of: "devices: 4", with: "devices: 16")
    + "\nsweep:\n  grid: {tasks.earliest_begin: [\"05:00\", 15m, 2h]}\n"

  static func advise(_ goalText: String) throws -> (Advice, Advice.Goal) {
    let goal = try Advice.Goal(parsing: goalText)
    var request = RunRequest()
    request.file = write(experiment)
    request.out = scratch().path
    let spec = try Advice.prepare(try request.load(), goal: goal, minimise: .energyPerDay)
    let summary = try request.runForSummary(spec) { _, _ in }
    let advice = try Advice(
      summary: summary, plan: spec.summaryPlan, goal: goal, minimise: .energyPerDay,
      directory: request.outputDirectory(for: spec))
    return (advice, goal)
  }

  /// A goal is met by the rule of a hypothesis against a number: the whole interval on
  /// the claimed side, the bound itself counting only for `>=` and `<=`.
  @Test func aGoalIsMetWhenItsWholeIntervalIsOnTheClaimedSide() throws {
    let cases: [(String, Double, Double, Bool)] = [
      (">= 0.9", 0.9, 1, true), ("> 0.9", 0.9, 1, false), (">= 0.9", 0.89, 1, false),
      ("<= 2", 0, 2, true), ("< 2", 0, 2, false), ("< 2", 0, 1.99, true),
    ]
    for (text, low, high, met) in cases {
      let goal = try Advice.Goal(parsing: "launches_per_device_day " + text)
      #expect(goal.isMet(low: low, high: high) == met, "\(text) with [\(low), \(high)]")
      // An estimate on the claimed side is no shortfall.
      #expect(goal.shortfall((low + high) / 2) <= 0 || !met, "\(text)")
    }
  }

  /// A share's goal may be a percentage, as a hypothesis's value may.
  @Test func aGoalMayBeAPercentage() throws {
    let goal = try Advice.Goal(parsing: "launched_by_08:00 >= 90%")
    #expect(goal.value == 0.9 && goal.comparison == .greaterOrEqual)
    // With a space before the sign or the unit, as a hypothesis may be written.
    #expect(try Advice.Goal(parsing: "launched_by_08:00 >= 90 %").value == 0.9)
    #expect(try Advice.Goal(parsing: "delay_after_earliest_s < 1 h").value == 3600)
  }

  @Test func theCheapestOptionMeetingTheGoalIsChosen() throws {
    let (advice, goal) = try Self.advise("launches_per_device_day >= 0.05")
    #expect(advice.options.count == 6, "3 cells × 2 arms")
    let meeting = advice.options.filter(\.meetsGoal)
    #expect(!meeting.isEmpty && advice.met)
    let chosen = try #require(advice.chosen)
    #expect(chosen.meetsGoal && meeting.allSatisfy { $0.cost.mean >= chosen.cost.mean })
    // Met means the whole interval is on the goal's side.
    for o in advice.options { #expect(o.meetsGoal == (o.goal.low >= 0.05)) }
    let lines = advice.text(goal: goal, minimise: .energyPerDay, sweptKeys: ["tasks.earliest_begin"])
      .split(separator: "\n").map(String.init)
    #expect(lines.last?.hasPrefix("cheapest meeting launches_per_device_day >= 0.05") == true)
    // The whole option table, best first: a header and one line per (cell, arm), each
    // naming its swept value; those meeting the goal first, cheapest first.
    #expect(lines.count == 1 + 1 + 6 + 1, "\(lines)")
    #expect(lines[1].contains("tasks.earliest_begin") && lines[1].contains("meets goal"))
    let ranked = advice.ranked
    #expect(ranked.count == 6 && ranked.first?.cell == chosen.cell && ranked.first?.arm == chosen.arm)
    let met = ranked.map(\.meetsGoal)
    #expect(met == met.sorted { $0 && !$1 }, "meeting options first")
    let costs = ranked.filter(\.meetsGoal).map(\.cost.mean)
    #expect(costs == costs.sorted())
    for (line, option) in zip(lines[2...], ranked) {
      let value = option.overrides.first { $0.path == "tasks.earliest_begin" }!.value
      #expect(line.contains(" \(value) ") && line.hasSuffix(option.meetsGoal ? "yes" : "no"), "\(line)")
    }
  }

  @Test func whenNoneMeetsItTheNearestIsGiven() throws {
    let (advice, goal) = try Self.advise("launched_by_06:00 >= 0.99")
    #expect(!advice.met)
    let nearest = try #require(advice.chosen)
    #expect(advice.options.allSatisfy { $0.goal.estimate <= nearest.goal.estimate || $0.goal.estimate.isNaN })
    let lines = advice.text(goal: goal, minimise: .energyPerDay).split(separator: "\n")
    let last = try #require(lines.dropLast().last)
    #expect(last.hasPrefix("none of the 6 meets launched_by_06:00 >= 0.99"))
    // It says what holds the nearest back: here its estimate is below the goal.
    #expect(last.hasSuffix("is itself on the wrong side of 0.990"), "\(last)")
    // Then what no option reaches: every owner-day after the warm-up (16 owners, 3
    // days) once, whatever the option; the share some option reached bounds every
    // option's estimate (each owner has the same days, so an option's mean of owner
    // shares is its share of owner-days).
    let reach = try #require(advice.reach)
    #expect(reach.days == 16 * 3)
    #expect(reach.unreached > 0 && reach.neverLaunched + reach.offCharger <= reach.unreached)
    #expect(advice.options.allSatisfy { $0.goal.estimate <= reach.ceiling + 1e-9 }, "\(reach)")
    let said = try #require(lines.last)
    #expect(said.hasPrefix("no option ran by 06:00 on "), "\(said)")
    #expect(said.contains("(\(reach.unreached) of 48)"), "\(said)")
    #expect(said.hasSuffix("and the goal asks 0.99") == (reach.ceiling < 0.99), "\(said)")
  }

  /// A met goal says nothing of reach; a goal that is not `launched_by_HH:MM` has none.
  @Test func reachIsReadOnlyForAnUnmetLaunchedByGoal() throws {
    #expect(try Self.advise("launches_per_device_day >= 0.05").0.reach == nil)
    #expect(try Self.advise("launches_per_device_day >= 500").0.reach == nil)
  }

  /// A column of the option table keeps one number of decimals (0.647 [0.565, 0.720],
  /// not 0.647 [0.565, 0.72]).
  @Test func eachColumnKeepsOneNumberOfDecimals() throws {
    let (advice, goal) = try Self.advise("launches_per_device_day >= 0.05")
    let lines = advice.text(goal: goal, minimise: .energyPerDay).split(separator: "\n").dropFirst(2)
      .dropLast()
    #expect(lines.count == 6)
    for line in lines {
      let numbers = line.split(whereSeparator: { " [],".contains($0) }).filter { $0.contains(".") }
      let decimals = Set(numbers.prefix(3).map { $0.split(separator: ".").last!.count })
      #expect(decimals.count == 1, "\(line)")
    }
  }

  @Test(arguments: [
    ("launched_by_8:00 >= 0.9", "--goal: 'launched_by_8:00' is not a form of launched_by_HH:MM"),
    ("icc_launches_per_day >= 0.5", "--goal: unknown metric 'icc_launches_per_day'"),
    ("launched_by_08:00 0.9", "--goal 'launched_by_08:00 0.9': write METRIC OP VALUE"),
    ("launched_by_08:00 >= lots", "--goal: 'lots' is not a number or a duration"),
    ("launched_by_08:00 >= 0.9 extra", "--goal: '0.9 extra' is not a number or a duration"),
    // A quantile is a hypothesis's: the goal is on the mean, and the line says how to write it.
    (
      "median delay_after_earliest_s < 1h",
      "--goal 'median delay_after_earliest_s < 1h': a goal is met by a metric's mean, its 95 % interval; "
        + "write delay_after_earliest_s < 1h, or claim the median in the experiment's hypotheses"
    ),
    (
      "launched_by_08:00 >= 1.9",
      "--goal 'launched_by_08:00 >= 1.9': launched_by_08:00 is a share, from 0 to 1 (or 0% to 100%), so '>= 1.9' fails whatever the run"
    ),
    ("energy_per_day_mwh < 0", "--goal 'energy_per_day_mwh < 0': energy_per_day_mwh is never negative"),
    ("energy_per_day_mwh <= -1", "--goal 'energy_per_day_mwh <= -1': energy_per_day_mwh is never negative"),
  ])
  func aBadGoalIsOneLine(text: String, message: String) {
    do {
      _ = try Advice.Goal(parsing: text)
      Issue.record("accepted \(text)")
    } catch { #expect(error.message.hasPrefix(message), "\(error.message)") }
  }

  @Test func anExperimentWithoutATaskSweepIsRefused() throws {
    let spec = try ExperimentSpec(
      tree: ConfigTree.parse(yaml: smallExperiment, file: "e.yaml"), file: "e.yaml")
    do {
      _ = try Advice.prepare(
        spec, goal: try Advice.Goal(parsing: "launched_by_08:00 >= 0.9"), minimise: .energyPerDay)
      Issue.record("advised without a task sweep")
    } catch { #expect(error.message.contains("advise searches the swept task keys, and the sweep has none")) }
  }
}
