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
    // Its three screen sessions over 2 h (4, 4 and 7 h) are named.
    #expect(r.longSessions.count == 3, "\(r.longSessions)")
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
    let r = try Self.fit(days: 10, charges: [(0, 8 * 3600), (12 * 3600, 12 * 3600 + 600)])
    #expect(abs(r.persona.charging.topupsPerDay - 1.2) < 1e-9, "\(r.persona.charging.topupsPerDay)")
    let weights = (0..<24).map { "\($0 == 12 ? 24 : 0)" }.joined(separator: ", ")
    #expect(r.yaml.contains("topup_profile: \"profile(hourly: [\(weights)])\""), "\(r.yaml)")
    #expect(r.persona.charging.overnightProbability == 1)
    #expect(r.shortCharges == 0 && r.shortChargesNote == nil)
  }

  /// A charge shorter than the simulation's shortest top-up (60 s: a cable's contact)
  /// is no top-up: a 2-s contact at 15:00 each day leaves the rate (hour 15 would read 1
  /// an hour off the charger) and the lengths (all 600 s) as they were, and is named.
  @Test func chargesShorterThanATopUpAreLeftOut() throws {
    let r = try Self.fit(
      days: 10, charges: [(0, 8 * 3600), (12 * 3600, 12 * 3600 + 600), (15 * 3600, 15 * 3600 + 2)])
    #expect(abs(r.persona.charging.topupsPerDay - 1.2) < 1e-9, "\(r.persona.charging.topupsPerDay)")
    #expect(r.yaml.contains("topup_duration: \"lognormal(median: 600s, sigma: 0.05)\""), "\(r.yaml)")
    #expect(r.yaml.contains("30 charges (10 overnight, 10 under 60s left out)"), "\(r.yaml)")
    #expect(r.shortCharges == 10)
    #expect(r.shortChargesNote?.contains("10 charges under 60 s (about 1.00 a day)") == true)
  }

  /// A screen session longer than `max_session` (2 h, the typical persona's) is in the
  /// trace's screen hours and out of the persona's, which cuts it and whose log-normal
  /// (fitted to sixty 1-min sessions and one of 3 h) all but never draws one: named.
  @Test func screenSessionsLongerThanMaxSessionAreNamed() throws {
    let r = try Self.fit(
      days: 5, charges: [(0, 8 * 3600)], screenOn: [(86_400 + 21 * 3600, 86_400 + 24 * 3600)])
    #expect(r.longSessions.count == 1 && abs(r.longSessions.hoursPerDay - 0.6) < 1e-9)
    #expect(
      r.longSessionsNote
        == "the trace's screen hours hold 1 session over 2 h (max_session), 0.60 h a day; the fitted "
        + "log-normal all but never draws one that long, and the persona cuts it at 2 h")
    let plain = try Self.fit(days: 5, charges: [(0, 8 * 3600)])
    #expect(plain.longSessions.count == 0 && plain.longSessionsNote == nil)
  }

  /// A trace with no overnight charge, or no top-up, gives no figure for those keys:
  /// they are left out (the typical persona's hold) instead of written from no data.
  @Test func aTraceWithoutOvernightChargesOrTopUpsIsFitted() throws {
    // Plugged in 12:30–14:00: 5 top-ups in 2.5 h off the charger in hour 12.
    let daytimeOnly = try Self.fit(days: 5, charges: [(12.5 * 3600, 14 * 3600)])
    #expect(daytimeOnly.persona.charging.overnightProbability == 0)
    #expect(!daytimeOnly.yaml.contains("overnight_plug_in") && !daytimeOnly.yaml.contains("nan"))
    #expect(abs(daytimeOnly.persona.charging.topupsPerDay - 2) < 1e-9)
    let nightsOnly = try Self.fit(days: 5, charges: [(0, 8 * 3600), (15 * 3600, 15 * 3600 + 1)])
    #expect(nightsOnly.persona.charging.topupsPerDay == 0)
    #expect(!nightsOnly.yaml.contains("topup_duration") && !nightsOnly.yaml.contains("nan"))
  }

  /// A trace of 2 days has no whole day between its partial first and last to replay:
  /// the persona is fitted and not compared (before, each trace figure read NaN).
  @Test func aTraceOfTwoDaysIsFittedAndNotCompared() throws {
    let r = try Self.fit(days: 2, charges: [(0, 8 * 3600), (12.5 * 3600, 14 * 3600)])
    #expect(r.figures.isEmpty)
    #expect(abs(r.persona.charging.topupsPerDay - 2) < 1e-9)
    let three = try Self.fit(days: 3, charges: [(0, 8 * 3600), (12.5 * 3600, 14 * 3600)])
    #expect(three.figures.count == 4 && three.figures.allSatisfy { $0.trace.isFinite })
  }

  /// Fits a synthetic AWARE trace of `days` days from 2017-03-01 00:00 UTC: each day the
  /// phone charges over `charges` [s from midnight] at 40 % (unplugged at 80 %), and the
  /// screen comes on for a minute at every hour from 09:00 to 20:00.
  static func fit(
    days: Int, charges: [(start: Double, end: Double)], screenOn extra: [(start: Double, end: Double)] = []
  ) throws -> PersonaFit.Result {
    let dir = scratch()
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    let midnight = 1_488_326_400.0
    var battery = "time,battery_level,battery_status,battery_health,battery_adaptor\n"
    var screen = "time,screen_status\n"
    for day in 0..<days {
      let d = midnight + Double(day) * 86_400
      for c in charges { battery += "\(d + c.start),40,2,2,2\n\(d + c.end),80,2,2,0\n" }
      for hour in 9...20 { screen += "\(d + Double(hour) * 3600),1\n\(d + Double(hour) * 3600 + 60),0\n" }
    }
    for e in extra { screen += "\(midnight + e.start),1\n\(midnight + e.end),0\n" }
    battery += "\(midnight + Double(days) * 86_400),40,2,2,0\n"
    let (b, s) = (dir.appendingPathComponent("b.csv"), dir.appendingPathComponent("s.csv"))
    try battery.write(to: b, atomically: true, encoding: .utf8)
    try screen.write(to: s, atomically: true, encoding: .utf8)
    var fit = PersonaFit()
    fit.owners = 2
    return try fit.run(battery: b.path, screen: s.path)
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
