import Foundation
import TestScratch
import Testing

/// `outputs: {other_app_days: true}` writes each other app's day: rows whose days after
/// the warm-up add up to `other_apps.csv`, the same bytes (and the same
/// `other_app_summary.csv`) on one job, two jobs or two merged shards.
@Suite struct OtherAppDaysTests {
  var repoRoot: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
  }

  /// `next-to-a-messenger.yaml` for `days` days and `devices` owners, with `outputs`.
  func experiment(_ dir: URL, days: Int, devices: Int, outputs: String) throws -> URL {
    let text = try String(
      contentsOf: repoRoot.appendingPathComponent("experiments/next-to-a-messenger.yaml"), encoding: .utf8)
    let file = dir.appendingPathComponent("e.yaml")
    try
      (text.replacingOccurrences(of: "days: 30", with: "days: \(days)")
      .replacingOccurrences(of: "warmup_days: auto", with: "warmup_days: 1")
      .replacingOccurrences(of: "devices: 200", with: "devices: \(devices)")
      .replacingOccurrences(of: "file: apps/", with: "file: \(repoRoot.path)/experiments/apps/")
      + "\n" + outputs + "\n").write(to: file, atomically: true, encoding: .utf8)
    return file
  }

  func rows(_ url: URL) throws -> (header: [String], body: [[String]]) {
    let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map {
      $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    }
    return (lines[0], Array(lines.dropFirst()))
  }

  @Test func eachOtherAppsDaysAddUpToItsRun() throws {
    let dir = scratchFolder("other-app-days")
    let file = try experiment(dir, days: 4, devices: 3, outputs: "outputs: {other_app_days: true}")
    let out = dir.appendingPathComponent("one")
    let r = try BGSimBinary.run(["run", file.path, "--out", out.path, "--quiet", "--jobs", "1"])
    #expect([0, 1, 3, 4].contains(r.status), "\(r.standardError)")
    let days = try rows(out.appendingPathComponent("other_app_days.csv"))
    let runs = try rows(out.appendingPathComponent("other_apps.csv"))
    #expect(
      Array(days.header.suffix(8)) == [
        "day", "date", "warmup", "opens", "launches", "suspended", "energy_mwh", "battery_energy_mwh",
      ])
    func col(_ t: (header: [String], body: [[String]]), _ name: String) -> Int {
      t.header.firstIndex(of: name)!
    }
    // One row per other app and day, days 0…3, day 0 the warm-up.
    #expect(days.body.count == runs.body.count * 4)
    #expect(Set(days.body.map { $0[col(days, "day")] }) == ["0", "1", "2", "3"])
    #expect(days.body.allSatisfy { ($0[col(days, "day")] == "0") == ($0[col(days, "warmup")] == "1") })
    #expect(days.body.contains { $0[col(days, "date")] == "2026-01-08" })
    // other_apps.csv counts the days after the warm-up.
    #expect(runs.body.allSatisfy { $0[col(runs, "days")] == "3" })
    var sums: [String: [Double]] = [:]
    for row in days.body where row[col(days, "warmup")] == "0" {
      let key = ["cell", "arm", "device", "app"].map { row[col(days, $0)] }.joined(separator: "|")
      let values = ["opens", "launches", "suspended", "energy_mwh", "battery_energy_mwh"].map {
        Double(row[col(days, $0)])!
      }
      sums[key] = zip(sums[key] ?? [0, 0, 0, 0, 0], values).map { $0 + $1 }
    }
    var busyDays = 0
    for row in runs.body {
      let key = ["cell", "arm", "device", "app"].map { row[col(runs, $0)] }.joined(separator: "|")
      let total = ["opens", "launches", "suspended", "energy_mwh", "battery_energy_mwh"].map {
        Double(row[col(runs, $0)])!
      }
      let s = try #require(sums[key], "\(key) has no days")
      #expect(Array(s.prefix(3)) == Array(total.prefix(3)), "\(key)")
      for e in [3, 4] {
        #expect(abs(s[e] - total[e]) <= 0.002 * 4, "\(key): energy \(s[e]) against \(total[e])")
      }
      // The battery's part never exceeds the energy used.
      #expect(total[4] <= total[3] + 0.0005, "\(key)")
      if total[1] > 0 { busyDays += 1 }
    }
    #expect(busyDays > 0)
    // The same bytes on two jobs.
    let two = dir.appendingPathComponent("two")
    _ = try BGSimBinary.run(["run", file.path, "--out", two.path, "--quiet", "--jobs", "2"])
    for f in ["other_app_days.csv", "other_app_summary.csv"] {
      #expect(
        try Data(contentsOf: two.appendingPathComponent(f))
          == Data(contentsOf: out.appendingPathComponent(f)),
        "\(f)")
    }
  }

  /// A sweep's cell summarises its other apps as the same experiment alone would: the
  /// same owners, and resamples drawn by the cell's side, not by the cell.
  @Test func aSweepCellSummarisesItsOtherAppsAsARunAlone() throws {
    let dir = scratchFolder("other-app-days")
    let sweep = try experiment(dir, days: 3, devices: 12, outputs: "")
    let alone = dir.appendingPathComponent("alone.yaml")
    let text = try String(contentsOf: sweep, encoding: .utf8)
    try text.replacingOccurrences(of: "background_active: 0", with: "background_active: 40")
      .replacingOccurrences(
        of: "    other_apps.background_active: [0, 40]", with: "    app.force_quit_probability: [0.1]"
      )
      .write(to: alone, atomically: true, encoding: .utf8)
    var lines: [[String]] = []
    for (file, cell) in [(sweep, "1"), (alone, "0")] {
      let out = dir.appendingPathComponent(file.lastPathComponent + ".out")
      let r = try BGSimBinary.run(["run", file.path, "--out", out.path, "--quiet"])
      #expect([0, 1, 3, 4].contains(r.status), "\(r.standardError)")
      let table = try rows(out.appendingPathComponent("other_app_summary.csv"))
      // The rows of the cell, without the cell and its swept value.
      lines.append(table.body.filter { $0[0] == cell }.map { $0.dropFirst(2).joined(separator: ",") })
    }
    #expect(lines[0].count > 100)
    #expect(lines[0] == lines[1])
  }

  @Test func mergedShardsWriteTheSameDays() throws {
    let dir = scratchFolder("other-app-days")
    let file = try experiment(dir, days: 2, devices: 21, outputs: "outputs: {other_app_days: true}")
    let whole = dir.appendingPathComponent("whole")
    #expect(
      [0, 1, 3, 4].contains(try BGSimBinary.run(["run", file.path, "--out", whole.path, "--quiet"]).status))
    var shards: [String] = []
    for k in 1...2 {
      let out = dir.appendingPathComponent("shard-\(k)")
      let r = try BGSimBinary.run(["run", file.path, "--shard", "\(k)/2", "--out", out.path, "--quiet"])
      #expect(r.status == 0, "\(r.standardError)")
      shards.append(out.path)
    }
    let merged = dir.appendingPathComponent("merged")
    #expect([0, 1, 3, 4].contains(try BGSimBinary.run(["merge"] + shards + ["--out", merged.path]).status))
    for f in ["other_app_days.csv", "other_apps.csv", "other_app_summary.csv", "days.csv"] {
      #expect(
        try Data(contentsOf: whole.appendingPathComponent(f))
          == Data(contentsOf: merged.appendingPathComponent(f)),
        "\(f)")
    }
  }

  @Test func withoutOtherAppsTheOptionIsRefused() throws {
    let dir = scratchFolder("other-app-days")
    let file = dir.appendingPathComponent("alone.yaml")
    try """
    days: 2
    devices: 2
    outputs: {other_app_days: true}
    arms:
      refresh:
        tasks: [{identifier: com.example.sync, type: refresh, earliest_begin: 15m}]
    """.write(to: file, atomically: true, encoding: .utf8)
    /// `bgsim run` on `url` exits with 2 and says exactly `line` for `key`.
    func refused(_ url: URL, _ line: String) throws {
      let r = try BGSimBinary.run(["run", url.path, "--out", dir.appendingPathComponent("o").path])
      #expect(r.status == 2)
      #expect(r.standardError == "bgsim: \(url.path):\(line)\n")
    }
    try refused(
      file,
      "3: outputs.other_app_days: other_app_days needs other apps on the phones; add an other_apps section or remove it"
    )
    let typo = dir.appendingPathComponent("typo.yaml")
    try String(contentsOf: file, encoding: .utf8).replacingOccurrences(
      of: "other_app_days", with: "other_app_day"
    )
    .write(to: typo, atomically: true, encoding: .utf8)
    let t = try BGSimBinary.run(["run", typo.path, "--out", dir.appendingPathComponent("t").path])
    #expect(
      t.status == 2 && t.standardError.contains("other_app_day") && t.standardError.contains("did you mean"))
    #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("o/days.csv").path))
    // A section with no apps in any cell (the sweep's 0 included) is refused too; one
    // cell with apps is enough.
    let empty = dir.appendingPathComponent("empty.yaml")
    let emptyText = try String(contentsOf: file, encoding: .utf8).replacingOccurrences(
      of: "devices: 2\n",
      with:
        "devices: 2\nother_apps: {background_active: 0, apple_maintenance: {icloud_backup: 0s, photo_analysis: 0s}}\n"
        + "app: {background_modes: [fetch], permitted_identifiers: [com.example.sync]}\n")
    try emptyText.write(to: empty, atomically: true, encoding: .utf8)
    try refused(
      empty,
      "5: outputs.other_app_days: no cell has other apps or Apple's maintenance on the phones, so the file would be empty; give other_apps some apps or remove it"
    )
    let swept = dir.appendingPathComponent("swept.yaml")
    try (emptyText + "\nsweep: {grid: {other_apps.background_active: [0, 2]}}\n").write(
      to: swept, atomically: true, encoding: .utf8)
    let v = try BGSimBinary.run(["validate", swept.path])
    #expect(v.status == 0, "\(v.standardError)")
    // Apps in the file but none in any cell of its sweep: refused as well.
    let sweptEmpty = dir.appendingPathComponent("swept-empty.yaml")
    try
      (emptyText.replacingOccurrences(of: "background_active: 0", with: "background_active: 2")
      + "\nsweep: {grid: {other_apps.background_active: [0]}}\n").write(
        to: sweptEmpty, atomically: true, encoding: .utf8)
    try refused(
      sweptEmpty,
      "5: outputs.other_app_days: no cell has other apps or Apple's maintenance on the phones, so the file would be empty; give other_apps some apps or remove it"
    )
  }
}
