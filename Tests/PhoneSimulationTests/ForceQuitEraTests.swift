import DeviceModel
import Testing

@testable import IOSModel
@testable import PhoneAssembly

/// After a swipe-away nothing launches the app until the owner opens it again, except
/// that from iOS 18.3 a processing task still runs (developer forums thread 793189, P7).
@Suite struct ForceQuitEraTests {
  /// Opened in the morning, swiped away at 20:00, on the charger from 23:00.
  static let script: [(Double, TimelineEvent.Action)] = [
    (at(9), .openApp(seconds: 30)), (at(20), .forceQuit), (at(23), .plug), (at(day: 1, 7), .unplug),
  ]

  func launches(era: IOSEra, request: BGTaskKind) -> Int {
    var configuration = AppConfiguration.testDefault
    configuration.era = era
    let submit: any BGTaskRequest =
      request == .processing ? processing("p0", earliest: 21 * 3600) : refresh("p0", earliest: 21 * 3600)
    let app = worker(["p0"], workSeconds: 60, submit: [submit])
    var world = SystemWorld(configuration, behavior: app, script: Self.script)
    world.run(until: at(day: 1, 6))
    return world.launches("p0").count
  }

  @Test func processingRunsAfterASwipeFromIOS18() {
    #expect(launches(era: .ios13, request: .processing) == 0)
    #expect(launches(era: .ios18, request: .processing) > 0)
    #expect(launches(era: .ios26, request: .processing) > 0)
  }

  @Test func refreshStillWaitsForTheNextOpen() {
    #expect(launches(era: .ios18, request: .refresh) == 0)
  }
}
