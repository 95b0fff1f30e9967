import DeviceModel
import IOSModel
import SimKernel
import Testing

@testable import PhoneAssembly

/// The thundering-herd hold on a scripted phone: work that falls due while the owner
/// uses the phone in the first 15 minutes after a trigger waits; without a trigger, or
/// with no hold, it does not.
@Suite struct ThunderingHerdTests {
  /// A scheduler with the hold alone, so that nothing else decides when the refresh runs.
  func model(hold: Double = 900) -> SchedulingModel {
    var herd = ThunderingHerdPolicy()
    herd.holdSeconds = hold
    return SchedulingModel(name: "herd", policies: [herd], threshold: 0)
  }

  /// The owner opens the app at `open` (the screen on for 30 min), which asks for a
  /// refresh 2 minutes later; `before` is the rest of the script.
  func firstRefresh(open: Double, before: [(Double, TimelineEvent.Action)], hold: Double = 900) throws
    -> Double
  {
    let app = worker(["refresh"], workSeconds: 2, submit: [refresh(earliest: open + 120)])
    var w = SystemWorld(
      behavior: app, script: before + [(open, .screenOn(seconds: 1800)), (open + 10, .openApp(seconds: 20))],
      model: model(hold: hold))
    w.run(until: open + 7200)
    return try #require(w.launches("refresh").first)
  }

  /// The first unlock of the day comes after the night's lock: a trigger.
  @Test func workDueAfterTheMorningUnlockWaitsUntil15MinutesOrTheScreenGoesOff() throws {
    let launch = try firstRefresh(open: at(7), before: [])
    #expect(launch >= at(7, 15) && launch <= at(7, 30), "launched at \(launch / 3600) h")
    let w = try firstRefresh(open: at(7), before: [], hold: 0)
    // No herd hold: due at 07:07:30 (dasd holds a request 450 s after its submission at
    // 07:00, past its 07:02 date), judged within a timer period of 10 min.
    #expect(w < at(7, 18), "no hold: launched at \(w / 3600) h")
  }

  @Test func anUnlockAfterAShortLockIsNoTrigger() throws {
    // Unlocked at 04:00 (a trigger whose hold ends 04:15), locked again 04:01 to 07:00.
    let launch = try firstRefresh(open: at(7), before: [(at(4), .screenOn(seconds: 60))])
    #expect(launch < at(7, 15), "2 h 59 min locked: launched at \(launch / 3600) h")
  }

  @Test func wiFiBackAfterFourHoursIsATrigger() throws {
    // The morning's trigger at 06:00; short locks after it; cellular from 08:00 until
    // Wi-Fi returns at 12:26, while the owner uses the phone.
    let day: [(Double, TimelineEvent.Action)] =
      [(at(6), .screenOn(seconds: 60)), (at(8), .network(.cellular))]
      + [9, 10, 11, 12].map { (at($0), .screenOn(seconds: 60)) } + [(at(12, 26), .network(.wifi))]
    let launch = try firstRefresh(open: at(12, 25), before: day)
    #expect(launch >= at(12, 41) && launch <= at(12, 55), "launched at \(launch / 3600) h")
    let short = day.map { $0.0 == at(8) ? (at(9, 30), $0.1) : $0 }
    #expect(try firstRefresh(open: at(12, 25), before: short) < at(12, 38), "2 h 56 min without Wi-Fi")
  }
}
