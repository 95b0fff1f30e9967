import FileFormats
import Foundation
import Results
import TestScratch
import Testing

@testable import Experiments

/// A sweep that names a baseline cell: `summary.csv` gains each cell's paired difference
/// from it, the console prints it, `summarize --compare` gives the same numbers, and
/// merged shards the same bytes.
@Suite struct CellBaselineTests {
  static let text =
    smallExperiment.replacingOccurrences(of: "devices: 4", with: "devices: 12")
    + "\nsweep:\n  grid:\n    app.opens_per_day: [2, 8]\n    tasks.earliest_begin: [15m, 2h]\n"
    + "  baseline: {app.opens_per_day: 2}\n"

  /// The grid with `claim` first among the experiment's hypotheses.
  static func claiming(_ claim: String) -> String {
    text.replacingOccurrences(of: "hypotheses:\n", with: "hypotheses:\n  - \"\(claim)\"\n")
  }

  func run(_ text: String, shard: String? = nil) throws -> (URL, String) {
    var r = RunRequest()
    r.file = write(text)
    r.out = scratch().path
    r.jobs = 2
    r.shard = shard
    let (console, _, _) = try r.run { _, _ in }
    return (URL(fileURLWithPath: r.out!), console)
  }

  @Test func summaryGainsEachCellsDifferenceFromTheBaseline() throws {
    let (out, console) = try run(Self.text)
    let (s, summary) = try csvTable(out, .summary)
    let differences = summary.filter { $0[s("kind")] == "cell_difference" }
    // Cells 2 and 3 (8 opens) against cells 0 and 1 (2 opens), 2 arms, each owner metric.
    let owners = summary.filter { $0[s("kind")] == "paired_difference" && $0[s("cell")] == "0" }.count
    #expect(owners > 0 && differences.count == 2 * 2 * owners)
    #expect(Set(differences.map { $0[s("cell")] }) == ["2", "3"])
    // Every owner has launches a day in both cells; some have no run to complete.
    #expect(differences.allSatisfy { $0[1] == "8" && Int($0[s("n")])! <= 12 })
    #expect(
      differences.filter { $0[s("metric")] == "launches_per_device_day" }.allSatisfy { $0[s("n")] == "12" })
    // The same numbers as summarize --compare.
    var q = SummaryQuery(folders: [out.path])
    q.compare = "app.opens_per_day=2"
    q.format = .csv
    q.statistics = [.mean, .ci, .pValue]
    let rows = try q.run().split(separator: "\n").dropFirst().map {
      $0.split(separator: ",").map(String.init)
    }
    #expect(rows.count == differences.count)
    for r in rows {
      let match = try #require(
        differences.first {
          $0[2] == r[0] && $0[s("arm")] == r[1] && $0[s("metric")] == r[3]
        })
      #expect(
        [match[s("mean")], match[s("ci95_low")], match[s("ci95_high")], match[s("p_value")]]
          == Array(r[4...7]),
        "\(r)")
    }
    #expect(console.contains("against the baseline cell (app.opens_per_day = 2), each owner against itself"))
    let lines = console.split(separator: "\n")
    #expect(
      lines.contains {
        $0.hasPrefix("cell 3 (app.opens_per_day = 8, tasks.earliest_begin = 2h)") && $0.contains("refresh")
      })
  }

  /// A claim between two cells: one verdict per value of the other key, on the left
  /// cell, with the estimate and interval of that cell's difference from the baseline.
  @Test func aClaimBetweenCellsIsDecidedFromTheirPairedDifference() throws {
    let claim =
      "refresh launches_per_device_day[app.opens_per_day=8] > refresh launches_per_device_day[app.opens_per_day=2]"
    let (out, console) = try run(Self.claiming(claim))
    let (h, verdicts) = try csvTable(out, .hypotheses)
    let claimed = verdicts.filter { $0[h("hypothesis")] == claim }
    #expect(claimed.map { $0[h("cell")] } == ["2", "3"])
    let (s, summary) = try csvTable(out, .summary)
    for v in claimed {
      let row = try #require(
        summary.first {
          $0[s("cell")] == v[h("cell")] && $0[s("kind")] == "cell_difference" && $0[s("arm")] == "refresh"
            && $0[s("metric")] == "launches_per_device_day"
        })
      #expect(
        [v[h("estimate")], v[h("ci_low")], v[h("ci_high")], v[h("p_value")]]
          == [row[s("mean")], row[s("ci95_low")], row[s("ci95_high")], row[s("p_value")]])
      // More opens, more refresh runs: the claim holds.
      #expect(v[h("result")] == "PASS", "\(v)")
    }
    #expect(console.contains("  PASS  \(claim)   estimate"))
  }

  @Test(arguments: [
    (
      "refresh launches_per_device_day[app.opens=8] > refresh launches_per_device_day[app.opens=2]",
      "'app.opens' is not a key of the sweep's grid"
    ),
    (
      "refresh launches_per_device_day[app.opens_per_day=8] > refresh launches_per_device_day[app.opens_per_day=3]",
      "app.opens_per_day = 3 is not one of its values (2, 8)"
    ),
    (
      "refresh launches_per_device_day[app.opens_per_day=8] > refresh launches_per_device_day",
      "cells are compared as ARM METRIC[KEY=A] < ARM METRIC[KEY=B]"
    ),
    (
      "refresh launches_per_device_day > refresh launches_per_device_day[app.opens_per_day=2]",
      "name a cell on both sides"
    ),
    (
      "refresh launches_per_device_day[app.opens_per_day=8] > processing launches_per_device_day[app.opens_per_day=2]",
      "by the mean of one arm's metric on both sides"
    ),
  ])
  func aBadClaimBetweenCellsIsOneLine(claim: String, message: String) throws {
    var r = RunRequest()
    let text = Self.claiming(claim)
    r.file = write(text)
    let error = #expect(throws: UserError.self) { try r.load() }
    // The claim's own line: the first of the list.
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let line = try #require(lines.firstIndex { $0.hasPrefix("hypotheses:") }) + 2
    #expect(error?.message.contains(":\(line): hypotheses[0]: ") == true, "\(error?.message ?? "")")
    #expect(error?.message.contains(message) == true, "\(error?.message ?? "")")
  }

  @Test func mergedShardsGiveTheSameSummary() throws {
    let (whole, _) = try run(Self.text)
    var shards: [String] = []
    for k in 1...2 { shards.append(try run(Self.text, shard: "\(k)/2").0.path) }
    let merged = scratch()
    _ = try ShardMerge.merge(shards, out: merged.path)
    let a = try Data(contentsOf: whole.appendingPathComponent("summary.csv"))
    let b = try Data(contentsOf: merged.appendingPathComponent("summary.csv"))
    #expect(a == b)
  }

  @Test(arguments: [
    (
      "  baseline: {app.opens_per_day: 2}\n", "  baseline: {app.opens: 2}\n",
      "'app.opens' is not a key of the sweep's grid"
    ),
    (
      "  baseline: {app.opens_per_day: 2}\n", "  baseline: {app.opens_per_day: 5}\n",
      "5 is not one of its values (2, 8)"
    ),
    ("  baseline: {app.opens_per_day: 2}\n", "  baseline: 2\n", "baseline names one swept key and its value"),
  ])
  func aBadBaselineIsOneLine(old: String, new: String, message: String) throws {
    var r = RunRequest()
    r.file = write(Self.text.replacingOccurrences(of: old, with: new))
    let error = #expect(throws: UserError.self) { try r.load() }
    #expect(error?.message.contains("sweep.baseline") == true, "\(error?.message ?? "")")
    #expect(error?.message.contains(message) == true, "\(error?.message ?? "")")
  }
}
