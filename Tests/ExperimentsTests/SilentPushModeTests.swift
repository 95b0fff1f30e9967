import Experiments
import FileFormats
import Foundation
import TestScratch
import Testing

@testable import Results

/// A silent push launches only an app with the `remote-notification` background mode;
/// without it, `bgsim explain` says why pushes never launch the app.
@Suite struct SilentPushModeTests {
  static func experiment(mode: Bool, opensPerDay: Double = 5) -> String {
    """
    name: pushes
    days: 3
    warmup_days: 0
    devices: 3
    seed: 2
    persona: typical
    app:
      bundle: com.example.pushed
      background_modes: [fetch\(mode ? ", remote-notification" : "")]
      permitted_identifiers: [r]
      opens_per_day: \(opensPerDay)
      silent_pushes_per_hour: 2
    arms:
      pushed:
        tasks: []
    """
  }

  @Test(arguments: [true, false])
  func pushesLaunchOnlyAnAppWithTheMode(mode: Bool) throws {
    let out = try runExperiment(Self.experiment(mode: mode))
    let rows = try csvRows(out.appendingPathComponent("launches.csv").path).dropFirst()
    let kind = CSVSchema.launches.index("kind")
    let pushes = rows.filter { $0[kind] == "silent_push" }.count
    #expect(mode ? pushes > 10 : pushes == 0, "\(pushes) push launches")
    let text = try Explanation(file: write(Self.experiment(mode: mode))).render()
    #expect(
      text.contains("silent_push: off, never judged: the app lacks the `remote-notification` background mode")
        == !mode)
  }

  /// None for an app the owner has not opened for a while (an Apple engineer, S2): an
  /// app never opened gets no push launch at all.
  @Test func pushesLaunchNoAppThatIsNeverOpened() throws {
    let out = try runExperiment(Self.experiment(mode: true, opensPerDay: 0))
    let rows = try csvRows(out.appendingPathComponent("launches.csv").path).dropFirst()
    let kind = CSVSchema.launches.index("kind")
    #expect(!rows.contains { $0[kind] == "silent_push" })
  }
}
