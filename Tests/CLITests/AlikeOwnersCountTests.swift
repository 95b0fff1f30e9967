import Foundation
import TestScratch
import Testing

/// A count a day that every owner has alike is not a point: 40 owners of an app never
/// opened launched nothing in 9 days, and their launches a day read 0.00 [0.00, 0.00]
/// beside a share of owners with none of 1.00 [0.91, 1.00], which admits owners that
/// launch. The interval is widened as other_app_summary.csv widens such a count: the
/// share of owners none of them rules out, 1 − 0.025^(1/40), times one step, 1/9 a day.
@Suite struct AlikeOwnersCountTests {
  @Test func launchesEveryOwnerHasAlikeGetTheUnseenOwnersShare() throws {
    let dir = scratchFolder("alike-owners")
    let file = dir.appendingPathComponent("never.yaml")
    try """
    name: never-opened
    days: 10
    devices: 40
    seed: 1
    warmup_days: 1
    persona: typical
    app:
      bundle: com.example.sync
      background_modes: [fetch]
      permitted_identifiers: [com.example.sync]
      opens_per_day: 0
    arms:
      refresh:
        tasks:
          - {identifier: com.example.sync, type: refresh, earliest_begin: 15m, submit: [on_launch], work: 5s}
      later:
        tasks:
          - {identifier: com.example.sync, type: refresh, earliest_begin: 1h, submit: [on_launch], work: 5s}
    hypotheses:
      - "refresh launches_per_device_day < 0.1"
      - "refresh launches_per_device_day < 0.001"
    """.write(to: file, atomically: true, encoding: .utf8)
    let out = dir.appendingPathComponent("out")
    let outcome = try BGSimBinary.run(["run", file.path, "--out", out.path, "--quiet"])
    #expect([1, 3, 4].contains(outcome.status), "\(outcome.standardError)")
    let rows = try String(contentsOf: out.appendingPathComponent("summary.csv"), encoding: .utf8)
      .split(separator: "\n").map {
        $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
      }
    let header = try #require(rows.first)
    func column(_ name: String) throws -> Int { try #require(header.firstIndex(of: name)) }
    let (kind, metric, mean, low, high, p) = (
      try column("kind"), try column("metric"), try column("mean"), try column("ci95_low"),
      try column("ci95_high"), try column("p_value")
    )
    let half = (1 - pow(0.025, 1.0 / 40)) / 9
    let launches = rows.filter { $0[metric] == "launches_per_device_day" }
    #expect(launches.count == 3)
    for r in launches {
      #expect(r[mean] == "0.000000")
      #expect(abs(Double(r[high])! - half) < 1e-6, "\(r)")
      #expect(Double(r[low])! == (r[kind] == "arm" ? 0 : -Double(r[high])!), "\(r)")
    }
    // The arms' difference, every owner's 0: an interval holding 0, so p = 1.
    let pair = try #require(launches.first { $0[kind] == "paired_difference" })
    #expect(Double(pair[p]) == 1)
    // A rate below 0.001 a day cannot be told from 0 with 360 owner-days; below 0.1 can.
    let verdicts = try String(contentsOf: out.appendingPathComponent("hypotheses.csv"), encoding: .utf8)
    #expect(verdicts.contains("refresh launches_per_device_day < 0.1,0.000000,0.000000,0.009789"))
    #expect(verdicts.split(separator: "\n").contains { $0.contains("< 0.1,") && $0.contains(",PASS,") })
    let undecided = try #require(verdicts.split(separator: "\n").first { $0.contains("< 0.001,") })
    #expect(undecided.contains(",INCONCLUSIVE,"))
    // The owners that would decide it: the fewest whose widening falls below 0.001, found
    // to within the search's 5 %.
    let least = try #require((2...100_000).first { n in (1 - pow(0.025, 1.0 / Double(n))) / 9 < 0.001 })
    let needed = try #require(Int(undecided.split(separator: ",").last ?? ""))
    #expect(needed >= least && Double(needed) <= Double(least) * 1.06 + 2, "\(needed) against \(least)")
  }
}
