import DeviceModel
import FileFormats
import Foundation
import IOSModel
import Randomness
import SimKernel
import TestScratch
import Testing

@testable import Experiments
@testable import Results

/// An owner's rows are written day by day as they settle, so that memory does not grow
/// with the days simulated; the bytes must be those of writing everything at the end.
@Suite struct SettledRowsTests {
  /// Ten days of a random app: refresh and processing requests submitted, replaced,
  /// cancelled, launched, expired, completed and killed, with some requests left
  /// pending across days and some still running at the end.
  static func events(seed: UInt64) -> [AppEvent] {
    let stream = RandomStream(key: seed)
    var out: [AppEvent] = []
    var t = 0.0
    var pending: [String: Bool] = [:]
    var running: [String: Bool] = [:]
    while t < 10 * 86_400 {
      t += stream.exponential(mean: 1800)
      let time = SimTime(seconds: (t * 1000).rounded() / 1000)
      let id = stream.uniform() < 0.5 ? "com.example.refresh" : "com.example.process"
      let kind = id == "com.example.refresh" ? "refresh" : "processing"
      switch stream.uniform() {
      case ..<0.35:
        if pending[id] == true { out.append(AppEvent(time: time, kind: .replaced, identifier: id)) }
        out.append(AppEvent(time: time, kind: .submit, identifier: id, detail: kind, value: t + 900))
        pending[id] = true
      case ..<0.4:
        out.append(AppEvent(time: time, kind: .cancel, identifier: id))
        pending[id] = false
      case ..<0.7:
        guard running[id] != true else { continue }
        out.append(AppEvent(time: time, kind: .launch, identifier: id, detail: kind))
        pending[id] = false
        running[id] = true
      case ..<0.75:
        if running[id] == true { out.append(AppEvent(time: time, kind: .expire, identifier: id)) }
      case ..<0.95:
        guard running[id] == true else { continue }
        let detail = stream.uniform() < 0.8 ? "success" : "failure"
        out.append(AppEvent(time: time, kind: .complete, identifier: id, detail: detail))
        running[id] = false
      default:
        guard running[id] == true else { continue }
        out.append(AppEvent(time: time, kind: .kill, identifier: id))
        running[id] = false
      }
    }
    return out
  }

  @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
  func writingAsRowsSettleGivesTheBytesOfWritingAtTheEnd(seed: UInt64) {
    let calendar = SimCalendar(startDate: CivilDate(iso: "2026-01-05")!)
    let events = Self.events(seed: seed)
    let end = calendar.startOfDay(10)
    let prefix = "0,arm,0,0,"
    var atEnd = OwnerAccounting(calendar: calendar, days: 10, backgroundPowerWatts: 0.78)
    for e in events { atEnd.consume(app: e) }
    var atEndRows = RowBuffers()
    atEnd.write(
      prefix: prefix, into: &atEndRows, end: end, startDate: calendar.startDate)

    var daily = OwnerAccounting(calendar: calendar, days: 10, backgroundPowerWatts: 0.78)
    var dailyRows = RowBuffers()
    var next = 0
    var largest = 0
    for day in 1...10 {
      while next < events.count, events[next].time < calendar.startOfDay(day) {
        daily.consume(app: events[next])
        next += 1
      }
      largest = max(largest, daily.recorder.records.count)
      daily.writeSettled(prefix: prefix, into: &dailyRows, before: day - 1, startDate: calendar.startDate)
    }
    // The run's tail after the last day: tasks still running may end, and count on it.
    for e in events[next...] { daily.consume(app: e) }
    daily.write(prefix: prefix, into: &dailyRows, end: end, startDate: calendar.startDate)
    let text = { (b: CSVBuffer) in String(decoding: b.bytes, as: UTF8.self) }
    #expect(text(dailyRows[.launches]) == text(atEndRows[.launches]))
    #expect(text(dailyRows[.days]) == text(atEndRows[.days]))
    // The records kept at once are a few days' worth at most, not the whole run's.
    #expect(atEnd.recorder.records.count > 100)
    #expect(largest < atEnd.recorder.records.count / 2, "kept \(largest) of \(atEnd.recorder.records.count)")
  }
}

/// Owners without a timeline log only what the accounting reads; their rows must be
/// those of logging everything.
@Suite struct AccountedLogTests {
  @Test(arguments: [0, 1, 2])
  func loggingOnlyWhatIsAccountedGivesTheSameRows(device: Int) throws {
    let spec = try ExperimentSpec(
      tree: ConfigTree.parse(yaml: smallExperiment, file: "e.yaml"), file: "e.yaml")
    for arm in spec.arms {
      var rows: [String] = []
      for accountedOnly in [false, true] {
        let recipe = OwnerSimulation.recipe(
          spec, replication: 0, owner: device, arm: arm, recordDecisions: false)
        var sim = recipe.assemble()
        let calendar = recipe.calendar
        sim.logFilter = accountedOnly ? OwnerAccounting.reads : .everything
        var kernel = EventLoop()
        sim.start(loop: &kernel)
        kernel.run(until: calendar.startOfDay(spec.days), handler: &sim)
        var accounting = OwnerAccounting(calendar: calendar, days: spec.days, backgroundPowerWatts: 0.78)
        accounting.recorder.snapshots = sim.launchSnapshots
        OwnerSimulation.merge(sim.deviceLog, sim.appLog, into: &accounting)
        var written = RowBuffers()
        accounting.write(
          prefix: "", into: &written, end: calendar.startOfDay(spec.days), startDate: spec.startDate)
        rows.append(String(decoding: written[.launches].bytes + written[.days].bytes, as: UTF8.self))
        if accountedOnly {
          #expect(sim.deviceLog.allSatisfy { OwnerAccounting.reads.keeps($0.kind) })
        }
      }
      #expect(rows[0] == rows[1], "arm \(arm.name)")
      #expect(rows[0].split(separator: "\n").count > spec.days)
    }
  }
}
