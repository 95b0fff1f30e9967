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
    #expect(s.spacedFromLastLaunch(SimTime(seconds: 1100)) == SimTime(seconds: 1450))
    #expect(s.spacedFromLastLaunch(SimTime(seconds: 1449)) == SimTime(seconds: 1450))
    // At or past the spacing, the start stays.
    #expect(s.spacedFromLastLaunch(SimTime(seconds: 1450)) == nil)
    #expect(s.spacedFromLastLaunch(SimTime(seconds: 5000)) == nil)
  }

  @Test func nineLaunchesOrFewerAreNotSpaced() {
    #expect(scheduler(launches: 9, lastAt: 1000).spacedFromLastLaunch(SimTime(seconds: 1100)) == nil)
    var none = scheduler(launches: 10, lastAt: 1000)
    none.launches.last = LaunchTimes()
    #expect(none.spacedFromLastLaunch(SimTime(seconds: 1100)) == nil)
  }
}
