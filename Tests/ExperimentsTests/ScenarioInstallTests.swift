import DeviceModel
import FileFormats
import IOSModel
import Testing

@testable import Experiments

/// A scenario's app accepts `installed_days_before`, as an experiment's does: dasd starts
/// with the owner's past use of the app and the request its last launch left pending.
@Suite struct ScenarioInstallTests {
  func scenario(installedDaysBefore: String?) throws -> Scenario {
    let line = installedDaysBefore.map { "\n  installed_days_before: \($0)" } ?? ""
    let text = """
      name: installed
      days: 1
      seed: 3
      persona: typical
      app:\(line)
        background_modes: [fetch]
        permitted_identifiers: [refresh]
        tasks:
          - {identifier: refresh, type: refresh, earliest_begin: 15m, submit: [on_launch, on_completion], work: 5s}

      """
    return try Scenario.parse(tree: ConfigTree.parse(yaml: text, file: "s.yaml"), file: "s.yaml")
  }

  /// Launches of `refresh` before the owner first opens the app, over 20 owners.
  func launchesBeforeFirstOpen(_ s: Scenario) -> Int {
    (0..<20).reduce(0) { sum, owner in
      let log = s.run(device: owner, recordDecisions: false)
      let firstOpen = log.deviceLog.first { $0.kind == .appOpened }?.time.seconds ?? 86_400
      return sum + log.appLog.count { $0.kind == .launch && $0.time.seconds < firstOpen }
    }
  }

  @Test func anInstalledAppRunsBeforeItsFirstOpen() throws {
    let fresh = try scenario(installedDaysBefore: nil)
    let installed = try scenario(installedDaysBefore: "14")
    #expect(fresh.installedDaysBefore == 0)
    #expect(installed.installedDaysBefore == 14)
    // A fresh install has no request before the first open; an installed app has the
    // one its last launch left pending.
    #expect(launchesBeforeFirstOpen(fresh) == 0)
    #expect(launchesBeforeFirstOpen(installed) > 0)
  }

  @Test(arguments: [("-1", "-1 is out of range"), ("soon", "'soon' is not a whole number")])
  func aBadInstallAgeIsRefused(value: String, message: String) throws {
    let error = #expect(throws: ConfigError.self) { try scenario(installedDaysBefore: value) }
    #expect(error?.description.contains("installed_days_before") == true, "\(error?.description ?? "")")
    #expect(error?.description.contains(message) == true, "\(error?.description ?? "")")
  }
}
