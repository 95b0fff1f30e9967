import FileFormats
import Foundation
import TestScratch
import Testing

@testable import Calibration
@testable import Experiments
@testable import Report
@testable import Results

/// `bgsim fit`: approximate Bayesian computation over the validation cases.
@Suite struct FitTests {
  /// A small case: refresh launches per day of 6 owners over 4 days, with `band`.
  static func caseText(_ id: String, band: ClosedRange<Double>, opens: Int = 8, seed: Int = 3) -> String {
    """
    case: \(id)
    source: "a test"
    grade: M
    report: "refresh launches per day"
    figure: {metric: launches_per_day, task: refresh}
    band: [\(band.lowerBound), \(band.upperBound)]
    owners: 6
    scenario:
      days: 4
      seed: \(seed)
      persona: {name: typical, overrides: {usage.app_opens_per_day: \(opens)}}
      app:
        background_modes: [fetch]
        permitted_identifiers: [refresh]
        tasks:
          - {identifier: refresh, type: refresh, earliest_begin: 15m, submit: [on_launch, on_completion], work: 5s}

    """
  }

  /// A suite folder with `cases` (id → text) and a fit file in it; returns the fit file.
  static func suite(_ cases: [String: String], fit: String) throws -> String {
    let dir = scratch()
    let suite = dir.appendingPathComponent("suite")
    try FileManager.default.createDirectory(at: suite, withIntermediateDirectories: true)
    for (id, text) in cases {
      try text.write(to: suite.appendingPathComponent("\(id).yaml"), atomically: true, encoding: .utf8)
    }
    let file = dir.appendingPathComponent("fit.yaml")
    try fit.write(to: file, atomically: true, encoding: .utf8)
    return file.path
  }

  static let fitText = """
    name: small
    parameters:
      scheduler.threshold: [0.3, 0.8]
      scheduler.owners.leniency_sigma: "lognormal(median: 1, sigma: 0.5)"
    targets:
      suite: suite
    budget:
      draws: 8
      keep: 3

    """

  static func twoCases() -> [String: String] {
    ["A": caseText("A", band: 4...9), "B": caseText("B", band: 1...3, opens: 2, seed: 4)]
  }

