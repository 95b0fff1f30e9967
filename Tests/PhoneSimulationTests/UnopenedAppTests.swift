import DeviceModel
import SimKernel
import Testing

@testable import IOSModel
@testable import PhoneAssembly

/// An other app the owner has never opened has its refresh judged with the default open
/// probability against the model's threshold, which it cannot reach: the other apps'
/// loop takes it as out of reach without predicting until the owner opens it, and debug
/// builds judge it in full and check that the rule does not launch it.
@Suite struct UnopenedAppTests {
  /// A phone charged every night with one other app, a news app (refresh every hour)
  /// the owner has not opened.
  static func world(days: Int) -> SystemWorld {
    UnusedAppTests.world(
      days: days, app: ListedApp(bundle: "com.news", work: [AppArchetype.news.work], rank: 1), seed: 5)
  }

  @Test func anUnopenedAppIsOutOfReachUntilTheOwnerOpensIt() {
    var w = Self.world(days: 2)
    w.run(until: at(day: 1, 12))
    #expect(w.phone.decider.shortcuts.unopenedOutOfReach == [true])
    // Every point that judged it checked the rule's verdict (a mismatch traps).
    let checked = w.phone.decider.shortcuts.checked
    #expect(checked > 20, "\(checked) checks")
    #expect(w.phone.decider.otherApps.apps[0].launches == 0)
    // Opened at noon, it is judged with its own prediction again.
    w.phone.decider.otherAppOpened(rank: 1, at: SimTime(seconds: at(day: 1, 12)))
    var activity = w.phone.decider.otherApps.activity(of: 0, now: SimTime(seconds: at(day: 1, 12)))
    activity.relativeThreshold = .nan
    let stillOutOfReach = w.phone.decider.outOfReachUntilOpened(0, activity)
    #expect(!stillOutOfReach)
  }
}
