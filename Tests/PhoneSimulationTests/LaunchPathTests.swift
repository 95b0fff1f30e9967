import DeviceModel
import SimKernel
import Testing

@testable import IOSModel
@testable import PhoneAssembly

/// The scheduler loops over the launch paths it is given (``LaunchPath``): the app's
/// task requests first, then each path's own work in the paths' order.
@Suite struct LaunchPathTests {
  @Test func theStandardPathsCoverEveryWayIOSLaunchesAnApp() {
    let paths = SystemScheduler.standardPaths
    #expect(
      paths.map(\.name) == [
        "refresh", "processing", "continued", "legacy_fetch", "silent_push", "background_transfer",
      ])
    #expect(paths.compactMap(\.requestKind) == BGTaskKind.allCases)
    #expect(paths.filter { $0.requestKind == nil }.map(\.name) == SystemWork.allCases.map(\.rawValue))
  }

  /// Opens three times a day and a night charger; the toy path wakes the app an hour
  /// after each open.
  static let script: [(Double, TimelineEvent.Action)] =
    habitualOpens(days: 4, at: [(8, 0), (12, 30), (19, 0)]) + nightlyCharge(days: 4, plug: 23, unplug: 7)

  /// A toy path added with one line: its work launches, the shortcuts' answers are
  /// checked against the rule, and launches, decision counts and draws are those of
  /// judging every point by the rule.
  @Test func aToyPathAddedWithOneLineLaunchesAndIsChecked() {
    let paths = SystemScheduler.standardPaths + [WakeAfterOpenPath()]
    var judging = SystemWorld(
      behavior: OutOfReachTests.app(), script: Self.script, paths: paths, recordDecisions: true)
    var quick = SystemWorld(
      behavior: OutOfReachTests.app(), script: Self.script, paths: paths, recordDecisions: false)
    judging.run(until: at(day: 4, 0))
    quick.run(until: at(day: 4, 0))
    #expect(judging.launches("legacy_fetch").count > 3)
    #expect(judging.decisions.contains { $0.activity.identifier == "wake_after_open" })
    #expect(quick.launches() == judging.launches())
    #expect(quick.phone.decider.decisionCount == judging.phone.decider.decisionCount)
    #expect(
      quick.phone.decider.usage.jitterStream.uniform() == judging.phone.decider.usage.jitterStream.uniform())
    #expect(quick.phone.decider.shortcutsChecked > 0)
  }

  /// Without the path, the same owner's app gets no such launch.
  @Test func withoutThePathThereIsNoSuchLaunch() {
    var world = SystemWorld(behavior: OutOfReachTests.app(), script: Self.script, recordDecisions: false)
    world.run(until: at(day: 4, 0))
    #expect(world.launches("legacy_fetch").isEmpty)
  }
}
