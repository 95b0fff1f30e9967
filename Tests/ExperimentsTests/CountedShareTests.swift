import FileFormats
import Foundation
import Randomness
import Results
import TestScratch
import Testing

@testable import Experiments

/// A share counted from launches at 0 or 1 for every owner: its interval is that of as
/// many launches, not of as many owners (processing runs only on the charger, so its
/// share while charging is 1 for every owner).
@Suite struct CountedShareTests {
  @Test func allOnesGetTheIntervalOfTheirLaunches() throws {
    let text = smallExperiment.replacingOccurrences(of: "devices: 4", with: "devices: 12")
      .replacingOccurrences(of: "days: 3", with: "days: 4")
    let out = try runExperiment(text)
    let (s, summary) = try csvTable(out, .summary)
    let row = try #require(
      summary.first {
        $0[s("kind")] == "arm" && $0[s("arm")] == "processing" && $0[s("metric")] == "share_while_charging"
      })
    let (mean, low) = (Double(row[s("mean")])!, Double(row[s("ci95_low")])!)
    let owners = Int(row[s("n")])!
    // The processing launches after the one-day warm-up.
    let (l, launches) = try csvTable(out, .launches)
    let n = launches.filter {
      $0[l("arm")] == "processing" && Double($0[l("launched_at_s")]).map { $0 >= 86_400 } == true
    }.count
    #expect(mean == 1 && n > 10 * owners, "\(n) launches of \(owners) owners")
    // Wilson's bound for n of n with the t quantile of the owners: about 1 − 4.5/n.
    #expect(low >= 1 - 5 / Double(n) && low < 1, "\(low) with \(n) launches")
    let byOwners = Statistics.shareInterval(mean: 1, variance: 0, count: owners)
    #expect(byOwners.lower < low - 0.05)
  }
}