  static func run(_ file: String, jobs: Int = 2, resume: Bool = false, out: URL = scratch()) throws -> (
    ABCFit.Result, URL
  ) {
    let spec = try FitSpec.load(file: file)
    let fit = ABCFit(spec: spec, options: .init(outputDirectory: out.path, jobs: jobs, resume: resume))
    return (try #require(try fit.run()), out)
  }

  @Test func theFitDoesNotDependOnJobsAndKeepsTheClosestDraws() throws {
    let file = try Self.suite(Self.twoCases(), fit: Self.fitText)
    let (one, a) = try Self.run(file, jobs: 1)
    let (two, b) = try Self.run(file, jobs: 2)
    for name in ["draws.csv", "posterior.csv", "fit_summary.csv", "fitted.yaml", "scorecard.csv"] {
      let x = try String(contentsOf: a.appendingPathComponent(name), encoding: .utf8)
      let y = try String(contentsOf: b.appendingPathComponent(name), encoding: .utf8)
      #expect(x == y, "\(name) differs between 1 and 2 jobs")
    }
    #expect(one.draws.count == 8 && one.kept.count == 3 && two.kept.map(\.index) == one.kept.map(\.index))
    // The kept draws are the three closest, and no draw left out is closer.
    let worstKept = try #require(one.kept.map(\.distance).max())
    let left = one.draws.filter { d in !one.kept.contains { $0.index == d.index } }
    #expect(left.allSatisfy { $0.distance >= worstKept })
    // Each draw's values follow its Sobol point through the priors, within their ranges.
    #expect(one.draws.allSatisfy { (0.3...0.8).contains($0.values[0]) && $0.values[1] > 0 })
    #expect(Set(one.draws.map(\.values[0])).count == 8, "the Sobol points differ")
    // fitted.yaml holds the posterior medians in nested sections.
    let fitted = try String(contentsOf: a.appendingPathComponent("fitted.yaml"), encoding: .utf8)
    #expect(fitted.contains("scheduler:\n  owners:\n    leniency_sigma: "))
    #expect(fitted.contains("\n  threshold: \(FitOutput.value(one.estimates[0]))\n"))
  }

  @Test func theReportOfAFitDrawsPriorsPosteriorsAndTheFittedCases() throws {
    let file = try Self.suite(Self.twoCases(), fit: Self.fitText)
    let (result, dir) = try Self.run(file)
    let page = try String(contentsOfFile: try HTMLReport.write(directory: dir.path), encoding: .utf8)
    // One chart per parameter, and the cases against their bands, each with marks.
    for id in ["prior-posterior-0", "prior-posterior-1", "fitted-cases"] {
      let chart = try #require(page.range(of: "id=\"\(id)\"").map { page[$0.upperBound...] })
      let body = chart[..<(chart.range(of: "</svg>")?.lowerBound ?? chart.endIndex)]
      #expect(body.contains("class=\"mark\""), "\(id) draws nothing")
    }
    #expect(page.contains("posterior (\(result.kept.count) kept)") && page.contains("prior (all 8 draws)"))
    #expect(page.contains("outside its band") && page.contains("the reported band"))
    #expect(!page.contains("<script"))
  }

  /// Posterior intervals interpolate at rank p(n + 1): for 25 evenly spaced values the
  /// 90 % interval spans 1.3…24.7, what its expectation is for a uniform sample, not
  /// 2.2…23.8 as the rank p(n − 1) + 1 gives.
  @Test func posteriorQuantilesAreUnbiasedForAUniformSample() {
    let xs = (1...25).map(Double.init)
    #expect(abs(ABCFit.posteriorQuantile(sorted: xs, 0.05) - 1.3) < 1e-12)
    #expect(abs(ABCFit.posteriorQuantile(sorted: xs, 0.95) - 24.7) < 1e-12)
    #expect(ABCFit.posteriorQuantile(sorted: xs, 0.5) == 13)
    #expect(
      ABCFit.posteriorQuantile(sorted: [4, 7], 0.01) == 4
        && ABCFit.posteriorQuantile(sorted: [4, 7], 0.99) == 7)
    #expect(ABCFit.posteriorQuantile(sorted: [3], 0.5) == 3)
  }

  @Test func theDistanceIsHowFarOutsideTheBands() throws {
    let cases = try Self.twoCases().sorted { $0.key < $1.key }.map { _, text in
      try ValidationCase.parse(tree: ConfigTree.parse(yaml: text, file: "c.yaml"), file: "c.yaml")
    }
    // Anywhere in band (A 4…9, B 1…3) is 0 away, edges included.
    #expect(ABCFit.distance([6.5, 3], cases) == 0 && ABCFit.distance([4, 1], cases) == 0)
    // One half-width past an edge is 1 away: B at 4, or A at 11.5; the root mean square.
    #expect(abs(ABCFit.distance([6.5, 4], cases) - (0.5).squareRoot()) < 1e-12)
    #expect(abs(ABCFit.distance([11.5, 4], cases) - 1) < 1e-12)
    // No figure counts as the penalty.
    #expect(abs(ABCFit.distance([6.5, nil], cases) - ABCFit.missingFigurePenalty / 2.squareRoot()) < 1e-12)
  }

  @Test func aFitThatKeepsNoDrawSaysSoAndHowToWidenIt() throws {
    // Bands no threshold can reach: 100–200 refresh launches a day.
    let cases = ["A": Self.caseText("A", band: 100...200)]
    let text = Self.fitText.replacingOccurrences(of: "  keep: 3\n", with: "  keep: 3\n  tolerance: 0.5\n")
    do {
      _ = try Self.run(try Self.suite(cases, fit: text))
      Issue.record("a fit kept draws 100 launches a day away")
    } catch {
      let message = (error as? UserError)?.message ?? "\(error)"
      #expect(message.contains("no draw came within the tolerance 0.5"))
      #expect(message.contains("widen budget.tolerance or give more draws"))
    }
  }

