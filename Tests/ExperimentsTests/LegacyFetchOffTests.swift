import Experiments
import TestScratch
import Testing

@testable import FileFormats
@testable import Results

/// Listing `BGTaskSchedulerPermittedIdentifiers` turns the legacy fetch path off (iOS 13
/// and later): `bgsim explain` says so, rather than showing nothing for it.
@Suite struct LegacyFetchOffTests {
  static func experiment(permitted: Bool) -> String {
    """
    name: legacy
    days: 2
    devices: 1
    seed: 4
    persona: typical
    app:
      bundle: com.example.fetcher
      background_modes: [fetch]
      minimum_background_fetch_interval: 30m
    \(permitted ? "  permitted_identifiers: [r]\n" : "")  opens_per_day: 6
    arms:
      fetch:
        tasks: []
    """
  }

  @Test(arguments: [true, false])
  func explainSaysWhyLegacyFetchIsOff(permitted: Bool) throws {
    let text = try Explanation(file: write(Self.experiment(permitted: permitted))).render()
    #expect(
      text.contains("legacy_fetch: off, never judged: the app lists BGTaskSchedulerPermittedIdentifiers")
        == permitted, "\(text)")
    // Without the key, legacy fetch is judged.
    if !permitted {
      #expect(text.range(of: #"legacy_fetch: [1-9][0-9]* decisions"#, options: .regularExpression) != nil)
    }
  }
}
