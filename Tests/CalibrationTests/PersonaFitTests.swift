import FileFormats
import Foundation
import TestScratch
import Testing

@testable import Calibration
@testable import Experiments
@testable import Results

/// `bgsim fit-persona` on the real AWARE month in `shared/data/` (beside the checkout).
@Suite struct PersonaFitTests {
  static let aware = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
      "shared/data/aware-1month")
  static var hasAwareData: Bool {
    FileManager.default.fileExists(atPath: aware.appendingPathComponent("AwareBattery_1month.csv.gz").path)
  }

  /// The fitted persona's simulated month matches the trace within the bands the replay
  /// test holds the trace itself to (Tests/DeviceModelTests/ReplayTests.swift): 47 ± 5 %
  /// of the time on the charger, 1.6–3.5 charging sessions and 30–70 screen sessions a
  /// day; and `bgsim run` accepts the persona file.
  @Test(.enabled(if: hasAwareData)) func aPersonaFittedToARealMonthReproducesIt() throws {
    var fit = PersonaFit()
    fit.utcOffsetHours = 2
    let r = try fit.run(
      battery: Self.aware.appendingPathComponent("AwareBattery_1month.csv.gz").path,
      screen: Self.aware.appendingPathComponent("AwareScreen_1month.csv.gz").path)
    func figure(_ name: String) throws -> PersonaFit.Figure {
      try #require(r.figures.first { $0.name == name })
    }
    let charger = try figure("share of time on the charger")
    #expect(abs(charger.fitted - 0.47) < 0.05, "on the charger \(charger.fitted)")
    let charges = try figure("charging sessions a day")
    #expect((1.6...3.5).contains(charges.fitted), "charging sessions a day \(charges.fitted)")
    let screens = try figure("screen sessions a day")
    #expect((30...70).contains(screens.fitted), "screen sessions a day \(screens.fitted)")
    // The trace's own figures, replayed, are in the same bands.
    #expect(abs(charger.trace - 0.47) < 0.05 && (30...70).contains(screens.trace))
    // A persona file that an experiment accepts, named by path.
    let file = scratch().appendingPathComponent("fitted.yaml")
    try r.yaml.write(to: file, atomically: true, encoding: .utf8)
    let yaml = DefaultExperiment.text.replacingOccurrences(
      of: "persona: typical", with: "persona: \(file.path)")
    let spec = try ExperimentSpec(tree: ConfigTree.parse(yaml: yaml, file: "e.yaml"), file: "e.yaml")
    #expect(spec.personas.first?.persona.name == "fitted")
    #expect(
      abs((spec.personas.first?.persona.usage.unlocksPerDay ?? 0) - r.persona.usage.unlocksPerDay) < 1e-9)
  }

  /// A top-up starts only off the charger, and the simulation loses one drawn while
  /// charging: its rate is counted per hour off the charger. Ten days plugged in from
  /// 00:00 to 08:00, a 10-min top-up at 12:00 each day: hour 12 is off the charger 50 min
  /// a day, so 10 top-ups in 500 min are 1.2 an hour off the charger, not 1 a day.
  @Test func topUpsAreCountedPerHourOffTheCharger() throws {
    let dir = scratch()
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    let midnight = 1_488_326_400.0  // 2017-03-01 00:00 UTC
    var battery = "time,battery_level,battery_status,battery_health,battery_adaptor\n"
    var screen = "time,screen_status\n"
    for day in 0..<10 {
      let d = midnight + Double(day) * 86_400
      for (hour, level, adaptor) in [(0.0, 40, 2), (8.0, 100, 0), (12.0, 80, 2), (12 + 1 / 6.0, 82, 0)] {
        battery += "\(d + hour * 3600),\(level),2,2,\(adaptor)\n"
      }
      for hour in 9...20 { screen += "\(d + Double(hour) * 3600),1\n\(d + Double(hour) * 3600 + 60),0\n" }
    }
    battery += "\(midnight + 10 * 86_400),40,2,2,2\n"
    let (b, s) = (dir.appendingPathComponent("b.csv"), dir.appendingPathComponent("s.csv"))
    try battery.write(to: b, atomically: true, encoding: .utf8)
    try screen.write(to: s, atomically: true, encoding: .utf8)
    var fit = PersonaFit()
    fit.owners = 2
    let r = try fit.run(battery: b.path, screen: s.path)
    #expect(abs(r.persona.charging.topupsPerDay - 1.2) < 1e-9, "\(r.persona.charging.topupsPerDay)")
    let weights = (0..<24).map { "\($0 == 12 ? 24 : 0)" }.joined(separator: ", ")
    #expect(r.yaml.contains("topup_profile: \"profile(hourly: [\(weights)])\""), "\(r.yaml)")
    #expect(r.persona.charging.overnightProbability == 1)
  }

  @Test func aTraceOfADayIsRefusedInOneLine() throws {
    let dir = scratch()
    let battery = dir.appendingPathComponent("b.csv")
    let screen = dir.appendingPathComponent("s.csv")
    try
      "time,battery_level,battery_status,battery_health,battery_adaptor\n1488315824,90,5,2,0\n1488319824,80,5,2,2\n"
      .write(to: battery, atomically: true, encoding: .utf8)
    try "time,screen_status\n1488316000,1\n1488316100,0\n".write(
      to: screen, atomically: true, encoding: .utf8)
    do {
      _ = try PersonaFit().run(battery: battery.path, screen: screen.path)
      Issue.record("a one-hour trace was fitted")
    } catch {
      #expect(error.message.contains("covers less than two days"))
      #expect(!error.message.contains("\n"))
    }
  }
}
