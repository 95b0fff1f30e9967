import Experiments
import FileFormats
import Foundation
import TestScratch
import Testing

/// An experiment on a recorded phone: `trace: FILE` makes every owner's device replay
/// it (charger, screen, battery, network), as `bgsim trace --replay` does, with the same
/// refusals.
@Suite struct TraceExperimentTests {
  /// Three days on the charger from 01:00 to 07:00, the screen on at 08:00 and 20:00 for
  /// ten minutes, wifi throughout.
  static func trace() -> String {
    var text = "time_s,battery_pct,plugged,screen,network\n0,60,0,off,wifi\n"
    for day in 0..<3 {
      let base = day * 86_400
      text += "\(base + 3_600),40,1,off,wifi\n\(base + 25_200),100,0,off,wifi\n"
      text += "\(base + 28_800),95,,on,\n\(base + 29_400),94,,off,\n"
      text += "\(base + 72_000),70,,on,\n\(base + 72_600),69,,off,\n"
    }
    return text
  }

  func experiment(trace: String) -> String {
    smallExperiment.replacingOccurrences(of: "persona: typical", with: "persona: typical\ntrace: \(trace)")
  }

  @Test func everyOwnersProcessingRunsOnTheRecordedCharger() throws {
    let folder = scratch()
    let trace = folder.appendingPathComponent("phone.csv")
    try Self.trace().write(to: trace, atomically: true, encoding: .utf8)
    let out = try runExperiment(experiment(trace: trace.path))
    let (col, rows) = try csvTable(out, .launches)
    let processing = rows.filter { $0[col("arm")] == "processing" && !$0[col("launched_at_s")].isEmpty }
    #expect(!processing.isEmpty)
    for row in processing {
      let secondOfDay = Double(row[col("launched_at_s")])!.truncatingRemainder(dividingBy: 86_400)
      // On the charger only while the trace says so (01:00–07:00, and the 15 minutes a
      // started run may take past it).
      #expect((3_600...(25_200 + 900)).contains(secondOfDay), "\(row)")
    }
    // Every owner's day starts on the charger at 01:00: the trace, not the persona's draws.
    let (d, days) = try csvTable(out, .days)
    for day in days where !day[d("first_on_charger_s")].isEmpty {
      #expect(
        Double(day[d("first_on_charger_s")])!.truncatingRemainder(dividingBy: 86_400) == 3_600, "\(day)")
    }
  }

  /// Past its last reading the trace would leave the phone on the charger with the
  /// screen off for whole days: a run longer than the trace is refused at `days`, and so
  /// is `bgsim trace --replay` with more `--days`.
  @Test func aRunPastTheTracesEndIsRefused() throws {
    let folder = scratch()
    let trace = folder.appendingPathComponent("phone.csv")
    try Self.trace().write(to: trace, atomically: true, encoding: .utf8)
    var r = RunRequest()
    r.file = write(experiment(trace: trace.path).replacingOccurrences(of: "days: 3", with: "days: 4"))
    let long = #expect(throws: UserError.self) { try r.load() }
    #expect(
      long?.message.hasSuffix(
        ": trace: \(trace.path): 4 days run past the end of the trace, which ends 2 days 20 h after the start; run 3 days or fewer"
      ) == true, "\(long?.message ?? "")")
    r.days = 3
    #expect(try r.load().days == 3)
    var replay = TraceRequest()
    (replay.replay, replay.days, replay.out) = (trace.path, 4, folder.appendingPathComponent("out").path)
    let traced = #expect(throws: UserError.self) { try replay.run { _, _ in } }
    #expect(traced?.message.hasPrefix("--days: 4 days run past the end of the trace") == true)
    replay.days = 3
    #expect(try replay.run { _, _ in }.contains("3 device-days"))
  }

  /// `convert-aware` suggests the most days a replay allows, the bound the run checks:
  /// a trace ending at exactly a midnight was told one day fewer, and one of a single
  /// instant `--days 0`, which `trace` refuses.
  @Test func convertAwareSuggestsTheDaysTheReplayAllows() throws {
    let folder = scratch()
    let midnight = 1_488_326_400
    func suggested(lastDay: Int) throws -> (days: Int, trace: String) {
      let (b, s) = (folder.appendingPathComponent("b.csv"), folder.appendingPathComponent("s.csv"))
      let end = midnight + lastDay * 86_400
      try
        "time,battery_level,battery_status,battery_health,battery_adaptor\n\(midnight),80,3,2,0\n\(end),60,3,2,0\n"
        .write(to: b, atomically: true, encoding: .utf8)
      try "time,screen_status\n\(midnight),0\n".write(to: s, atomically: true, encoding: .utf8)
      let out = folder.appendingPathComponent("t\(lastDay).csv").path
      let text = try AwareConversion.run(battery: b.path, screen: s.path, out: out)
      let days = try #require(text.firstMatch(of: #/--days ([0-9]+)/#).map { Int($0.output.1)! })
      return (days, out)
    }
    for (lastDay, expected) in [(0, 1), (2, 3)] {
      let (days, trace) = try suggested(lastDay: lastDay)
      #expect(days == expected, "a trace ending on day \(lastDay)")
      var replay = TraceRequest()
      (replay.replay, replay.days, replay.out) = (trace, days, folder.appendingPathComponent("r").path)
      replay.start = "2017-03-01"
      // One device-day is said in the singular.
      #expect(try replay.run { _, _ in }.contains(days == 1 ? "1 device-day," : "\(days) device-days,"))
      replay.days = days + 1
      #expect(throws: UserError.self) { try replay.run { _, _ in } }
    }
  }

  @Test func aBadTraceIsRefusedInOneLine() throws {
    let folder = scratch()
    let trace = folder.appendingPathComponent("phone.csv")
    try (Self.trace() + "oops,1,1,on,wifi\n").write(to: trace, atomically: true, encoding: .utf8)
    var r = RunRequest()
    r.file = write(experiment(trace: trace.path))
    let bad = #expect(throws: UserError.self) { try r.load() }
    #expect(bad?.message.contains("phone.csv:21") == true, "\(bad?.message ?? "")")
    r.file = write(experiment(trace: "/nowhere/phone.csv"))
    let missing = #expect(throws: UserError.self) { try r.load() }
    #expect(
      missing?.message.contains("trace: '/nowhere/phone.csv' is no trace file") == true,
      "\(missing?.message ?? "")")
  }
}
