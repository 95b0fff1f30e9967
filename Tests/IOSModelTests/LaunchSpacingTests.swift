import DeviceModel
import Randomness
import SimKernel
import Testing

@testable import IOSModel

/// dasd's spacing of a new launch activity from the app's last launch
/// (dasd-decisions.md §4): only past 9 launches, only a start less than 450 s after the
/// last launch of any kind, moved to that launch plus 450 s.
@Suite struct LaunchSpacingTests {
  func scheduler(launches: Int, lastAt last: Double) -> SystemScheduler {
    var s = SystemScheduler(
      calendar: SimCalendar(startDate: CivilDate(iso: "2026-01-05")!),
      stream: RandomStreams(seed: 4).stream("scheduler"))
    s.launches.count = launches
    s.launches.last[.silentPush] = SimTime(seconds: last)
    return s
  }

  @Test func aStartSoonAfterTheLastLaunchMovesPastIt() {
    let s = scheduler(launches: 10, lastAt: 1000)
    #expect(s.spacedFromLastLaunch(SimTime(seconds: 1100), era: .ios26) == SimTime(seconds: 1450))
    #expect(s.spacedFromLastLaunch(SimTime(seconds: 1449), era: .ios26) == SimTime(seconds: 1450))
    // At or past the spacing, the start stays.
    #expect(s.spacedFromLastLaunch(SimTime(seconds: 1450), era: .ios26) == nil)
    #expect(s.spacedFromLastLaunch(SimTime(seconds: 5000), era: .ios26) == nil)
  }

  @Test func nineLaunchesOrFewerAreNotSpaced() {
    #expect(
      scheduler(launches: 9, lastAt: 1000).spacedFromLastLaunch(SimTime(seconds: 1100), era: .ios26) == nil)
    var none = scheduler(launches: 10, lastAt: 1000)
    none.launches.last = LaunchTimes()
    #expect(none.spacedFromLastLaunch(SimTime(seconds: 1100), era: .ios26) == nil)
  }

  /// A processing request is spaced always, by its own 1,800 s, in the eras that do it;
  /// not in iOS 13–15, which pace processing by the rate limit instead.
  @Test func processingIsSpacedFromTheFirstLaunchByItsOwnSpacing() {
    let s = scheduler(launches: 1, lastAt: 1000)
    #expect(
      s.spacedFromLastLaunch(SimTime(seconds: 1100), processing: true, era: .ios26) == SimTime(seconds: 2800))
    #expect(
      s.spacedFromLastLaunch(SimTime(seconds: 2799), processing: true, era: .ios16) == SimTime(seconds: 2800))
    #expect(s.spacedFromLastLaunch(SimTime(seconds: 2800), processing: true, era: .ios26) == nil)
    #expect(s.spacedFromLastLaunch(SimTime(seconds: 1100), processing: true, era: .ios13) == nil)
    // The same app's other work is not spaced before its tenth launch.
    #expect(s.spacedFromLastLaunch(SimTime(seconds: 1100), era: .ios26) == nil)
  }
}
