import FileFormats
import Foundation
import TestScratch
import Testing

@testable import Experiments
@testable import Report
@testable import Results

/// Every cell is named by its swept values wherever it is shown, and every owner's
/// recorded day starts with its state.
@Suite struct NamedCellsTests {
  static let grid =
    smallExperiment
    + "\nsweep:\n  grid:\n    app.opens_per_day: [2, 8]\n    tasks.earliest_begin: [15m, 2h]\n"

  /// A two-key grid: the console, the report's headings and its hypothesis table name
  /// each cell by both keys; with 2 points per arm the sweep chart joins its points by
  /// lines instead of drawing a smoother.
  @Test func aTwoKeyGridNamesEveryCellByBothKeys() throws {
    let text = Self.grid
    var request = RunRequest()
    request.file = write(text)
    let out = scratch()
    request.out = out.path
    request.jobs = 2
    let (console, _, _) = try request.run { _, _ in }
    let html = try String(contentsOfFile: try HTMLReport.write(directory: out.path), encoding: .utf8)
    var cell = 0
    for opens in ["2", "8"] {
      for begin in ["15m", "2h"] {
        let name = "app.opens_per_day = \(opens), tasks.earliest_begin = \(begin)"
        #expect(console.contains("cell \(cell) (\(name)):"), "console names cell \(cell)")
        #expect(html.contains("<h3>Cell \(cell) (\(name))</h3>"), "report heading of cell \(cell)")
        #expect(html.contains("<td>Cell \(cell) (\(name))</td>"), "hypothesis row of cell \(cell)")
        cell += 1
      }
    }
    #expect(html.contains("joined by lines") && !html.contains("and a smoother"))
  }

  /// `advise` on the grid: each option line names its cell by both keys.
  @Test func adviseNamesEveryCellByBothKeys() throws {
    let goal = try Advice.Goal(parsing: "launches_per_device_day >= 0")
    var request = RunRequest()
    request.file = write(Self.grid)
    request.out = scratch().path
    request.jobs = 2
    let spec = try Advice.prepare(try request.load(), goal: goal, minimise: .energyPerDay)
    let summary = try request.runForSummary(spec) { _, _ in }
    let advice = try Advice(summary: summary, plan: spec.summaryPlan, goal: goal, minimise: .energyPerDay)
    let lines = advice.text(goal: goal, minimise: .energyPerDay, sweptKeys: spec.sweepKeys)
      .split(separator: "\n").map(String.init)
    #expect(lines.count == 1 + 1 + 8 + 1, "\(lines)")
    #expect(
      lines[1].split(separator: " ").prefix(4) == [
        "rank", "cell", "app.opens_per_day", "tasks.earliest_begin",
      ])
    for (line, option) in zip(lines[2..<10], advice.ranked) {
      let words = line.split(separator: " ").map(String.init)
      let values = option.overrides.map(\.value)
      #expect(words[1] == String(option.cell) && Array(words[2...3]) == values, "\(line)")
    }
  }

  /// With at least 8 cells per arm the sweep chart draws its smoother.
  @Test func aSmootherNeedsEightPoints() {
    let header = CSVSchema.summary.columns
    var summary = [header]
    var cells: [RunManifest.Cell] = []
    let col = CSVSchema.summary.index
    for (i, x) in [1, 2, 3, 5, 8, 13, 21, 34].enumerated() {
      cells.append(RunManifest.Cell(cell: i, overrides: [("app.opens_per_day", String(x))]))
      var row = Array(repeating: "", count: header.count)
      row[col("cell")] = String(i)
      row[col("kind")] = "arm"
      row[col("arm")] = "a"
      row[col("metric")] = "launches_per_device_day"
      (row[col("mean")], row[col("ci95_low")], row[col("ci95_high")]) = ("1", "0.5", "1.5")
      summary.append(row)
    }
    #expect(ReportSections.sweep(summary: summary, cells: cells, arms: ["a"]).contains("and a smoother"))
    let seven = ReportSections.sweep(summary: Array(summary.prefix(8)), cells: cells, arms: ["a"])
    #expect(seven.contains("joined by lines") && !seven.contains("and a smoother"))
  }

  /// Each recorded owner-day begins with one `state` row per quantity at 00:00, before
  /// any change, so the day can be drawn alone.
  @Test func everyOwnersFirstTimelineRowIsItsStateAtTheStartOfTheDay() throws {
    let out = try runExperiment(Self.grid)
    let (c, rows) = try csvTable(out, .timelines)
    var byOwner: [String: [[String]]] = [:]
    var order: [String] = []
    for r in rows {
      let key = [c("cell"), c("arm"), c("replication"), c("device"), c("day")].map { r[$0] }.joined(
        separator: "|")
      if byOwner[key] == nil { order.append(key) }
      byOwner[key, default: []].append(r)
    }
    #expect(order.count == 4 * 2 * 2, "owners 0 and 1 in each arm of each of the 4 cells")
    let kinds = TimelineRow.StateKind.allCases.map(\.rawValue)
    for key in order {
      let day = byOwner[key]!
      let start = String(format: "%.3f", Double(Int(day[0][c("day")])! * 86_400))
      let head = day.prefix(kinds.count)
      #expect(head.allSatisfy { $0[c("source")] == "state" && $0[c("time_s")] == start }, "\(key)")
      #expect(head.map { $0[c("event")] } == kinds, "\(key)")
      #expect(day.dropFirst(kinds.count).allSatisfy { $0[c("source")] != "state" }, "\(key)")
      let battery = head.last!
      #expect(battery[c("value")] == battery[c("battery_pct")] && Double(battery[c("value")]) != nil)
    }
  }
}
