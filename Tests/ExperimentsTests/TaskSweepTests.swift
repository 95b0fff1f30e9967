import FileFormats
import Foundation
import Testing

@testable import Experiments
@testable import Results

/// Sweeps over task keys (`tasks.KEY`, `arms.NAME.tasks.KEY`) and `earliest_begin` as a
/// time of day.
@Suite struct TaskSweepTests {
  static func experiment(_ sweep: String) -> String {
    """
    name: tasks
    days: 3
    devices: 4
    persona: typical
    app: {bundle: x, background_modes: [fetch, processing], permitted_identifiers: [sync], opens_per_day: 5}
    arms:
      a:
        tasks:
          - {identifier: sync, type: refresh, earliest_begin: 15m, submit: [on_launch, on_completion], work: 5s}
      b:
        tasks:
          - {identifier: sync, type: refresh, earliest_begin: 15m, submit: [on_launch, on_completion], work: 5s}
    sweep:
      \(sweep)

    """
  }

  static func spec(_ sweep: String) throws -> ExperimentSpec {
    try ExperimentSpec(tree: ConfigTree.parse(yaml: experiment(sweep), file: "e.yaml"), file: "e.yaml")
  }

  @Test func aGridOverTaskKeysSetsEveryArmsTasks() throws {
    let spec = try Self.spec(
      #"grid: {tasks.earliest_begin: ["05:00", "07:00 + 30m", 1h], tasks.type: [refresh, processing]}"#)
    #expect(spec.cells.count == 6)
    let cells = try spec.cells.map { try spec.spec(for: $0) }
    for c in cells {
      #expect(c.arms.allSatisfy { $0.tasks[0].kind == c.arms[0].tasks[0].kind })
    }
    #expect(cells[0].arms[1].tasks[0].earliestBeginTimeOfDay.map { $0 - 18_000 } == 0)
    #expect(cells[1].arms[0].tasks[0].kind == .processing)
    #expect(cells[2].arms[0].tasks[0].earliestBeginTimeOfDay.map { $0 - 25_200 } == 0)
    #expect(cells[2].arms[0].tasks[0].earliestBegin?.mean == 1800)
    #expect(
      cells[4].arms[0].tasks[0].earliestBeginTimeOfDay == nil
        && cells[4].arms[0].tasks[0].earliestBegin?.mean == 3600)
  }

  @Test func anArmsTaskKeySetsThatArmAlone() throws {
    let spec = try Self.spec("grid: {arms.b.tasks.work: [30s, 2m]}")
    let cell = try spec.spec(for: spec.cells[1])
    #expect(cell.arms[0].tasks[0].work.mean == 5 && cell.arms[1].tasks[0].work.mean == 120)
  }

  @Test func aTimeOfDayIsTheNextSuchTimeAfterSubmission() throws {
    let text = Self.experiment(#"grid: {tasks.earliest_begin: ["06:00"]}"#)
    let dir = try runExperiment(text)
    let (column, rows) = try csvTable(dir, .launches)
    let submitted = column("submitted_at_s")
    let earliest = column("earliest_begin_s")
    let launched = column("launched_at_s")
    #expect(rows.count > 4)
    for r in rows {
      let (s, e) = (Double(r[submitted])!, Double(r[earliest])!)
      // 06:00 of the day, or of the next day when submitted at or after 06:00.
      #expect(e.truncatingRemainder(dividingBy: 86_400) == 21_600 && e > s && e - s <= 86_400, "\(r)")
      if let l = Double(r[launched]) { #expect(l >= e) }
    }
  }

  @Test(arguments: [
    ("grid: {tasks.colour: [red]}", "e.yaml:13: sweep.tasks.colour: 'colour' is not a task key"),
    (
      #"grid: {tasks.earliest_begin: ["25:00"]}"#,
      "e.yaml:13: sweep.tasks.earliest_begin: '25:00' is not a time of day"
    ),
    ("grid: {arms.zz.tasks.work: [5s]}", "e.yaml:13: sweep.arms.zz.tasks.work: no arm 'zz'"),
    (
      "grid: {arms.a.tasks.0.work: [5s]}",
      "e.yaml:13: sweep.arms.a.tasks.0.work: a sweep sets a task key in every task of an arm: write arms.a.tasks.work"
    ),
    (
      "grid: {tasks.1.work: [5s]}",
      "e.yaml:13: sweep.tasks.1.work: a sweep sets a task key in every task of an arm: write tasks.work"
    ),
    (
      #"grid: {tasks.earliest_begin: ["06:00 + soon"]}"#,
      "e.yaml:13: sweep.tasks.earliest_begin: 'soon' is not a duration"
    ),
  ])
  func aBadTaskSweepIsOneLine(sweep: String, message: String) throws {
    do {
      _ = try Self.spec(sweep)
      Issue.record("accepted \(sweep)")
    } catch {
      let line = (error as? ConfigError)?.description ?? "\(error)"
      #expect(line.hasPrefix(message), "\(line)")
      #expect(!line.contains("\n"))
    }
  }
}
