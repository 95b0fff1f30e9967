import DeviceModel
import FileFormats
import SimKernel
import Testing

@testable import Experiments
@testable import IOSModel

/// What a restart does to the app's background work: nothing runs from the shutdown to
/// the owner's first unlock after the boot, and the requests pending before it still run
/// after it (P6: "still ran after … a reboot").
@Suite struct RestartLaunchTests {
  static func scenario(restartsPerDay: Double) throws -> Scenario {
    let text = """
      name: restarts
      days: 6
      seed: 21
      start: 2026-01-05
      persona: {name: typical, overrides: {restarts.owner_per_day: \(restartsPerDay), restarts.restart_duration: 10m}}
      app:
        ios: ios26
        background_modes: [fetch, processing]
        permitted_identifiers: [upload, refresh]
        tasks:
          - {identifier: upload, type: processing, earliest_begin: 15m, requires_external_power: false, submit: [on_launch, on_completion], work: 10s}
          - {identifier: refresh, type: refresh, earliest_begin: 15m, submit: [on_launch, on_completion], work: 5s}

      """
    return try Scenario.parse(tree: ConfigTree.parse(yaml: text, file: "s.yaml"), file: "s.yaml")
  }

  @Test func nothingRunsFromAShutdownToTheFirstUnlock() throws {
    let scenario = try Self.scenario(restartsPerDay: 1)
    var restarts = 0
    var launchesAfterABoot = 0
    for device in 0..<6 {
      let log = scenario.run(device: device)
      // The intervals from each restart's shutdown to the first unlock after it.
      var locked: [(SimTime, SimTime)] = []
      var down: SimTime?
      for c in log.deviceLog {
        if c.kind == .shutdown, c.batteryPercent > 0 {
          down = c.time
          restarts += 1
        }
        if c.kind == .firstUnlock, let d = down {
          locked.append((d, c.time))
          down = nil
        }
      }
      if let d = down { locked.append((d, .distantFuture)) }
      let launches = log.launchRecords.compactMap(\.launched)
      for t in launches {
        #expect(!locked.contains { t > $0.0 && t < $0.1 }, "device \(device): a launch at \(t) while locked")
      }
      // The requests re-armed before a restart still launch after it.
      launchesAfterABoot += launches.filter { t in locked.contains { $0.1 < t && t < $0.1 + .days(1) } }.count
    }
    #expect(restarts >= 12, "\(restarts) restarts in 36 owner-days")
    #expect(launchesAfterABoot > 0)
  }
}
