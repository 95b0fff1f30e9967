import DeviceModel
import IOSModel
import SimKernel
import Testing

@testable import PhoneAssembly

/// App states, suspension, force quit and the debugger.
@Suite struct LifecycleTests {
  @Test func openingLaunchesTheAppIntoTheForeground() {
    var states: [ApplicationState] = []
    var world = World(
      behavior: Code(launched: { app, background in
        states.append(app.state)
        #expect(!background)
      }), script: [(100, .openApp(seconds: 10))])
    world.run(until: 101)
    #expect(states == [.inactive])
    #expect(world.app.state == .active)
    #expect(world.events(.state).map(\.2) == ["inactive", "active"])
  }

  @Test func appIsSuspendedSoonAfterLeavingUnlessItHoldsWork() {
    var world = World(behavior: Code(), script: [(0, .openApp(seconds: 10))])
    world.run(until: 14)
    #expect(world.app.state == .background)
    world.run(until: 16)
    #expect(world.app.state == .suspended)
    #expect(world.events(.state).map { ($0.0, $0.2) }.last! == (15, "suspended"))
  }

  @Test func launchedIntoTheBackgroundForATaskThenSuspendedAgain() {
    var world = World(
      behavior: worker(["refresh"], workSeconds: 8, submit: [refresh()]),
      script: [(0, .openApp(seconds: 10)), (20, .forceQuit), (30, .openApp(seconds: 5))],
      launches: [(100, "refresh")])
    world.run(until: 99)
    #expect(world.app.state == .suspended)
    world.run(until: 101)
    #expect(world.app.state == .background)
    world.run(until: 200)
    let trail = world.events(.state).filter { $0.0 >= 100 }.map { ($0.0, $0.2) }
    #expect(trail.map(\.1) == ["background", "suspended"])
    #expect(trail.map(\.0) == [100, 113])
  }

  @Test func backgroundLaunchOfAStoppedAppRunsItsLaunchCode() {
    var backgroundLaunches = 0
    let code = worker(["refresh"], workSeconds: 3, submit: [refresh()])
    let launched = code.launched
    code.launched = { app, background in
      if background { backgroundLaunches += 1 }
      launched(app, background)
    }
    var world = World(
      behavior: code, script: [(0, .openApp(seconds: 10)), (20, .battery(0)), (30, .plug)],
      launches: [(4000, "refresh")])
    world.run(until: 3999)
    // The phone died at 20 s, which ended the process.
    #expect(world.app.state == .notRunning)
    world.run(until: 5000)
    // The launch started a new process in the background, which registered its
    // handler in didFinishLaunching and ran the task.
    #expect(backgroundLaunches == 1)
    #expect(world.events(.complete).map { ($0.0, $0.2) }.first! == (4003, "success"))
    #expect(world.app.state == .suspended)
  }

  @Test func forceQuitBlocksLaunchesUntilOpened() {
    var world = World(
      behavior: worker(["refresh"], submit: [refresh()]),
      script: [(0, .openApp(seconds: 10)), (20, .forceQuit), (200, .openApp(seconds: 5))],
      launches: [(100, "refresh"), (300, "refresh")])
    world.run(until: 400)
    #expect(world.launchResults == [.refused(reason: "force_quit"), .launched(serial: 1)])
    #expect(world.events(.forceQuit).map(\.2) == ["set", "cleared"])
  }

  @Test func forceQuitFlagSurvivesAReboot() {
    var world = World(
      behavior: worker(["refresh"], submit: [refresh()]),
      script: [
        (0, .openApp(seconds: 10)), (20, .forceQuit), (30, .battery(0)), (40, .plug), (600, .battery(50)),
      ],
      launches: [(1000, "refresh")])
    world.run(until: 2000)
    #expect(world.phone.deviceLog.contains { $0.kind == .shutdown })
    #expect(world.phone.deviceLog.contains { $0.kind == .boot })
    #expect(world.launchResults == [.refused(reason: "force_quit")])
  }

  @Test func debuggerAttachedDisablesSuspensionAndWatchdogs() {
    var config = AppConfiguration.testDefault
    config.debuggerAttached = true
    var world = World(
      config, behavior: worker(["refresh"], workSeconds: 100, honoursExpiration: false, submit: [refresh()]),
      script: [(0, .openApp(seconds: 10))], launches: [(60, "refresh")])
    world.run(until: 59)
    #expect(world.app.state == .background)
    world.run(until: 300)
    #expect(world.app.watchdogKills == 0)
    #expect(world.app.overruns == 1)
    #expect(world.events(.complete).map { ($0.0, $0.2) }.first! == (160, "success"))
  }
}
