import DeviceModel
import Foundation
import SimKernel
import Testing

@Suite struct ReplayTests {
  @Test func replayReproducesTheObservations() throws {
    let csv = """
      time_s,battery_pct,plugged,screen,network
      0,80,0,off,wifi
      3600,70,,on,
      3660,,,off,cellular
      7200,60,1,,
      10800,90,0,,
      """
    let trace = try RecordedTrace.parse(csv, file: "t.csv")
    let sim = DeviceSimulation(persona: Persona(), trace: trace, days: 1, seed: 1, startDate: monday)
    var changes: [DeviceChange] = []
    _ = sim.run(device: 0) { changes.append($0) }
    // Only the trace acts: no random unlocks, charges or network periods.
    #expect(changes.filter { $0.kind == .screenOn }.map(\.time) == [SimTime(seconds: 3600)])
    #expect(changes.filter { $0.kind == .plugged }.map(\.time) == [SimTime(seconds: 7200)])
    #expect(changes.filter { $0.kind == .unplugged }.map(\.time) == [SimTime(seconds: 10800)])
    #expect(
      changes.contains { $0.kind == .network && $0.value == "cellular" && $0.time == SimTime(seconds: 3660) })
    let set = changes.filter { $0.kind == .batterySet && $0.time > .zero }
    #expect(set.map(\.time.seconds) == [3600, 7200, 10800])
    #expect(set.map(\.batteryPercent) == [70, 60, 90])
    // Between observations the level moves on the line to the next observed one:
    // 60 % at 2 h to 90 % at 3 h crosses 75 % at 2.5 h.
    let crossing = try #require(
      changes.first { $0.kind == .batteryLevel && $0.value == "75.0" && $0.time > SimTime(seconds: 7200) })
    #expect(abs(crossing.time.seconds - 9000) < 0.01)
  }

  @Test func malformedTraceRowsAreRejected() {
    for (csv, message) in [
      (
        "time_s,battery_pct,plugged,screen,network\n10,150,,,\n", "t.csv:2: battery_pct: '150' is not a level"
      ),
      ("time_s,battery_pct,plugged,screen,network\n10,,yes,,\n", "t.csv:2: plugged: 'yes' is not 1 or 0"),
      (
        "time_s,battery_pct,plugged,screen,network\n10,,,,\n5,,,,\n", "t.csv:3: time_s: rows are out of order"
      ),
      ("time,level\n", "t.csv:1: the first line must be the header"),
    ] {
      do {
        _ = try RecordedTrace.parse(csv, file: "t.csv")
        Issue.record("accepted \(csv)")
      } catch {
        #expect(error.description.contains(message), "got \(error.description)")
      }
    }
  }

  /// One real month (AWARE sample data, shared/data): replaying it must give back the
  /// figures measured on the raw data: about 2 charging sessions a day (1.8–2.2,
  /// depending on how short unplugs are merged) and 47 % of the time on the charger.
  @Test(.enabled(if: Repo.hasAwareData)) func replayingARealMonthGivesItsFigures() throws {
    func gunzip(_ name: String) throws -> String {
      let p = Process()
      p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      p.arguments = ["gzip", "-dc", Repo.awareFolder.appendingPathComponent(name).path]
      let pipe = Pipe()
      p.standardOutput = pipe
      try p.run()
      let data = pipe.fileHandleForReading.readDataToEndOfFile()
      p.waitUntilExit()
      return String(decoding: data, as: UTF8.self)
    }
    let (trace, start) = try AwareTrace.convert(
      batteryCSV: try gunzip("AwareBattery_1month.csv.gz"),
      screenCSV: try gunzip("AwareScreen_1month.csv.gz"),
      batteryFile: "battery", screenFile: "screen")
    let days = Int((trace.observations.last!.time.seconds / 86_400).rounded(.down))
    let sim = DeviceSimulation(persona: Persona(), trace: trace, days: days, seed: 1, startDate: start)
    let outcome = sim.run(device: 0)
    // Skip the first and last partial days.
    let full = Array(outcome.days.dropFirst().dropLast())
    let chargerShare = full.map(\.chargerSeconds).reduce(0, +) / (Double(full.count) * 86_400)
    let sessions = Double(full.map(\.chargingSessions).reduce(0, +)) / Double(full.count)
    #expect(abs(chargerShare - 0.47) < 0.05, "on the charger \(chargerShare)")
    #expect(sessions >= 1.6 && sessions <= 3.5, "charging sessions/day \(sessions)")
    let unlocks = Double(full.map(\.unlocks).reduce(0, +)) / Double(full.count)
    #expect(unlocks > 30 && unlocks < 70, "screen sessions/day \(unlocks)")
  }
}
