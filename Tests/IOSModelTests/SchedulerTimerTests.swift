import DeviceModel
import Randomness
import SimKernel
import Testing

@testable import IOSModel

/// The scheduler's timer re-arms every 600–900 s, as dasd does for overdue work
/// (dasd-decisions.md §4).
@Suite struct SchedulerTimerTests {
  /// 1,000 intervals, all within 600–900 s and reaching near both ends: for a uniform
  /// draw over 300 s, no interval within 15 s of an end has probability
  /// (1 − 15/300)^1000 ≈ e^−51 for each end. The interval of 5–15 min it replaced would
  /// fall outside the band a third of the time.
  @Test func intervalsAreUniformFromSixHundredToNineHundredSeconds() {
    let s = SystemScheduler(
      calendar: SimCalendar(startDate: CivilDate(iso: "2026-01-05")!),
      stream: RandomStreams(seed: 7).stream("scheduler"))
    let intervals = (0..<1000).map { _ in s.timer.nextInterval(s.parameters).seconds }
    #expect(intervals.allSatisfy { $0 >= 600 && $0 <= 900 }, "\(intervals.min()!)–\(intervals.max()!) s")
    #expect(intervals.min()! < 615 && intervals.max()! > 885)
  }
}