  @Test func aResumedFitReusesItsDrawsAndGivesTheSameFiles() throws {
    let file = try Self.suite(Self.twoCases(), fit: Self.fitText)
    let (clean, cleanDir) = try Self.run(file)
    // An interrupted fit of the same file: three draws recorded, the last line cut short.
    let out = scratch()
    let spec = try FitSpec.load(file: file)
    let fingerprint = ABCFit(spec: spec, options: .init(outputDirectory: out.path, jobs: 1)).fingerprint()
    var record = "\(FitRecord.header) \(fingerprint)\n"
    for d in clean.draws.prefix(3) {
      record += "\(d.index)," + d.figures.map { $0.map { "\($0)" } ?? "" }.joined(separator: ",") + ",ok\n"
    }
    record += "5,1.2"
    try record.write(to: out.appendingPathComponent(FitRecord.fileName), atomically: true, encoding: .utf8)
    let (resumed, _) = try Self.run(file, resume: true, out: out)
    #expect(resumed.resumed == 3)
    for name in ["draws.csv", "posterior.csv", "fitted.yaml"] {
      let x = try String(contentsOf: cleanDir.appendingPathComponent(name), encoding: .utf8)
      let y = try String(contentsOf: out.appendingPathComponent(name), encoding: .utf8)
      #expect(x == y, "\(name) differs after a resume")
    }
    #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent(FitRecord.fileName).path))
    // A record of another fit file is not reused.
    try "\(FitRecord.header) 0000000000000000\n0,1,1,ok\n".write(
      to: out.appendingPathComponent(FitRecord.fileName), atomically: true, encoding: .utf8)
    #expect(try Self.run(file, resume: true, out: out).0.resumed == 0)
  }

