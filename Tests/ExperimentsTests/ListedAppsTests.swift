import FileFormats
import Foundation
import IOSModel
import Testing

@testable import Experiments
@testable import IOSModel
@testable import Report

/// Other apps named one by one (`other_apps.apps`): an archetype under its own bundle,
/// or an app file (`experiments/next-to-a-messenger.yaml`).
@Suite struct ListedAppsTests {
  static let file = "experiments/next-to-a-messenger.yaml"

  static func text(days: Int = 10) throws -> String {
    try String(contentsOfFile: file, encoding: .utf8).replacingOccurrences(
      of: "days: 30", with: "days: \(days)"
    ).replacingOccurrences(of: "warmup_days: auto", with: "warmup_days: 1")
  }

  static func spec(_ text: String) throws -> ExperimentSpec {
    try ExperimentSpec(tree: ConfigTree.parse(yaml: text, file: file), file: file)
  }

  /// The app file's processing task becomes work the scheduler judges as iOS would: on
  /// the charger, with the network, 6 h after each run, cut at the processing time limit.
  @Test func anAppFileBecomesItsBackgroundWork() throws {
    let spec = try Self.spec(try Self.text())
    let listed = spec.otherApps.listed
    #expect(listed.map(\.bundle) == ["com.chat.app", "com.example.photos"])
    #expect(listed.map(\.rank) == [1, 6])
    #expect(listed[0].work.count == 1 && listed[0].work[0].kind == .silentPush)
    #expect(listed[0].work[0].intervalSeconds == 600)
    let upload = try #require(listed[1].work.first)
    #expect(listed[1].work.count == 1)
    #expect(upload.kind == .processing && upload.requiresExternalPower && upload.requiresNetwork)
    #expect(upload.intervalSeconds == 6 * 3600)
    #expect(upload.bytes == 50_000_000)
    #expect(upload.timeLimitSeconds == AppConfiguration().processingTimeLimitSeconds)
    #expect(upload.run != nil)
  }

