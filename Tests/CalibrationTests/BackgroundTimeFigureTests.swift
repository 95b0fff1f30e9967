import IOSModel
import SimKernel
import Testing

@testable import Calibration

/// The `background_time` figure (field observation G5): each stretch of the app's
/// `beginBackgroundTask` time runs from its first begin to the time's expiry, or to the
/// end of the last task open in it.
@Suite struct BackgroundTimeFigureTests {
  @Test func aStretchRunsFromItsFirstBeginToItsExpiryOrLastEnd() {
    let events: [(Double, AppEvent.Kind)] = [
      (100, .beginBackgroundTask), (110, .beginBackgroundTask), (120, .endBackgroundTask),
      (130, .backgroundTimeExpired), (131, .endBackgroundTask),
      (200, .beginBackgroundTask), (205, .endBackgroundTask),
      (300, .beginBackgroundTask), (301, .beginBackgroundTask), (302, .endBackgroundTask),
      (310, .endBackgroundTask),
    ]
    let log = events.map { AppEvent(time: SimTime(seconds: $0.0), kind: $0.1) }
    let calendar = SimCalendar(startDate: CivilDate(iso: "2026-01-05")!)
    let stretches = ValidationOwner.backgroundTime(log, calendar: calendar, onPower: { _ in false })
    #expect(stretches.map(\.seconds) == [100, 200, 300])
    #expect(stretches.map(\.runSeconds) == [30, 5, 10])
  }
}
