import Experiments
import FileFormats
import Foundation
import Testing

@testable import Results

/// The watchdog kills an app that began background time and never ended it; such a kill
/// counts in `days.csv`'s `kills` as a killed task run does.
@Suite struct WatchdogKillTests {
  static let experiment = """
    name: watchdog
    days: 3
    devices: 4
    seed: 5
    persona: typical
    app:
      bundle: com.example.leaky
      background_modes: [fetch]
      permitted_identifiers: [r]
      opens_per_day: 6
    arms:
      leaks:
        tasks: []
        background_time: {pattern: leak, work: 5s}
      pairs:
        tasks: []
        background_time: {pattern: paired, work: 5s}
    """

  @Test func backgroundTimeLeftUnendedCountsAsAKill() throws {
    let out = try runExperiment(Self.experiment)
    let rows = try csvRows(out.appendingPathComponent("days.csv").path)
    let arm = CSVSchema.days.index("arm")
    let kills = CSVSchema.days.index("kills")
    func total(_ name: String) -> Int {
      rows.dropFirst().filter { $0[arm] == name }.reduce(0) { $0 + (Int($1[kills]) ?? 0) }
    }
    // Every session of a leaking app ends in a kill; about 6 opens a day, 4 owners, 3 days.
    #expect(total("leaks") > 20)
    #expect(total("pairs") == 0)
  }
}
