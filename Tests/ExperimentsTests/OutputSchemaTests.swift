import Experiments
import Foundation
import Testing

@testable import FileFormats
@testable import Results

@Suite struct OutputSchemaTests {
  func run() throws -> URL { try runExperiment() }

  @Test func everyFileHasItsHeaderAndWellFormedRows() throws {
    let out = try run()
    // The one declaration of each file's columns, and the header every file must start
    // with (a change to either is a change of the output format).
    let expected = Dictionary(uniqueKeysWithValues: CSVSchema.experimentOutputs.map { ($0.file, $0.columns) })
    #expect(
      CSVSchema.launches.columns.prefix(7) == [
        "cell", "arm", "replication", "device", "app", "task_id", "kind",
      ])
    #expect(expected.count == 7)
    for (file, columns) in expected {
      let rows = try csvRows(out.appendingPathComponent(file).path)
      #expect(rows.first == columns, "\(file) header")
      #expect(rows.dropFirst().allSatisfy { $0.count == columns.count }, "\(file) row widths")
      #expect(!rows.joined().joined().contains("nan"), "\(file) has NaN")
    }
    #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("manifest.json").path))
    // Without other apps, no other_apps.csv and no summary of them.
    for f in ["other_apps.csv", "other_app_summary.csv"] {
      #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent(f).path), "\(f)")
    }
    #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent(".parts").path))
  }

  @Test func launchRowsHaveTheValuesTheirOutcomeCallsFor() throws {
    let rows = try csvRows(run().appendingPathComponent("launches.csv").path).dropFirst()
    let outcomes: Set<String> = [
      "completed", "failed", "expired", "killed", "cancelled", "never_ran", "running",
    ]
    #expect(!rows.isEmpty)
    for r in rows {
      #expect(r[4] == "com.example.sync", "app \(r[4])")
      #expect(outcomes.contains(r[13]), "outcome \(r[13])")
      #expect(Double(r[7]) != nil && Double(r[9])! >= Double(r[7])!)
      let launched = !r[10].isEmpty
      if launched {
        // Launched: launch time, delay, charging, network, battery and idle are due.
        #expect(Double(r[10])! >= Double(r[9])! - 0.0005)
        #expect(abs(Double(r[14])! - (Double(r[10])! - Double(r[9])!)) < 0.002)
        #expect(["0", "1"].contains(r[15]))
        #expect(["wifi", "cellular", "none"].contains(r[16]))
        #expect((0...100).contains(Double(r[17])!))
        #expect(!r[19].isEmpty)
      } else {
        #expect(["cancelled", "never_ran"].contains(r[13]))
        let rest = Array(r[14...19])
        #expect(rest.allSatisfy { $0.isEmpty })
      }
    }
    // The processing arm runs only on power, as the model says.
    let processing = rows.filter { $0[1] == "processing" && !$0[10].isEmpty }
    #expect(processing.allSatisfy { $0[15] == "1" })
  }

  /// A task identifier with a comma and quotes is one quoted field in every row that
  /// names it, its quotes doubled (RFC 4180).
  @Test func taskIdentifiersAreQuotedWhereTheyMustBe() throws {
    let text = smallExperiment.replacingOccurrences(of: "com.example.sync", with: #"'sync,"now"'"#)
    let out = try runExperiment(text)
    let raw = try String(contentsOf: out.appendingPathComponent("launches.csv"), encoding: .utf8)
    let rows = raw.split(separator: "\n").dropFirst()
    #expect(!rows.isEmpty)
    let field = #","sync,""now""","#
    #expect(rows.allSatisfy { $0.contains(field) }, "\(rows.first ?? "")")
    #expect(
      try csvRows(out.appendingPathComponent("launches.csv").path).allSatisfy {
        $0.count == CSVSchema.launches.columns.count
      })
  }

  /// Each run of the default arms moves 50,000 bytes when its work ends; days.csv counts
  /// those moved on cellular (it once read them from the wrong field and said 0).
  @Test func cellularBytesAddUpWholeRunsOnCellular() throws {
    let out = try runExperiment(
      DefaultExperiment.text.replacingOccurrences(of: "days: 30", with: "days: 7").replacingOccurrences(
        of: "warmup_days: auto", with: "warmup_days: 1"
      )
      .replacingOccurrences(of: "devices: 200", with: "devices: 10"),
      jobs: ProcessInfo.processInfo.activeProcessorCount)
    let days = try csvRows(out.appendingPathComponent("days.csv").path).dropFirst()
    let column = CSVSchema.days.index
    var total = 0.0
    for row in days {
      let bytes = try #require(Double(row[column("cellular_bytes")]))
      let completed = try #require(Double(row[column("completed")]))
      #expect(bytes.truncatingRemainder(dividingBy: 50_000) == 0, "\(row)")
      #expect(bytes <= 50_000 * completed, "\(row)")
      total += bytes
    }
    // Refresh runs mostly off the charger, and the typical owner is on cellular about
    // a third of the time away from home: some of 70 owner-days' runs are on cellular.
    #expect(total > 0)
    let refreshTotal = days.filter { $0[column("arm")] == "refresh" }.reduce(0.0) {
      $0 + Double($1[column("cellular_bytes")])!
    }
    #expect(refreshTotal > 0)
  }

  /// days.csv, launches.csv and hour_of_day.csv count the same launches and endings:
  /// nothing launches after the last day, and a run that finishes just after it counts
  /// on the last day.
  @Test func daysLaunchesAndHoursAgree() throws {
    // Two warm-up days: the install day has no launches (the install warm-up), day 1 has.
    let out = try runExperiment(
      smallExperiment.replacingOccurrences(of: "warmup_days: 1\n", with: "warmup_days: 2\n"))
    let launches = try csvRows(out.appendingPathComponent("launches.csv").path).dropFirst()
    let days = try csvRows(out.appendingPathComponent("days.csv").path).dropFirst()
    let hours = try csvRows(out.appendingPathComponent("hour_of_day.csv").path).dropFirst()
    let end = 3.0 * 86_400
    let l = CSVSchema.launches.index
    let d = CSVSchema.days.index
    let h = CSVSchema.hourOfDay.index
    for arm in ["refresh", "processing"] {
      let ran = launches.filter { $0[l("arm")] == arm && !$0[l("launched_at_s")].isEmpty }
      #expect(ran.allSatisfy { Double($0[l("launched_at_s")])! < end }, "\(arm) launched after the last day")
      let armDays = days.filter { $0[d("arm")] == arm }
      let dayLaunches = armDays.reduce(0) {
        $0 + Int($1[d("launches_refresh")])! + Int($1[d("launches_processing")])! + Int(
          $1[d("launches_other")])!
      }
      #expect(dayLaunches == ran.count, "\(arm) launches")
      // The total column is each day's sum of the three.
      #expect(
        armDays.allSatisfy {
          Int($0[d("launches")])!
            == Int($0[d("launches_refresh")])! + Int($0[d("launches_processing")])! + Int(
              $0[d("launches_other")])!
        })
      for (column, outcome) in [("completed", "completed"), ("expired", "expired"), ("kills", "killed")] {
        let counted = armDays.reduce(0) { $0 + Int($1[d(column)])! }
        #expect(counted == ran.filter { $0[l("outcome")] == outcome }.count, "\(arm) \(outcome)")
      }
      // The hours count the launches after the warm-up days.
      let afterWarmup = ran.filter { Double($0[l("launched_at_s")])! >= 2 * 86_400 }
      #expect(afterWarmup.count < ran.count)
      #expect(
        hours.filter { $0[h("arm")] == arm }.reduce(0) { $0 + Int($1[h("launches")])! } == afterWarmup.count)
    }
  }

  @Test func hourOfDayHasEveryHourOfEveryArm() throws {
    let rows = try csvRows(run().appendingPathComponent("hour_of_day.csv").path).dropFirst()
    #expect(rows.count == 2 * 24)
    #expect(rows.map { Int($0[2])! } == Array(0..<24) + Array(0..<24))
  }

  /// The DocC article *Output files* lists each file's columns as the schema declares
  /// them, in order.
  @Test func theOutputFilesArticleListsTheDeclaredColumns() throws {
    let article = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent(
        "Sources/Results/Documentation.docc/OutputFiles.md")
    let text = try String(contentsOf: article, encoding: .utf8)
    for schema in CSVSchema.experimentOutputs + [CSVSchema.scorecard] {
      let row = try #require(
        text.split(separator: "\n").first { $0.hasPrefix("| `\(schema.file)` |") }, "\(schema.file) row")
      let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
      let listed = cells.last!.trimmingCharacters(in: CharacterSet(charactersIn: "`")).components(
        separatedBy: ", ")
      let names = listed.map { $0.components(separatedBy: " ").first! }
      #expect(names == schema.columns, "\(schema.file)")
    }
  }

  /// `launch_probability_by_hour.csv` by its definition: each owner's share of its days
  /// after the warm-up with a launch in the hour, averaged over owners.
  @Test func launchProbabilityByHourIsTheMeanOwnersShareOfDays() throws {
    let out = try run()
    let launches = try csvRows(out.appendingPathComponent("launches.csv").path).dropFirst()
    let days = try csvRows(out.appendingPathComponent("days.csv").path).dropFirst()
    let l = CSVSchema.launches.index
    let d = CSVSchema.days.index
    var ownerDays: [String: Double] = [:]
    for r in days where r[d("warmup")] == "0" { ownerDays["\(r[1])|\(r[2])|\(r[3])", default: 0] += 1 }
    var hours: [String: Set<Int>] = [:]
    for r in launches {
      guard let at = Double(r[l("launched_at_s")]), at >= 86_400 else { continue }
      let hour = Int(r[l("launched_at_iso")].dropFirst(11).prefix(2))!
      hours["\(r[1])|\(r[2])|\(r[3])", default: []].insert(Int(at / 86_400) * 24 + hour)
    }
    let file = try csvRows(out.appendingPathComponent("launch_probability_by_hour.csv").path).dropFirst()
    #expect(file.count == 24 * 2)
    for row in file {
      let (arm, hour) = (row[1], Int(row[2])!)
      let owners = ownerDays.keys.filter { $0.hasPrefix("\(arm)|") }.sorted()
      let shares = owners.map { o in
        Double(hours[o, default: []].filter { $0 % 24 == hour }.count) / ownerDays[o]!
      }
      #expect(Int(row[3]) == owners.count)
      let mean = shares.reduce(0, +) / Double(shares.count)
      #expect(abs(Double(row[4])! - mean) < 1e-5, "\(arm) \(hour): \(row[4]) against \(mean)")
    }
  }
}