  @Test func shardsMergeToTheFilesOfOneFit() throws {
    let file = try Self.suite(Self.twoCases(), fit: Self.fitText)
    let (_, whole) = try Self.run(file)
    let spec = try FitSpec.load(file: file)
    var folders: [String] = []
    for k in 1...3 {
      let dir = scratch()
      let shard = ABCFit(
        spec: spec, options: .init(outputDirectory: dir.path, jobs: 1, shard: Shard(text: "\(k)/3")))
      #expect(try shard.run() == nil, "a shard leaves the fit to merge")
      folders.append(dir.path)
    }
    let out = scratch()
    _ = try ABCFit.merge(folders.reversed(), out: out.path, jobs: 2)
    for name in ["draws.csv", "posterior.csv", "fit_summary.csv", "fitted.yaml", "scorecard.csv"] {
      let x = try String(contentsOf: whole.appendingPathComponent(name), encoding: .utf8)
      let y = try String(contentsOf: out.appendingPathComponent(name), encoding: .utf8)
      #expect(x == y, "\(name) differs after a merge")
    }
    // A shard missing, or given twice: one line each.
    for (given, message) in [
      (Array(folders.prefix(2)), "incomplete set: shard 3/3 missing"),
      ([folders[0], folders[0], folders[1]], "shard 1/3 is given twice"),
    ] {
      do {
        _ = try ABCFit.merge(given, out: scratch().path, jobs: 1)
        Issue.record("merged \(given)")
      } catch { #expect(error.message.hasPrefix(message), "\(error.message)") }
    }
  }

  /// Parameter recovery, scaled down: cases made at a known threshold, with bands of
  /// ±15 % around what that threshold gives, are fitted from a uniform prior. The 90 %
  /// posterior interval should hold the true value; with 3 true values and a coverage
  /// of 90 %, at least 2 of 3 hold it with probability 0.97. The posterior must be
  /// narrower than the prior each time: the launches per day inform the threshold.
  @Test func aKnownThresholdIsRecovered() throws {
    var covered = 0
    for truth in [0.42, 0.55, 0.68] {
      var cases: [String: String] = [:]
      for (id, opens, seed) in [("A", 8, 3), ("B", 3, 5)] {
        let probe = try ValidationCase.parse(
          tree: ConfigTree.parse(
            yaml: Self.caseText(id, band: 0...1, opens: opens, seed: seed), file: "c.yaml"),
          file: "c.yaml")
        let made = try probe.setting([
          .init(key: "scheduler.threshold", value: "\(truth)", file: "t", line: 1)
        ])
        let figure = try #require(Scorecard.figure(for: made))
        cases[id] = Self.caseText(id, band: (figure * 0.85)...(figure * 1.15), opens: opens, seed: seed)
      }
      let fit = """
        parameters:
          scheduler.threshold: [0.2, 0.9]
        targets:
          suite: suite
        budget:
          draws: 24
          keep: 5

        """
      let (r, _) = try Self.run(try Self.suite(cases, fit: fit))
      let e = r.estimates[0]
      if (e.posterior.low...e.posterior.high).contains(truth) { covered += 1 }
      #expect(e.shrinkage < 1, "threshold \(truth): posterior \(e.posterior) against prior \(e.prior)")
    }
    #expect(covered >= 2)
  }

  @Test(arguments: [
    (
      "  scheduler.threshold: [0.3, 0.8]", "  scheduler.threshhold: [0.3, 0.8]",
      "fit.yaml:3: scheduler.threshhold: "
    ),
    (
      "  scheduler.threshold: [0.3, 0.8]", "  battery.capacity: [1, 2]",
      "fit.yaml:3: parameters.battery.capacity: unknown parameter"
    ),
    (
      "  scheduler.threshold: [0.3, 0.8]", "  scheduler.threshold: [0.8, 0.3]",
      "fit.yaml:3: parameters.scheduler.threshold: the prior's low end 0.8 is not below its high end 0.3"
    ),
    // Durations as written, not as seconds ("1800.0 is not below … 300.0").
    (
      "  scheduler.threshold: [0.3, 0.8]", "  scheduler.evaluation_period: [30m, 5m]",
      "fit.yaml:3: parameters.scheduler.evaluation_period: the prior's low end 30m is not below its high end 5m"
    ),
    (
      "  scheduler.threshold: [0.3, 0.8]", "  scheduler.threshold: [0.3, 1.8]",
      "fit.yaml:3: scheduler.threshold: "
    ),
    (
      "  draws: 8", "  draws: 1",
      "fit.yaml:8: budget.draws: 1 draw is fewer than the 2 parameters; give at least 2"
    ),
    ("  suite: suite", "  suite: suite\n  cases: [Q]", "fit.yaml:7: targets.cases: no case 'Q'"),
    ("  suite: suite", "  suite: suite\n  exclude: [Q]", "fit.yaml:7: targets.exclude: no case 'Q'"),
    // A case named twice weighed twice in the distance.
    (
      "  suite: suite", "  suite: suite\n  cases: [A, B, A]",
      "fit.yaml:7: targets.cases[2]: 'A' is the same value as [0] ('A'); name each case once"
    ),
    (
      "  suite: suite", "  suite: suite\n  exclude: [B, B]", "fit.yaml:7: targets.exclude[1]: 'B' is the same"
    ),
    // An experiment given to fit is named as one (it read "unknown key 'days'").
    (
      "name: small\nparameters:", "name: small\narms: {}\nparameters:",
      "fit.yaml:2: arms: this is an experiment file, not a fit"
    ),
  ])
  func aBadFitFileIsOneLineAtItsPlace(old: String, new: String, message: String) throws {
    let file = try Self.suite(Self.twoCases(), fit: Self.fitText.replacingOccurrences(of: old, with: new))
    do {
      _ = try FitSpec.load(file: file)
      Issue.record("accepted: \(new)")
    } catch {
      let line = error.message.replacingOccurrences(of: file, with: "fit.yaml")
      #expect(line.hasPrefix(message), "\(line)")
      #expect(!line.contains("\n"))
    }
  }
}
