import FileFormats
import Foundation
import TestScratch
import Testing

@testable import Experiments
@testable import Results

/// `bgsim run --posterior`: each replication draws its parameters from a fit's posterior.
@Suite struct PosteriorRunTests {
  /// Two very different bars, equally likely: the relative threshold's factor before a
  /// request's best moment (0.95 by default).
  static let posterior = """
    draw,scheduler.relative_threshold.start,scheduler.policies.rate_limit.processing_spacing,distance,weight
    0,0.3,3600,0.1,0.5
    1,0.95,28800,0.2,0.5

    """

  static func run(posterior: String?, jobs: Int = 2, out: URL = scratch()) throws -> URL {
    var r = RunRequest()
    r.file = write(smallExperiment.replacingOccurrences(of: "replications: 1", with: "replications: 8"))
    r.out = out.path
    r.jobs = jobs
    if let posterior { r.posterior = write(posterior, "posterior.csv") }
    _ = try r.run { _, _ in }
    return out
  }

  @Test func eachReplicationRunsItsOwnDrawAndTheIntervalsAreOverReplications() throws {
    let dir = try Self.run(posterior: Self.posterior)
    let sample = try PosteriorSample.parse(Self.posterior, file: "posterior.csv")
    // Refresh launches a day of each replication, by the row it drew.
    let rows = try csvRows(dir.appendingPathComponent("days.csv").path).dropFirst()
    let warmup = CSVSchema.days.index("warmup")
    let refresh = CSVSchema.days.index("launches_refresh")
    var perReplication: [Int: (sum: Double, n: Double)] = [:]
    for r in rows where r[1] == "refresh" && r[warmup] == "0" {
      perReplication[Int(r[2])!, default: (0, 0)].sum += Double(r[refresh])!
      perReplication[Int(r[2])!, default: (0, 0)].n += 1
    }
    let drawn = (0..<8).map { sample.row(seed: 42, replication: $0) }
    #expect(Set(drawn) == [0, 1], "both rows are drawn: \(drawn)")
    let low = drawn.indices.filter { drawn[$0] == 0 }.map { perReplication[$0]!.sum / perReplication[$0]!.n }
    let high = drawn.indices.filter { drawn[$0] == 1 }.map { perReplication[$0]!.sum / perReplication[$0]!.n }
    // A bar of 0.3 × the optimum launches refresh far more often than one of 0.95 ×.
    #expect(low.min()! > high.max()!, "start 0.3: \(low); 0.95: \(high)")
    // The summary's interval of refresh launches a day is over the 8 replications, so it
    // holds what the two thresholds do, and is wider than the one over owners.
    let c = CSVSchema.summary.index
    let summary = try csvRows(dir.appendingPathComponent("summary.csv").path)
    func width(_ s: [[String]]) -> Double {
      let r = s.first {
        $0[c("kind")] == "arm" && $0[c("arm")] == "refresh" && $0[c("metric")] == "launches_per_device_day"
      }!
      return Double(r[c("ci95_high")])! - Double(r[c("ci95_low")])!
    }
    let plain = try csvRows(try Self.run(posterior: nil).appendingPathComponent("summary.csv").path)
    #expect(width(summary) > 2 * width(plain), "\(width(summary)) against \(width(plain))")
    #expect(
      summary.dropFirst().allSatisfy {
        $0[c("metric")] == "icc_launches_per_day" || $0[c("unit")] == "replication"
      })
    let manifest = try String(contentsOf: dir.appendingPathComponent("manifest.json"), encoding: .utf8)
    #expect(manifest.contains("\"intervals\": \"over replications\""))
  }

  /// With a posterior the intervals are over the replications, so the warning, the
  /// count that would decide a claim and the advice for a missing interval speak of
  /// replications; they spoke of owners ("run more owners", which changes nothing).
  @Test func theConsoleCountsReplicationsWhenTheyAreTheUnit() throws {
    var r = RunRequest()
    r.file = write(smallExperiment)
    r.posterior = write(Self.posterior, "posterior.csv")
    (r.replications, r.devices, r.days) = (1, 40, 3)
    let warnings = try r.warnings()
    #expect(
      warnings.contains {
        $0.contains("the intervals are over 1 replication, each with its posterior draw; below 20")
      }, "\(warnings)")
    r.out = scratch().path
    let report = try r.run { _, _ in }.report
    #expect(report.contains("intervals of owner means: over 1 replication, each"), "\(report)")
    #expect(
      report.contains(
        "no interval from these replications (fewer than 2 with the figure): run more replications"))
    #expect(!report.contains("run more owners"))
    (r.replications, r.out) = (3, scratch().path)
    let three = try r.run { _, _ in }.report
    #expect(!three.contains("owners would decide") && !three.contains("run more owners"), "\(three)")
    r.posterior = nil
    #expect(try r.warnings().allSatisfy { !$0.contains("below 20") })
  }

  @Test func theOutputDoesNotDependOnJobs() throws {
    let a = try Self.run(posterior: Self.posterior, jobs: 1)
    let b = try Self.run(posterior: Self.posterior, jobs: 2)
    for name in ["days.csv", "launches.csv", "summary.csv", "hypotheses.csv"] {
      #expect(
        try Data(contentsOf: a.appendingPathComponent(name))
          == Data(contentsOf: b.appendingPathComponent(name)),
        "\(name)")
    }
  }

  @Test(arguments: [
    ("draw,scheduler.threshold,weight\n0,0.5,1\n", "posterior.csv:1: not a posterior sample"),
    (
      "draw,scheduler.thresh,distance,weight\n0,0.5,0,1\n",
      "posterior.csv:2: scheduler.thresh: unknown key 'thresh'"
    ),
    (
      "draw,battery.capacity_wh,distance,weight\n0,12,0,1\n",
      "posterior.csv:1: battery.capacity_wh: not a parameter"
    ),
    (
      "draw,scheduler.threshold,distance,weight\n0,1.5,0,1\n",
      "posterior.csv:2: scheduler.threshold: 1.5 is out of range"
    ),
    (
      "draw,scheduler.threshold,distance,weight\n0,0.5,0,0\n",
      "posterior.csv: no parameter set with a positive weight"
    ),
    (
      "draw,scheduler.threshold,distance,weight\n0,x,0,1\n",
      "posterior.csv:2: scheduler.threshold: 'x' is not a finite number"
    ),
  ])
  func aPosteriorThatDoesNotFitTheExperimentIsOneLine(text: String, message: String) throws {
    do {
      _ = try Self.run(posterior: text)
      Issue.record("accepted \(text)")
    } catch {
      let line = ((error as? UserError)?.message ?? "\(error)")
      let shown = line.replacing(#/\S*posterior\.csv/#, with: "posterior.csv")
      #expect(shown.hasPrefix(message), "\(line)")
      #expect(!line.contains("\n"))
    }
  }
}
