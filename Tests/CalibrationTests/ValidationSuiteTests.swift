import Experiments
import Foundation
import Randomness
import SimKernel
import TestScratch
import Testing

@testable import Calibration
@testable import FileFormats
@testable import Results

/// The validation suite's files, the scorecard's figures and the suite's bad input.
@Suite struct ValidationSuiteTests {
  static let suite = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("experiments/validation").path

  @Test func theSuiteCoversEveryFieldObservation() throws {
    let cases = try ValidationCase.loadAll(folder: Self.suite)
    #expect(cases.count >= 25)
    let ids = Set(cases.map { $0.id.split(separator: "-")[0] })
    let rows = (1...8).map { "P\($0)" } + (1...7).map { "R\($0)" } + (1...4).map { "S\($0)" }
    for row in rows { #expect(ids.contains(Substring(row)), "no case for \(row)") }
    // Every field report of ios-scheduling.md: F1-F7.
    for f in 1...7 { #expect(ids.contains(Substring("F\(f)")), "no case for F\(f)") }
    // The held-out phones of field-observations-3.md: V1-V6.
    for v in 1...6 { #expect(ids.contains(Substring("V\(v)")), "no case for V\(v)") }
    for c in cases where c.notExpressible == nil {
      #expect(c.band.lowerBound <= c.band.upperBound)
      #expect(c.scenario != nil)
    }
  }

  static let oneCase = """
    case: T1
    source: a test
    grade: M
    report: a refresh on most days
    figure: {metric: launches_per_day, task: refresh}
    band: [0, 1000]
    owners: 3
    scenario:
      days: 3
      seed: 5
      persona: typical
      app:
        background_modes: [fetch]
        permitted_identifiers: [refresh]
        tasks:
          - {identifier: refresh, type: refresh, earliest_begin: 15m, submit: [on_launch, on_completion], work: 5s}

    """

  @Test func theScorecardCountsLaunchesAndFlagsABandItMisses() throws {
    let path = write(Self.oneCase, "T1.yaml")
    var c = try ValidationCase.load(file: path)
    let inBand = Scorecard.run([c], jobs: 1)[0]
    let figure = try #require(inBand.figure)
    #expect(inBand.inBand)
    #expect(try #require(inBand.lower) <= figure && figure <= (try #require(inBand.upper)))
    // The figure is the app log's launches over owner-days after day 0.
    let scenario = try #require(c.scenario)
    let launches = (0..<3).map { i in
      let o = scenario.run(device: i)
      return o.appLog.filter {
        $0.kind == .launch && $0.identifier == "refresh" && o.calendar.day(of: $0.time) >= 1
      }
      .count
    }
    #expect(abs(figure - Double(launches.reduce(0, +)) / 6) < 1e-9)
    c.band = (figure + 1)...(figure + 2)
    let out = Scorecard.run([c], jobs: 1)[0]
    #expect(!out.inBand)
    #expect(out.reason.hasPrefix("below the band by 1"))
    // A band 1 above the figure lies inside its interval: the sample of 3 owners decides.
    #expect(out.atEdge && !inBand.atEdge)
    let text = Scorecard.text([inBand, out])
    #expect(
      text.hasSuffix("in_band=1 of 2 (fitted 0 of 0, held 1 of 2); decided by the owners' sample: T1 (out)\n")
    )
    let csv = Scorecard.csv([inBand, out]).split(separator: "\n")
    #expect(csv[0] == Substring(CSVSchema.scorecard.header.dropLast()))
    #expect(csv.count == 3)
  }

  /// `share_owners_launched_at_low_score` is, by its definition from the recorded
  /// decisions, the share of owners with a launch (after day 0) at which the policy
  /// scored at most the bound.
  @Test func aLowPolicyScoreFigureCountsOwnersFromTheirDecisions() throws {
    let text = Self.oneCase.replacingOccurrences(
      of: "figure: {metric: launches_per_day, task: refresh}",
      with:
        "figure: {metric: share_owners_launched_at_low_score, task: refresh, policy: device_activity, score_at_most: 0.02}"
    ).replacingOccurrences(of: "owners: 3", with: "owners: 6")
      // Owners alike in their opens of the app: with the opens spread, every one of these
      // six had a launch at a low score, and the bound would split none of them.
      .replacingOccurrences(
        of: "persona: typical", with: "persona: {name: typical, overrides: {usage.app_opens_owner_sigma: 0}}")
    let c = try ValidationCase.load(file: write(text, "T2.yaml"))
    let figure = try #require(Scorecard.run([c], jobs: 1)[0].figure)
    let scenario = try #require(c.scenario)
    let low = (0..<6).filter { i in
      let o = scenario.run(device: i)
      return o.decisions.contains { d in
        d.outcome == .launched && d.activity.identifier == "refresh" && o.calendar.day(of: d.time) >= 1
          && d.verdicts.contains {
            if case .score(let v, _) = $0.outcome { return $0.policy == "device_activity" && v <= 0.02 }
            return false
          }
      }
    }
    #expect(abs(figure - Double(low.count) / 6) < 1e-12)
    #expect(figure > 0 && figure < 1, "the bound splits these owners: \(figure)")
  }

  /// The in-use delay, by its definition from the logs: of the push launches whose first
  /// pending push came with the screen on and the app not on it, the median delay.
  @Test func theInUseDelayFollowsTheScreenAtThePushAndAtTheLaunch() throws {
    let text = """
      case: T3
      source: a test
      grade: M
      report: pushes
      figure: {metric: median_in_use_delay_minutes, task: silent_push}
      band: [0, 1000]
      owners: 4
      scenario:
        days: 4
        seed: 9
        persona: typical
        app:
          background_modes: [remote-notification]
          silent_pushes_per_hour: 1

      """
    let c = try ValidationCase.load(file: write(text, "T3.yaml"))
    let median = try #require(Scorecard.run([c], jobs: 1)[0].figure)
    let scenario = try #require(c.scenario)
    var delays: [Double] = []
    for i in 0..<4 {
      let o = scenario.run(device: i)
      let screen = o.deviceLog.filter { $0.kind == .screenOn || $0.kind == .screenOff }
      let app = o.deviceLog.filter { $0.kind == .appOpened || $0.kind == .appClosed }
      func on(_ t: SimTime) -> Bool {
        screen.last { $0.time <= t }?.kind == .screenOn && app.last { $0.time <= t }?.kind != .appOpened
      }
      for d in o.decisions
      where d.outcome == .launched && d.activity.identifier == "silent_push"
        && o.calendar.day(of: d.time) >= 1
        && on(d.activity.submittedAt)
      {
        delays.append((d.time - d.activity.submittedAt).seconds / 60)
      }
    }
    #expect(delays.count >= 5, "pushes came while the screen was on")
    #expect(abs(median - Statistics.median(delays)) < 1e-9)
  }

  /// S1's figure: of the pushes that came in use within 15 minutes of a herd trigger,
  /// none launches in use before the 15 minutes are up; without the hold a good share
  /// do, those whose scores pass (the rate limit, off in both, would hold some of them
  /// too).
  @Test func theHerdHoldFigureCountsLaunchesHeldAfterATrigger() throws {
    func text(_ scheduler: String) -> String {
      """
      case: T4
      source: a test
      grade: H
      report: pushes
      figure: {metric: share_in_use_launches_in_herd_hold, task: silent_push}
      band: [0, 0.05]
      owners: 8
      scenario:
        days: 6
        seed: 9
        persona: {name: typical, overrides: {usage.force_quit_probability: 0}}
        app:
          background_modes: [remote-notification]
          silent_pushes_per_hour: 4
      \(scheduler)
      """
    }
    let held = try ValidationCase.load(
      file: write(text("  scheduler: {policies: {rate_limit: {enabled: false}}}"), "T4.yaml"))
    #expect(try #require(Scorecard.run([held], jobs: 1)[0].figure) == 0)
    let free = try ValidationCase.load(
      file: write(
        text("  scheduler: {policies: {rate_limit: {enabled: false}, thundering_herd: {enabled: false}}}"),
        "T4b.yaml"))
    let share = try #require(Scorecard.run([free], jobs: 1)[0].figure)
    #expect(share > 0.2, "without the hold the pushes launch as their scores allow: \(share)")
  }

  /// A case of silent pushes as written, and with a figure filter (`key: true`).
  func pushCases(
    _ name: String, metric: String, days: Int, seed: Int, persona: String, pushesPerHour: Double,
    filter key: String
  ) throws -> (every: ValidationCase, filtered: ValidationCase) {
    func text(_ extra: String) -> String {
      """
      case: \(name)
      source: a test
      grade: H
      report: pushes
      figure: {metric: \(metric), task: silent_push\(extra)}
      band: [0, 1000]
      owners: 6
      scenario:
        days: \(days)
        seed: \(seed)
        persona: \(persona)
        app:
          background_modes: [remote-notification]
          silent_pushes_per_hour: \(pushesPerHour)
      """
    }
    return (
      try ValidationCase.load(file: write(text(""), "\(name).yaml")),
      try ValidationCase.load(file: write(text(", \(key): true"), "\(name)b.yaml"))
    )
  }

  /// `background_only` leaves out the pushes handed at once to the app on screen: an
  /// owner who opens the app 30 times a day gets some, so fewer launches count, and
  /// none of them is on screen.
  @Test func backgroundOnlyLeavesOutThePushesToTheAppOnScreen() throws {
    let (every, background) = try pushCases(
      "T5", metric: "launches_per_day", days: 4, seed: 11,
      persona: "{name: typical, overrides: {usage.app_opens_per_day: 30, usage.force_quit_probability: 0}}",
      pushesPerHour: 30, filter: "background_only")
    #expect(background.figure.backgroundOnly && !every.figure.backgroundOnly)
    let all = try #require(Scorecard.run([every], jobs: 1)[0].figure)
    let behind = try #require(Scorecard.run([background], jobs: 1)[0].figure)
    #expect(behind < all, "\(behind) in the background of \(all)")
    #expect(behind > 0)
  }

  /// `held_only` leaves out the launches made the moment their trigger came: of the
  /// pushes that come while the phone is in use (one every two hours), most launch at once
  /// (median delay under a minute), and the held ones (spaced by the rate limit) wait
  /// minutes.
  @Test func heldOnlyLeavesOutTheWorkLaunchedAtOnce() throws {
    let (every, held) = try pushCases(
      "T6", metric: "median_in_use_delay_minutes", days: 6, seed: 12,
      persona: "{name: typical, overrides: {usage.force_quit_probability: 0}}", pushesPerHour: 0.5,
      filter: "held_only")
    #expect(held.figure.heldOnly && !every.figure.heldOnly)
    let all = try #require(Scorecard.run([every], jobs: 1)[0].figure)
    let late = try #require(Scorecard.run([held], jobs: 1)[0].figure)
    #expect(all < 1, "most in-use pushes launch at once: \(all) min")
    #expect(late > all + 1, "held pushes wait: \(late) min")
  }

  @Test func theResultDoesNotDependOnTheJobs() throws {
    let cases = try ["a", "b", "c"].map { name in
      try ValidationCase.load(
        file: write(Self.oneCase.replacingOccurrences(of: "T1", with: "T-\(name)"), "\(name).yaml"))
    }
    #expect(Scorecard.csv(Scorecard.run(cases, jobs: 1)) == Scorecard.csv(Scorecard.run(cases, jobs: 3)))
  }

  @Test(arguments: [
    ("band: [0, 1000]", "band: [3, 1]", "c.yaml:6: band: band's low end 3 is above its high end 1"),
    ("band: [0, 1000]", "band: [0, x]", "c.yaml:6: band: band must be two finite numbers"),
    ("grade: M", "grade: Q", "c.yaml:3: grade: 'Q' is not one of H, M-H, M, L-M, L"),
    ("owners: 3", "owner: 3", "c.yaml:7: owner: unknown key 'owner'; did you mean 'owners'?"),
    (
      "metric: launches_per_day", "metric: launches",
      "c.yaml:5: figure.metric: 'launches' is not one of launches_per_day"
    ),
    ("task: refresh}", "task: refresh, rate: -1}", "c.yaml:5: figure.rate: -1 is out of range"),
    (
      "metric: launches_per_day", "metric: share_owners_launched_at_low_score",
      "c.yaml:5: figure: share_owners_launched_at_low_score needs a policy, e.g. policy: device_activity"
    ),
    ("task: refresh}", "task: refresh, policy: luck}", "c.yaml:5: figure.policy: 'luck' is not one of"),
    ("task: refresh}", "task: refresh, background_only: maybe}", "c.yaml:5: figure.background_only:"),
    ("task: refresh}", "task: refresh, held_only: 2}", "c.yaml:5: figure.held_only:"),
  ])
  func badCasesNameTheFileLineAndKey(old: String, new: String, message: String) throws {
    let path = write(Self.oneCase.replacingOccurrences(of: old, with: new), "c.yaml")
    #expect {
      try ValidationCase.load(file: path)
    } throws: { error in
      let text = (error as? UserError)?.message ?? ""
      return text.contains(message)
        || {
          print("got: \(text)")
          return false
        }()
    }
  }
}
