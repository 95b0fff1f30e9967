import DeviceModel
import FileFormats
import SimKernel
import Testing

@testable import Experiments
@testable import Results

/// `days.csv`'s `first_on_charger_s`: when the phone was first on its charger that day,
/// 0 when the night's charge ran through midnight, empty when it was never on it.
@Suite struct FirstOnChargerTests {
  static let calendar = SimCalendar(startDate: CivilDate(iso: "2026-01-05")!)

  static func change(_ day: Int, _ hour: Double, _ kind: DeviceChange.Kind) -> DeviceChange {
    DeviceChange(
      time: calendar.startOfDay(day) + SimDuration(seconds: hour * 3600), kind: kind, batteryPercent: 50)
  }

  /// The column of each day, written at the end or as the days settle.
  static func column(_ changes: [DeviceChange], settling: Bool) -> [String] {
    var a = OwnerAccounting(calendar: calendar, days: 6, backgroundPowerWatts: 0.78)
    var rows = RowBuffers()
    var next = 0
    for day in 1...6 {
      while next < changes.count, changes[next].time < calendar.startOfDay(day) {
        a.consume(device: changes[next])
        next += 1
      }
      if settling { a.writeSettled(prefix: "", into: &rows, before: day - 1, startDate: calendar.startDate) }
    }
    a.write(prefix: "", into: &rows, end: calendar.startOfDay(6), startDate: calendar.startDate)
    let lines = String(decoding: rows[.days].bytes, as: UTF8.self).split(separator: "\n")
    // `first_on_charger_s` is the column before `off_s`, the last.
    return lines.map {
      let fields = $0.split(separator: ",", omittingEmptySubsequences: false)
      return String(fields[fields.count - 2])
    }
  }

  /// Plugged at 22:00 on day 1 and left on the charger through days 2 and 3 (still on
  /// when day 2 is written), off at 07:00 on day 4, a top-up at 13:30 and 15:00 on day
  /// 4 (the first counts), nothing on day 5.
  @Test(arguments: [false, true]) func eachDaySaysWhenTheChargerFirstHeldThePhone(settling: Bool) {
    let changes = [
      Self.change(0, 8, .plugged), Self.change(0, 9, .unplugged),
      Self.change(1, 22, .plugged), Self.change(4, 7, .unplugged),
      Self.change(4, 13.5, .plugged), Self.change(4, 14, .unplugged),
      Self.change(4, 15, .plugged), Self.change(4, 16, .unplugged),
    ]
    #expect(Self.column(changes, settling: settling) == ["28800", "79200", "0", "0", "0", ""])
  }

  /// On the simulated phones, the column agrees with a walk through the device log.
  @Test func theColumnAgreesWithTheDeviceLog() throws {
    let spec = try ExperimentSpec(
      tree: ConfigTree.parse(yaml: smallExperiment, file: "e.yaml"), file: "e.yaml")
    for owner in 0..<3 {
      let recipe = OwnerSimulation.recipe(
        spec, replication: 0, owner: owner, arm: spec.arms[0], recordDecisions: false)
      let log = recipe.run(days: spec.days)
      let calendar = recipe.calendar
      var expected: [String] = []
      var plugged = false
      var changes = log.deviceLog.makeIterator()
      var pending = changes.next()
      for day in 0..<spec.days {
        var first: Double? = plugged ? 0 : nil
        while let c = pending, c.time < calendar.startOfDay(day + 1) {
          if c.kind == .plugged, !plugged {
            plugged = true
            first = first ?? (c.time - calendar.startOfDay(day)).seconds
          }
          if c.kind == .unplugged { plugged = false }
          pending = changes.next()
        }
        expected.append(first.map { String(Int($0.rounded())) } ?? "")
      }
      var a = OwnerAccounting(calendar: calendar, days: spec.days, backgroundPowerWatts: 0.78)
      for c in log.deviceLog { a.consume(device: c) }
      var rows = RowBuffers()
      a.write(prefix: "", into: &rows, end: calendar.startOfDay(spec.days), startDate: spec.startDate)
      let got = String(decoding: rows[.days].bytes, as: UTF8.self).split(separator: "\n").map {
        String($0.split(separator: ",", omittingEmptySubsequences: false).last!)
      }
      #expect(got == expected, "owner \(owner)")
      #expect(expected.contains { !$0.isEmpty }, "owner \(owner) charges at some point")
    }
  }
}
