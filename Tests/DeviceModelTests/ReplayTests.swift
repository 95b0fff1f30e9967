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

  /// A battery level outside 0–100 % was clamped into it without a word (180 read as a
  /// full battery); times in milliseconds, as AWARE's own database keeps them, were
  /// refused without saying so. Each is one line naming the file, the line and the column.
  @Test func anAwareLevelThatIsNoPercentageOrATimeInMillisecondsIsRefused() {
    let header = "time,battery_level,battery_status,battery_health,battery_adaptor\n"
    let screen = "time,screen_status\n1488316000,1\n"
    func refusal(_ battery: String, _ screenCSV: String = screen) -> String? {
      do {
        _ = try AwareTrace.convert(
          batteryCSV: header + battery, screenCSV: screenCSV, batteryFile: "b.csv", screenFile: "s.csv")
        return nil
      } catch { return error.description }
    }
    #expect(
      refusal("1488315824,90,3,2,0\n1488319824,180,3,2,0\n")
        == "b.csv:3: battery_level: 180 is not a percentage (0–100)")
    #expect(refusal("1488315824,-1,3,2,0\n")?.hasPrefix("b.csv:2: battery_level:") == true)
    #expect(
      refusal("1488315824000,90,3,2,0\n")
        == "b.csv:2: time: must be Unix seconds (0 to 1e11); it looks like milliseconds: divide the column by 1000"
    )
    #expect(
      refusal("1488315824,90,3,2,0\n", "time,screen_status\n1488316000000,1\n")?.hasPrefix("s.csv:2: time:")
        == true)
    #expect(refusal("1e15,90,3,2,0\n") == "b.csv:2: time: must be Unix seconds (0 to 1e11)")
    #expect(refusal("1488315824,0,3,2,0\n1488319824,100,3,2,0\n") == nil)
  }

  /// The two tables given the wrong way round were refused with only the missing
  /// column; the line now says which table it is and which option takes it.
  @Test func awareTablesGivenTheWrongWayRoundAreNamed() {
    let battery = "time,battery_level,battery_status,battery_health,battery_adaptor\n1488315824,90,3,2,0\n"
    let screen = "time,screen_status\n1488316000,1\n"
    func refusal(battery b: String, screen s: String) -> String? {
      do {
        _ = try AwareTrace.convert(batteryCSV: b, screenCSV: s, batteryFile: "b.csv", screenFile: "s.csv")
        return nil
      } catch { return error.description }
    }
    #expect(
      refusal(battery: screen, screen: battery)
        == "b.csv:1: battery_level: missing column; expected time,battery_level,battery_adaptor; this is the screen table: give it as --screen"
    )
    #expect(
      refusal(battery: battery, screen: battery)?.hasSuffix(
        "expected time,screen_status; this is the battery table: give it as --battery") == true)
  }
}
