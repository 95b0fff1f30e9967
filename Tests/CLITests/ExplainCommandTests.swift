import Foundation
import TestScratch
import Testing

@Suite struct ExplainCommandTests {
  var repoRoot: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
  }

  @Test func explainSaysWhyTheCleanupWaitedForTheCharger() throws {
    let outcome = try BGSimBinary.run(
      ["explain", "experiments/scenarios/night-charger.yaml", "--task", "com.example.news.cleanup"],
      in: repoRoot)
    #expect(outcome.status == 0, "\(outcome.standardError)")
    let text = outcome.standardOutput
    #expect(text.contains("Must Not Proceed: external_power (not on external power)"))
    #expect(text.contains("→ launched"))
    // The install warm-up (a day) keeps the first night's charge idle for it.
    #expect(text.contains("ran at 2026-01-06T"))
  }

  /// On a phone whose iOS release is stalled (field observation G3) explain names the
  /// release, and the task never runs.
  @Test func explainNamesAStalledRelease() throws {
    let file = repoRoot.appendingPathComponent("experiments/scenarios/night-charger.yaml")
    let apps = repoRoot.appendingPathComponent("experiments/apps/").path
    let text =
      try String(contentsOf: file, encoding: .utf8).replacingOccurrences(
        of: "app: ../apps/", with: "app: \(apps)/"
      ).replacingOccurrences(of: "  model: ios", with: "  model: ios\n  owners: {stalled_release_share: 1}")
    let copy = scratchFolder("explain").appendingPathComponent("stalled.yaml")
    try text.write(to: copy, atomically: true, encoding: .utf8)
    let outcome = try BGSimBinary.run(
      ["explain", copy.path, "--task", "com.example.news.cleanup"], in: repoRoot)
    #expect(outcome.status == 0, "\(outcome.standardError)")
    #expect(outcome.standardOutput.contains("never ran: most often vetoed by os_release"))
    #expect(!outcome.standardOutput.contains("→ launched"))
  }

  /// A scenario may put the owner's other apps on the phone: explain names those the
  /// CPU policy found running.
  @Test func aScenarioWithOtherAppsNamesThemInExplain() throws {
    let file = repoRoot.appendingPathComponent("experiments/scenarios/night-charger.yaml")
    let apps = repoRoot.appendingPathComponent("experiments/apps/").path
    // Seven nights on the charger beside 40 other apps, processing judged from the
    // plug-in on, when the other apps start their own work.
    let nights = (0..<6).map { d in
      "  - [\(d == 0 ? "" : "d\(d) ")22:30, plug]\n  - [d\(d + 1) 07:15, unplug]\n"
    }.joined()
    var text = try String(contentsOf: file, encoding: .utf8)
    let timeline = try #require(text.range(of: "timeline:\n"))
    let app = try #require(text.range(of: "app: ../apps/"))
    text.replaceSubrange(timeline.upperBound..<app.lowerBound, with: nights)
    text =
      text.replacingOccurrences(of: "days: 3", with: "days: 7").replacingOccurrences(
        of: "app: ../apps/", with: "app: \(apps)/"
      ).replacingOccurrences(
        of: "  model: ios\n", with: "  model: ios\n  policies: {device_activity: {processing_idle: 0s}}\n")
      + "other_apps: {background_active: 40}\n"
    let copy = scratchFolder("explain").appendingPathComponent("crowded.yaml")
    try text.write(to: copy, atomically: true, encoding: .utf8)
    let outcome = try BGSimBinary.run(
      ["explain", copy.path, "--task", "com.example.news.cleanup", "--limit", "400"], in: repoRoot)
    #expect(outcome.status == 0, "\(outcome.standardError)")
    #expect(outcome.standardOutput.contains("held back most by cpu"))
    #expect(outcome.standardOutput.contains("running: com.other."))
  }

  /// With a network group of one, a photo backup uploading on the charger, and processing
  /// spaced 10 minutes apart, the app's processing finds the group full; dasd's fair
  /// share suspends the upload, which ran more this week, and explain says so.
  @Test func explainNamesTheRunFairShareSuspended() throws {
    let file = scratchFolder("explain").appendingPathComponent("fair-share.yaml")
    try """
    days: 4
    seed: 5
    persona: typical
    app:
      background_modes: [processing]
      permitted_identifiers: [sync]
      tasks:
        - identifier: sync
          type: processing
          earliest_begin: 30m
          requires_network: true
          requires_external_power: true
          submit: [on_launch, on_completion]
          work: 2m
    scheduler:
      groups: {network: 1}
      fair_share: {long_running: 1m}
      policies: {rate_limit: {processing_spacing: 10m}}
    other_apps:
      background_active: 0
      apps:
        - {bundle: com.photos, archetype: photo_backup, every: 15m, rank: 2}
    """.write(to: file, atomically: true, encoding: .utf8)
    let outcome = try BGSimBinary.run(
      ["explain", file.path, "--task", "sync", "--limit", "2000"], in: repoRoot)
    #expect(outcome.status == 0, "\(outcome.standardError)")
    let text = outcome.standardOutput
    #expect(text.contains("but the network group is at its cap of 1 (running: com.photos)"))
    #expect(
      text.range(
        of: #"→ launched \[.*\]; fair share: suspended com\.photos \([0-9]+ s this week against [0-9]+ s\)"#,
        options: .regularExpression) != nil)
  }

  /// Vetoes whose reasons differ only in their numbers (a rate limit's seconds since
  /// the last launch) fold into one group: no two such lines follow each other.
  @Test func vetoesThatDifferOnlyInNumbersFold() throws {
    let file = scratchFolder("explain").appendingPathComponent("pushes.yaml")
    try """
    days: 2
    seed: 3
    persona: {name: typical, overrides: {usage.force_quit_probability: 0}}
    app: {background_modes: [remote-notification], silent_pushes_per_hour: 30}
    """.write(to: file, atomically: true, encoding: .utf8)
    let outcome = try BGSimBinary.run(
      ["explain", file.path, "--task", "silent_push", "--limit", "200"], in: repoRoot)
    #expect(outcome.status == 0, "\(outcome.standardError)")
    let lines = outcome.standardOutput.split(separator: "\n")
    #expect(lines.contains { $0.contains("Must Not Proceed: rate_limit (last silent_push launch") })
    for (a, b) in zip(lines, lines.dropFirst()) {
      #expect(
        !(a.contains("Must Not Proceed: rate_limit") && b.contains("Must Not Proceed: rate_limit")),
        "\(a)\n\(b)")
    }
    #expect(lines.contains { $0.hasPrefix("    … the same") })
  }

  /// Past --limit, groups are not shown, so neither are their "… the same N more times"
  /// lines: each such line follows the decision line it repeats.
  @Test func repeatLinesFollowAShownDecisionEvenPastTheLimit() throws {
    let outcome = try BGSimBinary.run(
      ["explain", "experiments/scenarios/night-charger.yaml", "--limit", "5"], in: repoRoot)
    #expect(outcome.status == 0, "\(outcome.standardError)")
    let lines = outcome.standardOutput.split(separator: "\n")
    #expect(lines.contains { $0.contains("(first 5 changes shown") })
    for (previous, line) in zip(lines, lines.dropFirst()) where line.hasPrefix("    … the same") {
      #expect(previous.hasPrefix("  20"), "a repeat line after '\(previous)'")
    }
  }

  /// Explaining one owner of an experiment replays exactly what `bgsim run` simulated:
  /// the launches it lists are the launches.csv rows of that owner and arm.
  @Test func explainingAnOwnerOfAnExperimentListsTheLaunchesOfTheRun() throws {
    let out = scratchFolder("explain").appendingPathComponent("out")
    let run = try BGSimBinary.run(
      [
        "run", "--days", "3", "--warmup-days", "1", "--devices", "4", "--seed", "7", "--out", out.path,
        "--quiet",
      ], in: repoRoot)
    // Exit 1 means a hypothesis failed on this tiny run, which is fine here.
    #expect([0, 1, 3, 4].contains(run.status), "\(run.standardError)")
    let rows = try String(contentsOf: out.appendingPathComponent("launches.csv"), encoding: .utf8)
      .split(separator: "\n").dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false) }
    for arm in ["refresh", "processing"] {
      let explain = try BGSimBinary.run(
        [
          "explain", "experiments/refresh-vs-processing.yaml", "--days", "3", "--seed", "7", "--device", "1",
          "--arm", arm, "--limit", "1",
        ], in: repoRoot)
      #expect(explain.status == 0, "\(explain.standardError)")
      #expect(explain.standardOutput.hasPrefix("arm \(arm), owner 1, replication 0, 3 days\n"))
      let ranLine = explain.standardOutput.split(separator: "\n").first { $0.hasPrefix("  ran at ") }
      let listed = ranLine.map { $0.dropFirst("  ran at ".count).components(separatedBy: ", ") } ?? []
      // Nothing launches in the minutes the run adds after the last day, so explain,
      // which stops at the last midnight, lists every launch.
      let expected = rows.filter { $0[1] == Substring(arm) && $0[3] == "1" && !$0[11].isEmpty }.map {
        String($0[11])
      }
      #expect(!expected.isEmpty)
      #expect(listed == expected)
      // The reasons explain counts are the rows' `launch_reason`, from the same records.
      var counts: [String: Int] = [:]
      for row in rows where row[1] == Substring(arm) && row[3] == "1" && !row[11].isEmpty {
        counts[String(row[20]), default: 0] += 1
      }
      var toldCounts: [String: Int] = [:]
      for line in explain.standardOutput.split(separator: "\n") where line.hasPrefix("  launch_reason: ") {
        for part in line.dropFirst("  launch_reason: ".count).split(separator: ",") {
          let words = part.split(separator: " ")
          if words.count == 2 { toldCounts[String(words[1])] = Int(words[0]) ?? -1 }
        }
      }
      #expect(toldCounts == counts)
    }
  }

  /// A sweep cell is named by its swept values.
  @Test func explainNamesTheCellByItsSweptValues() throws {
    let outcome = try BGSimBinary.run(
      ["explain", "experiments/nightly-sync-advise.yaml", "--days", "1", "--cell", "3", "--limit", "1"],
      in: repoRoot)
    #expect(outcome.status == 0, "\(outcome.standardError)")
    #expect(
      outcome.standardOutput.hasPrefix(
        "arm sync, owner 0, replication 0, cell 3 (tasks.earliest_begin = 06:00, tasks.type = processing), 1 day\n"
      ), "\(outcome.standardOutput.prefix(200))")
  }

  @Test(arguments: [
    (["--arm", "procesing"], "no arm 'procesing'; did you mean 'processing'?"),
    (["--device", "200"], "--device 200 is out of range; the experiment has owners 0…199"),
    (["--cell", "1"], "--cell 1 is out of range; the sweep has cells 0…0"),
  ])
  func badExperimentOptionsExitWithTwo(arguments: [String], message: String) throws {
    let outcome = try BGSimBinary.run(
      ["explain", "experiments/refresh-vs-processing.yaml", "--days", "1"] + arguments, in: repoRoot)
    #expect(outcome.status == 2)
    #expect(outcome.standardError.contains(message), "got: \(outcome.standardError)")
    let scenario = try BGSimBinary.run(
      ["explain", "experiments/scenarios/night-charger.yaml"] + arguments, in: repoRoot)
    #expect(scenario.status == 2)
    #expect(scenario.standardError.contains("apply to experiment files; this is a scenario"))
  }

  @Test func calibratePrintsTheScorecardAndGuardsTheRecordedFigure() throws {
    let dir = scratchFolder("calibrate")
    let suite = dir.appendingPathComponent("suite")
    try FileManager.default.createDirectory(at: suite, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: repoRoot.appendingPathComponent("experiments/validation/R6-opened-every-third-day.yaml"),
      to: suite.appendingPathComponent("R6-opened-every-third-day.yaml"))
    // A report the model cannot express yet: listed, counted, never in band.
    try """
    case: X1
    source: a test
    grade: H
    report: a behaviour with no figure
    expressible: false
    why: "no such figure"

    """.write(to: suite.appendingPathComponent("X1.yaml"), atomically: true, encoding: .utf8)
    let out = dir.appendingPathComponent("out").path
    let args = ["calibrate", "--suite", suite.path, "--out", out, "--owners", "3", "--quiet"]
    let outcome = try BGSimBinary.run(args, in: repoRoot)
    #expect(outcome.status == 0, "\(outcome.standardError)")
    let lines = outcome.standardOutput.split(separator: "\n")
    #expect(lines.last?.hasPrefix("in_band=") == true)
    #expect(lines.last?.contains(" of 2 (fitted ") == true)
    #expect(lines.contains { $0.hasPrefix("X1 ") && $0.contains("OUT  not expressible yet: no such figure") })
    let csv = try String(contentsOfFile: out + "/scorecard.csv", encoding: .utf8)
    #expect(csv.split(separator: "\n").count == 3)
    let one = try BGSimBinary.run(args + ["--case", "X1"], in: repoRoot)
    #expect(
      one.standardOutput.hasSuffix("in_band=0 of 1 (fitted 0 of 0, held 0 of 1)\n"), "\(one.standardOutput)")
    let unknown = try BGSimBinary.run(args + ["--case", "R3"], in: repoRoot)
    #expect(unknown.status == 2)
    #expect(unknown.standardError.contains("no case 'R3' in"))
    let strict = try BGSimBinary.run(args + ["--minimum-in-band", "3"], in: repoRoot)
    #expect(strict.status == 1)
    #expect(strict.standardError.contains("below the recorded 3"))
    // A case whose band runs backwards: one line naming the file, the line and the key.
    let r6 = suite.appendingPathComponent("R6-opened-every-third-day.yaml")
    let text = try String(contentsOf: r6, encoding: .utf8)
    try text.replacingOccurrences(of: "band: [0.1, 3]", with: "band: [3, 0.1]").write(
      to: r6, atomically: true, encoding: .utf8)
    let backwards = try BGSimBinary.run(args, in: repoRoot)
    #expect(backwards.status == 2)
    #expect(
      backwards.standardError.contains(
        "R6-opened-every-third-day.yaml:8: band: band's low end 3 is above its high end 0.1"))
    #expect(backwards.standardError.split(separator: "\n").count == 1)
    let missing = try BGSimBinary.run(
      ["calibrate", "--suite", dir.appendingPathComponent("none").path], in: repoRoot)
    #expect(missing.status == 2)
    #expect(missing.standardError.contains("cannot list the validation cases"))
  }

  @Test(arguments: [
    (
      "scheduler:\n  policies:\n    aplication: {weight: 3}\n",
      "s.yaml:3: scheduler.policies.aplication: unknown key 'aplication'; did you mean 'application'?"
    ),
    ("scheduler:\n  threshold: -0.1\n", "s.yaml:2: scheduler.threshold: -0.1 is out of range"),
    (
      "scheduler:\n  policies:\n    battery: {weight: -1}\n",
      "s.yaml:3: scheduler.policies.battery.weight: -1 is a negative weight"
    ),
    ("days: 0\n", "s.yaml:1: days: 0 is out of range"),
    (
      "scheduler:\n  policies:\n    rate_limit: {processing_spacing: -1h}\n",
      "s.yaml:3: scheduler.policies.rate_limit.processing_spacing: -1h is out of range; use 0s…7d"
    ),
    (
      "scheduler:\n  policies:\n    application: {overdue_scale: 1.5}\n",
      "s.yaml:3: scheduler.policies.application.overdue_scale: 1.5 is not a probability"
    ),
    (
      "scheduler:\n  policies:\n    application: {extra_request_bonus: 2}\n",
      "s.yaml:3: scheduler.policies.application.extra_request_bonus: 2 is out of range; use a value in [0, 1]"
    ),
    ("scheduler:\n  owners: {leniency: 1}\n", "s.yaml:2: scheduler.owners.leniency: unknown key 'leniency'"),
    // A key far from every one (no "did you mean") says which keys the section takes.
    (
      "scheduler:\n  owners: {stalled_release: 0.1}\n",
      "s.yaml:2: scheduler.owners.stalled_release: unknown key 'stalled_release'; did you mean 'stalled_release_share'?\n"
    ),
    (
      "scheduler:\n  owners: {overdue_sigma: -1}\n",
      "s.yaml:2: scheduler.owners.overdue_sigma: -1 is out of range"
    ),
    (
      "scheduler:\n  processing_threshold: 1.2\n",
      "s.yaml:2: scheduler.processing_threshold: 1.2 is out of range"
    ),
    // A key that would change nothing is refused, with the way to make it count.
    (
      "scheduler:\n  processing_threshold: 0.8\n",
      "s.yaml:2: scheduler.processing_threshold: has no effect here: every app's processing is judged against its own best moment"
    ),
    (
      "scheduler:\n  relative_threshold: {strat: 0.9}\n",
      "s.yaml:2: scheduler.relative_threshold.strat: unknown key 'strat'; did you mean 'start'?"
    ),
    (
      "scheduler:\n  relative_threshold: {divisor: 50}\n",
      "s.yaml:2: scheduler.relative_threshold.divisor: 50 is out of range"
    ),
    ("other_apps: {background_active: -2}\n", "s.yaml:1: other_apps.background_active: -2 is out of range"),
    (
      "other_apps: {apple_maintenance: {icloud_bakup: 10m}}\n",
      "s.yaml:1: other_apps.apple_maintenance.icloud_bakup: unknown key 'icloud_bakup'; did you mean 'icloud_backup'?"
    ),
  ])
  func badScenariosExitWithTwo(yaml: String, message: String) throws {
    let dir = scratchFolder("explain")
    let file = dir.appendingPathComponent("s.yaml")
    try yaml.write(to: file, atomically: true, encoding: .utf8)
    let outcome = try BGSimBinary.run(["explain", file.path], in: repoRoot)
    #expect(outcome.status == 2)
    #expect(outcome.standardError.contains(message), "got: \(outcome.standardError)")
  }

  /// A validation case is explained for one of the owners `bgsim calibrate` simulates:
  /// the owners' spread it prints is the scorecard's, and the owner it names nearest the
  /// p5 has, explained in turn, a figure at least as near the p5 as owner 0's.
  @Test func aValidationCaseIsExplainedForTheScorecardsOwners() throws {
    let file = "experiments/validation/F9-legacy-fetch-bursts.yaml"
    let out = scratchFolder("explain-case")
    let calibrate = try BGSimBinary.run(
      ["calibrate", "--case", "F9", "--out", out.path, "--quiet"], in: repoRoot)
    #expect([0, 1].contains(calibrate.status), "\(calibrate.standardError)")
    let csv = try String(contentsOf: out.appendingPathComponent("scorecard.csv"), encoding: .utf8)
    let lines = csv.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false) }
    let header = try #require(lines.first)
    let row = try #require(lines.dropFirst().first)
    func field(_ name: String) throws -> String {
      String(row[try #require(header.firstIndex(of: Substring(name)))])
    }
    func figureLine(device: Int) throws -> (text: String, own: Double, nearest: Int) {
      let explain = try BGSimBinary.run(
        ["explain", file, "--device", String(device), "--limit", "1"], in: repoRoot)
      #expect(explain.status == 0, "\(explain.standardError)")
      let text = explain.standardOutput
      #expect(text.hasPrefix("case F9 (one_phone): "))
      #expect(text.contains("owner \(device) of the 200 that bgsim calibrate simulates, 7 days, seed 173\n"))
      // The case's own task, the system's legacy fetch.
      #expect(text.contains("\nlegacy_fetch: "))
      let line = try #require(
        text.split(separator: "\n").first { $0.hasPrefix("median_gap_minutes of legacy_fetch") })
      func after(_ marker: String, upTo end: Character) -> String {
        String(line.components(separatedBy: marker).last?.prefix { $0 != end } ?? "")
      }
      let own = try #require(Double(after("this owner ", upTo: ";")))
      let nearest = try #require(Int(after("nearest p5: owner ", upTo: ",")))
      return (String(line), own, nearest)
    }
    let first = try figureLine(device: 0)
    let (low, typical, high) = (try field("owners_low"), try field("typical_owner"), try field("owners_high"))
    #expect(
      first.text.contains("the owners' p5 \(low), median \(typical), p95 \(high); real 15;"), "\(first.text)")
    let atP5 = try figureLine(device: first.nearest)
    let p5 = try #require(Double(low))
    #expect(abs(atP5.own - p5) <= abs(first.own - p5))
    #expect(abs(atP5.own - p5) < 0.1)
    // A report's family names no case of its own: its cases are listed.
    let family = try BGSimBinary.run(["calibrate", "--case", "V6", "--quiet"], in: repoRoot)
    #expect(family.status == 2)
    #expect(
      family.standardError.contains(
        "no case 'V6' in experiments/validation; its cases are V6-processing, V6-refresh"))
    // What the case sets is not the command line's.
    let days = try BGSimBinary.run(["explain", file, "--days", "3"], in: repoRoot)
    #expect(days.status == 2 && days.standardError.contains("is a validation case: --arm, --replication"))
    let range = try BGSimBinary.run(["explain", file, "--device", "200"], in: repoRoot)
    #expect(range.status == 2 && range.standardError.contains("calibrate simulates owners 0…199 of case F9"))
    let task = try BGSimBinary.run(["explain", file, "--task", "legacy_fetc"], in: repoRoot)
    #expect(
      task.status == 2 && task.standardError.contains("it submits none, and the system's launch paths are"))
  }

  /// A fleet case prints its figure over all owners; a figure no owner has alone (the
  /// share of owners with no launch) is not given for the one owner; a case on the app's
  /// own background time says no scheduler decision is behind it.
  @Test func aFleetCaseIsExplainedWithItsFigureOverAllOwners() throws {
    let fleet = try BGSimBinary.run(
      ["explain", "experiments/validation/V4-fleet-none.yaml", "--limit", "1"], in: repoRoot)
    #expect(fleet.status == 0, "\(fleet.standardError)")
    let line = fleet.standardOutput.split(separator: "\n").dropFirst(2).first ?? ""
    #expect(line.hasPrefix("share_owners_none of any: all 96 owners "), "\(line)")
    #expect(line.hasSuffix("(the case's figure); band 0.03–0.2"), "\(line)")
    #expect(!line.contains("this owner"))
    let own = try BGSimBinary.run(
      ["explain", "experiments/validation/G5-background-time-ios13.yaml"], in: repoRoot)
    #expect(own.status == 0, "\(own.standardError)")
    #expect(own.standardOutput.contains("median_run_seconds of background_time: this owner "))
    #expect(own.standardOutput.contains("background_time is the app's own beginBackgroundTask time"))
  }
}
