import Experiments
import FileFormats
import Foundation
import Randomness
import TestScratch
import Testing

@testable import Results

/// A claim passes when its whole interval is on the claimed side, fails when it is
/// wholly on the other, and is otherwise inconclusive, with the owners that might decide it.
@Suite struct ThreeVerdictsTests {
  static let experiment = smallExperiment.replacingOccurrences(of: "devices: 4", with: "devices: 30")

  func verdicts(_ claims: [String]) throws -> [String: (result: String, estimate: Double)] {
    var text = Self.experiment
    text = String(text[..<text.range(of: "hypotheses:")!.lowerBound]) + "hypotheses:\n"
    for c in claims { text += "  - \"\(c)\"\n" }
    let out = try runExperiment(text)
    let rows = try csvRows(out.appendingPathComponent("hypotheses.csv").path)
    let c = CSVSchema.hypotheses.index
    var found: [String: (String, Double)] = [:]
    for r in rows.dropFirst() {
      found[r[c("hypothesis")]] = (r[c("result")], Double(r[c("estimate")]) ?? .nan)
    }
    return found
  }

  @Test func trueFalseAndUndecidedClaims() throws {
    let first = try verdicts([
      "processing share_while_charging >= 0.5", "refresh share_while_charging > 0.9",
      "refresh launches_per_device_day > 0",
    ])
    #expect(first["processing share_while_charging >= 0.5"]?.result == "PASS")
    #expect(first["refresh share_while_charging > 0.9"]?.result == "FAIL")
    // A claim set at its own estimate cannot be decided by any number of owners.
    let estimate = try #require(first["refresh launches_per_device_day > 0"]?.estimate)
    let atEstimate = "refresh launches_per_device_day >= \(estimate)"
    let second = try verdicts([atEstimate, "refresh energy_per_day_mwh > 0"])
    #expect(second[atEstimate]?.result == "INCONCLUSIVE")
    #expect(second["refresh energy_per_day_mwh > 0"]?.result == "PASS")
  }

  /// A paired difference's p-value is read from its own interval: below 0.05 exactly
  /// when the 95 % interval leaves out 0, for every owner metric, shares included (a
  /// paired t-test beside an interval built from the arms' bounded ones printed
  /// p = 0.044 beside [-0.101, 0.011]).
  @Test func aPairedPValueNeverContradictsItsInterval() throws {
    let out = try runExperiment(Self.experiment)
    let (column, rows) = try csvTable(out, .summary)
    var compared = 0
    for r in rows where r[column("kind")] == "paired_difference" {
      guard let p = Double(r[column("p_value")]), let low = Double(r[column("ci95_low")]),
        let high = Double(r[column("ci95_high")])
      else { continue }
      // The bisection finds the level to 60 halvings; at the edge itself either reading holds.
      guard abs(p - 0.05) > 1e-6 else { continue }
      #expect((p < 0.05) == (low > 0 || high < 0), "\(r[column("metric")]): p \(p), [\(low), \(high)]")
      compared += 1
    }
    #expect(compared > 0)
  }

  @Test func anInconclusiveClaimSaysHowManyOwnersMightDecideIt() throws {
    // A mean of 0.5 whose t interval over 20 owners is ±0.1, against a claim 0.05 away:
    // about four times the owners, a little less as the t quantile falls.
    let variance = pow(0.1 / 2.093, 2) * 20
    func decides(_ n: Int) -> Bool {
      Statistics.confidenceInterval(mean: 0.5, variance: variance, count: n).lower > 0.45
    }
    let needed = try #require(SummaryTables.ownersNeeded(from: 20, decides: decides))
    #expect((60...90).contains(needed), "\(needed)")
    #expect(decides(needed) && !decides(needed * 9 / 10))
    // A claim at its own estimate: no number of owners decides it.
    #expect(SummaryTables.ownersNeeded(from: 20) { _ in false } == nil)
  }
}
