import Foundation
import Testing

@testable import Experiments
@testable import Results

/// Claims on owner figures' quantiles in a run: each verdict agrees with the interval
/// printed beside it, at every alpha, and a claim at another alpha than 0.05 reads its
/// own order statistics (before, it printed `[–, –]` and "fewer than 2 with the
/// figure" for 40 owners).
@Suite struct OwnerQuantileClaimRunTests {
  static let claims: [(text: String, value: Double, alpha: Double)] = [
    ("refresh p90 launches_per_device_day < 30", 30, 0.05),
    ("refresh p90 launches_per_device_day < 31 (alpha = 0.01)", 31, 0.01),
    ("refresh p10 launches_per_device_day > 2 (alpha = 0.2)", 2, 0.2),
    ("refresh median launches_per_device_day > 2 (alpha = 0.2)", 2, 0.2),
    ("refresh p90 share_while_charging < 0.5", 0.5, 0.05),
    ("refresh median share_while_charging < 0.2", 0.2, 0.05),
    ("processing median launches_per_device_day > 12 (alpha = 0.1)", 12, 0.1),
  ]

  @Test func eachVerdictAgreesWithItsInterval() throws {
    let text =
      smallExperiment
      .replacingOccurrences(of: "devices: 4", with: "devices: 40")
      .replacingOccurrences(of: "days: 3", with: "days: 6")
      .components(separatedBy: "\nhypotheses:")[0]
      + "\nhypotheses:\n" + Self.claims.map { "  - \"\($0.text)\"" }.joined(separator: "\n") + "\n"
    let out = try runExperiment(text)
    let (column, rows) = try csvTable(out, .hypotheses)
    try #require(rows.count == Self.claims.count)
    for (claim, row) in zip(Self.claims, rows) {
      #expect(row[column("hypothesis")] == claim.text)
      let low = Double(row[column("ci_low")]) ?? -.infinity
      let high = Double(row[column("ci_high")]) ?? .infinity
      let p = try #require(Double(row[column("p_value")]), "\(claim.text)")
      // One cell: the Holm-adjusted p-value is the raw one, and decides.
      let out = claim.value < low || claim.value > high
      #expect(out == (p < claim.alpha), "\(claim.text): [\(low), \(high)], p \(p)")
      #expect((row[column("result")] == "INCONCLUSIVE") == !out, "\(claim.text)")
      // 40 owners bound every median and the lower end of every p90 and p10 interval.
      #expect(low.isFinite, "\(claim.text)")
      if claim.text.contains("median") { #expect(high.isFinite, "\(claim.text)") }
      if !out { #expect(!row[column("owners_needed")].isEmpty, "\(claim.text)") }
    }
  }
}