  /// Each arm sees the listed apps at their ranks; the rank-1 messenger is opened most
  /// and pushed often; the photo backup uploads, only on the charger, so it draws no
  /// energy from the budget.
  @Test func listedAppsRunAtTheirRanks() throws {
    let spec = try Self.spec(try Self.text())
    var pushes = 0
    var uploads = 0
    var messengerDrew = 0.0
    for device in 0..<4 {
      let system = OtherAppsTests.run(spec, arm: 0, device: device).system
      let refresh = system.otherApps
      let processing = OtherAppsTests.run(spec, arm: 1, device: device).system.otherApps
      // Apple's maintenance comes last, never opened (rank 0).
      #expect(
        refresh.apps.map(\.bundle) == [
          "com.chat.app", "com.example.photos", "com.apple.icloud-backup", "com.apple.photo-analysis",
        ])
      #expect(refresh.apps.map(\.rank) == processing.apps.map(\.rank))
      #expect(refresh.apps.map(\.rank) == [1, 6, 0, 0])
      #expect(system.usage.otherApps.opens[0].total > system.usage.otherApps.opens[1].total)
      pushes += refresh.apps[0].launches
      uploads += refresh.apps[1].launches
      #expect(
        system.usage.otherApps.energyToday[1] == 0,
        "owner \(device): the photo backup drew energy off the charger")
      messengerDrew += system.usage.otherApps.energyToday[0]
    }
    // 4 owners × 10 days: pushes every 10 min offered, far more launched than uploads.
    #expect(pushes > 4 * 10 * 5)
    #expect(uploads > 0 && uploads < 4 * 10 * 4)
    #expect(messengerDrew > 0)
  }

  /// Listed apps without a rank leave the drawn apps' ranks as they were.
  @Test func unrankedListedAppsKeepTheDrawnRanks() throws {
    var text = try Self.text().replacingOccurrences(of: "background_active: 0", with: "background_active: 10")
    let withRanks = try Self.spec(text)
    text = text.replacingOccurrences(of: ", rank: 1}", with: "}").replacingOccurrences(
      of: ", rank: 6}", with: "}")
    var plain = text
    plain = plain.replacingOccurrences(
      of:
        "  apps:\n    - {bundle: com.chat.app, archetype: messenger, every: 10m}\n    - {file: apps/photos.yaml}\n",
      with: "")
    let listed = try Self.spec(text).otherApps
    #expect(withRanks.otherApps.total == 12)
    let drawnAlone = OtherAppsTests.run(try Self.spec(plain), arm: 0, device: 0).system.otherApps
    let drawnWithListed = OtherAppsTests.run(try Self.spec(text), arm: 0, device: 0).system.otherApps
    // Ten drawn apps and Apple's two maintenance entries, and the two listed ones.
    #expect(listed.total == 12 && drawnAlone.count == 12 && drawnWithListed.count == 14)
    #expect(
      Array(drawnWithListed.apps.prefix(10).map(\.rank)) == Array(drawnAlone.apps.prefix(10).map(\.rank)))
  }

  /// `launches.csv` names the app under study in `app`; the kept day of `timelines.csv`
  /// has the other apps' launches and run ends under their own bundles, in time order
  /// with the device's rows (whose `app` is empty) and the app under study's.
  @Test func theOutputsNameTheAppOfEachRow() throws {
    let apps = FileManager.default.currentDirectoryPath + "/experiments/apps/"
    let text = try Self.text(days: 3).replacingOccurrences(of: "devices: 200", with: "devices: 2")
      .replacingOccurrences(of: "file: apps/", with: "file: \(apps)")
    let out = try runExperiment(text)
    let launches = try csvRows(out.appendingPathComponent("launches.csv").path)
    let a = try #require(launches.first?.firstIndex(of: "app"))
    #expect(launches.count > 1 && launches.dropFirst().allSatisfy { $0[a] == "com.example.sync" })
    let rows = try csvRows(out.appendingPathComponent("timelines.csv").path)
    let header = try #require(rows.first)
    func c(_ name: String) -> Int { header.firstIndex(of: name)! }
    let body = rows.dropFirst()
    // Cell 0 (the listed apps alone; the other cells add a population).
    let others = body.filter { $0[c("source")] == "other_app" && $0[c("cell")] == "0" }
    let named: Set = [
      "com.chat.app", "com.example.photos", "com.apple.icloud-backup", "com.apple.photo-analysis",
    ]
    #expect(Set(others.map { $0[c("app")] }).isSubset(of: named))
    #expect(others.contains { $0[c("app")] == "com.example.photos" })
    #expect(others.allSatisfy { ["launch", "end"].contains($0[c("event")]) })
    #expect(others.contains { $0[c("app")] == "com.chat.app" && $0[c("task_id")] == "silent_push" })
    #expect(
      body.filter { ["state", "device"].contains($0[c("source")]) }.allSatisfy { $0[c("app")].isEmpty })
    #expect(body.filter { $0[c("source")] == "app" }.allSatisfy { $0[c("app")] == "com.example.sync" })
    // other_apps.csv: each owner's two listed apps and Apple's two maintenance entries in
    // each arm (and in each cell, the drawn ones too), the same opens in both arms, the
    // same bytes on one job.
    let table = try csvRows(out.appendingPathComponent("other_apps.csv").path)
    let t = try #require(table.first)
    func o(_ name: String) -> Int { t.firstIndex(of: name)! }
    let listed = table.dropFirst().filter { $0[o("cell")] == "0" }
    #expect(listed.count == 2 * 2 * 4)
    #expect(listed.allSatisfy { named.contains($0[o("app")]) })
    #expect(
      listed.filter { $0[o("app")].hasPrefix("com.apple.") }.allSatisfy {
        $0[o("work")] == "apple_maintenance" && $0[o("usage_rank")] == "0" && $0[o("opens")] == "0"
      })
    #expect(listed.filter { $0[o("app")] == "com.chat.app" }.allSatisfy { Int($0[o("launches")])! > 10 })
    for device in ["0", "1"] {
      let opens = Set(
        listed.filter { $0[o("device")] == device && $0[o("app")] == "com.chat.app" }.map { $0[o("opens")] })
      #expect(opens.count == 1, "owner \(device): opens \(opens)")
    }
    #expect(table.dropFirst().filter { $0[o("cell")] == "1" }.count == 2 * 2 * 44)
    let again = try runExperiment(text, jobs: 1)
    for f in ["other_apps.csv", "other_app_summary.csv"] {
      #expect(
        try Data(contentsOf: again.appendingPathComponent(f))
          == Data(contentsOf: out.appendingPathComponent(f)),
        "\(f)")
    }
    // In time order within each owner's day.
    var last: [String: Double] = [:]
    for r in body {
      let key = "\(r[c("cell")])|\(r[c("arm")])|\(r[c("device")])|\(r[c("day")])"
      let t = try #require(Double(r[c("time_s")]))
      #expect(t >= last[key] ?? 0, "\(key) at \(t)")
      last[key] = t
    }
  }

  /// The report's day in the life has a lane of the other apps' runs, coloured by
  /// archetype and named in its legend, when the experiment puts other apps on the
  /// phones; without them, none.
  @Test func otherAppsAreGroupedByArchetype() {
    #expect(ReportSections.otherAppGroup("com.other.photo_backup-12") == "photo backup")
    #expect(ReportSections.otherAppGroup("com.other.messenger-1") == "messenger")
    #expect(ReportSections.otherAppGroup("com.apple.icloud-backup") == "Apple maintenance")
    #expect(ReportSections.otherAppGroup("com.chat.app") == "listed app")
    #expect(ReportSections.otherAppGroup("com.other.unknown-3") == "listed app")
  }

  @Test func theReportDrawsTheOtherAppsRuns() throws {
    let apps = FileManager.default.currentDirectoryPath + "/experiments/apps/"
    let text = try Self.text(days: 2).replacingOccurrences(of: "devices: 200", with: "devices: 2")
      .replacingOccurrences(of: "file: apps/", with: "file: \(apps)")
    for (experiment, lane) in [(text, true), (smallExperiment, false)] {
      let out = try runExperiment(experiment)
      let html = try String(contentsOfFile: try HTMLReport.write(directory: out.path), encoding: .utf8)
      let day = try #require(html.components(separatedBy: "<svg id=\"day-in-the-life-0\"").dropFirst().first)
      let chart = day.components(separatedBy: "</svg>")[0]
      // The legend follows the chart.
      let legend = day.components(separatedBy: "<svg")[0].components(separatedBy: "</svg>").last ?? ""
      #expect(chart.contains(">other apps<") == lane)
      // Cell 0 lists its apps alone: their runs are "listed app" (the messenger's
      // pushes) and Apple's maintenance, each in its own colour.
      #expect(legend.contains("data-label=\"listed app\"") == lane)
      // The other apps' section: each app's launches and energy per arm and their
      // paired differences, the total first, zero energy on the charger explained.
      #expect(html.contains("<h2>Other apps</h2>") == lane)
      if lane {
        let section = try #require(html.components(separatedBy: "<h2>Other apps</h2>").dropFirst().first)
        #expect(section.contains("shows 0 mWh, not free work"))
        #expect(section.contains("<th>refresh − processing: launches</th>"))
        let firstRow = section.components(separatedBy: "<tr><td>").dropFirst().first ?? ""
        #expect(firstRow.hasPrefix("all other apps (total)"))
        #expect(section.contains("<td>com.chat.app</td><td>listed app</td>"))
        // A damaged number in the file is one line naming the file and the line.
        let summary = out.appendingPathComponent("other_app_summary.csv")
        var lines = try String(contentsOf: summary, encoding: .utf8).components(separatedBy: "\n")
        var fields = lines[1].components(separatedBy: ",")
        fields[try #require(lines[0].components(separatedBy: ",").firstIndex(of: "mean"))] = "zz"
        lines[1] = fields.joined(separator: ",")
        try lines.joined(separator: "\n").write(to: summary, atomically: true, encoding: .utf8)
        #expect {
          try HTMLReport.write(directory: out.path, to: out.appendingPathComponent("bad.html").path)
        } throws: {
          ($0 as? UserError)?.message.hasPrefix(
            "\(summary.path) line 2: field 9 is 'zz' where a number belongs")
            == true
        }
      }
      if lane {
        #expect(chart.contains("com.chat.app: silent_push"))
        #expect(chart.contains("fill=\"#44AA99\"") && !chart.contains("fill=\"#AA4499\""))
      }
    }
  }

  /// The device's one energy budget is a veto when empty off the charger, and `explain`
  /// names the app that drew it: a messenger pushing every 5 minutes empties a 10 mWh
  /// budget, and the app under study's refresh waits; with 150 mWh it never
  /// empties.
  @Test func anEmptyEnergyBudgetVetoesAndNamesTheAppThatDrewIt() throws {
    for (capacity, empties) in [(10, true), (150, false)] {
      let text = try Self.text(days: 4)
        .replacingOccurrences(of: "every: 10m", with: "every: 5m")
        .replacingOccurrences(
          of: "  model: ios\n",
          with:
            "  model: ios\n  budgets: {energy_capacity_mwh: \(capacity), energy_refill_mwh_per_day: \(capacity)}\n"
        )
      let spec = try Self.spec(text)
      let log = OwnerSimulation.recipe(
        spec, replication: 0, owner: 0, arm: spec.arms[0], recordDecisions: true
      )
      .run(days: spec.days)
      let vetoes = log.decisions.flatMap(\.verdicts).filter {
        $0.policy == "energy_budget" && $0.outcome == .veto
      }
      #expect(!vetoes.isEmpty == empties, "\(capacity) mWh: \(vetoes.count) vetoes")
      if empties {
        // A veto names the app that drew most of today's energy; one early in a day,
        // before any app drew, names none.
        #expect(vetoes.allSatisfy { $0.reason.contains("energy budget empty") })
        let named = vetoes.filter { $0.reason.contains(" drew ") }
        #expect(
          !named.isEmpty
            && named.allSatisfy {
              $0.reason.contains("com.chat.app drew") && $0.reason.hasSuffix("% of today's energy")
            })
      }
    }
  }

  @Test(arguments: [
    (
      "{file: apps/photos.yaml, rank: 6}", "{bundle: com.chat.app, archetype: news}",
      "two apps with the bundle com.chat.app"
    ),
    ("{file: apps/photos.yaml, rank: 6}", "{bundle: com.x, archetype: newz}", "unknown archetype 'newz'"),
    ("{file: apps/photos.yaml, rank: 6}", "{file: apps/photos.yaml, rank: 1}", "two apps with usage rank 1"),
    (
      "{file: apps/photos.yaml, rank: 6}", "{file: apps/photos.yaml, rank: 95}",
      "beyond the 90 apps installed"
    ),
    ("{file: apps/photos.yaml, rank: 6}", "{file: apps/nope.yaml}", "apps/nope.yaml: no such file"),
    ("{file: apps/photos.yaml, rank: 6}", "{bundle: com.other.news-1, archetype: news}", "com.other.… names"),
    ("{file: apps/photos.yaml, rank: 6}", "{bundle: com.x, archetype: news, every: 0s}", "out of range"),
    ("{file: apps/photos.yaml, rank: 6}", "{file: apps/photos.yaml, bundle: com.x}", "drop bundle"),
    ("{file: apps/photos.yaml, rank: 6}", "{bundel: com.x, archetype: news}", "unknown key 'bundel'"),
    (
      "{file: apps/photos.yaml, rank: 6}", "{bundle: com.example.sync, archetype: news}",
      "also one of the other apps'"
    ),
    ("background_active: 0", "background_active: 499", "more than a phone holds"),
    ("background_active: 0", "background_active: 89", "do not fit in 90 installed"),
    (
      "background_active: 0", "background_active: 0\n  apple_maintenance: {icloud_bakup: 10m}",
      "unknown key 'icloud_bakup'; did you mean 'icloud_backup'?"
    ),
    (
      "background_active: 0", "background_active: 0\n  apple_maintenance: {photo_analysis: 2d}",
      "out of range"
    ),
  ])
  func badListedAppsAreOneLineNamingFileLineAndKey(old: String, new: String, message: String) throws {
    let text = try Self.text().replacingOccurrences(of: old, with: new)
    expectOneLineRefusal(file: Self.file, message: message) { _ = try Self.spec(text) }
  }

  /// An app file with no background work iOS would run is refused, not silently idle.
  @Test func anAppFileWithoutBackgroundWorkIsRefused() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("listed-\(getpid())").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try "bundle: com.idle\nbackground_modes: []\n".write(
      toFile: folder + "/idle.yaml", atomically: true, encoding: .utf8)
    let text = try Self.text().replacingOccurrences(
      of: "{file: apps/photos.yaml, rank: 6}", with: "{file: \(folder)/idle.yaml}")
    expectOneLineRefusal(file: Self.file, message: "com.idle has no background work iOS would run") {
      _ = try Self.spec(text)
    }
  }
}
