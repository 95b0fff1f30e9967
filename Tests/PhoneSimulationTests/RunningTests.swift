import DeviceModel
import IOSModel
import SimKernel
import Testing

@testable import PhoneAssembly

/// How launched tasks run, expire, complete and get killed.
@Suite struct RunningTests {
  @Test func refreshTaskExpiresAfterAboutThirtySeconds() {
    var world = World(
      behavior: worker(["refresh"], workSeconds: 100, submit: [refresh()]),
      script: [(0, .openApp(seconds: 10))], launches: [(60, "refresh")])
    world.run(until: 200)
    #expect(world.events(.launch).map(\.0) == [60])
    #expect(world.events(.expire).map { ($0.0, $0.2) }.first! == (90, "time_limit"))
    #expect(world.events(.complete).map(\.2) == ["failure"])
    #expect(world.app.watchdogKills == 0)
  }

  @Test func processingTaskRunsForMinutes() {
    var world = World(
      behavior: worker(["p0"], workSeconds: 240, submit: [processing("p0")]),
      script: [(0, .openApp(seconds: 10))], launches: [(60, "p0")])
    world.run(until: 1000)
    #expect(world.events(.complete).map { ($0.0, $0.2) }.first! == (300, "success"))
    #expect(world.events(.expire).isEmpty)
  }

  @Test func taskStillRunningAfterExpiryGetsTheAppKilled() {
    var world = World(
      behavior: worker(["refresh"], workSeconds: 100, honoursExpiration: false, submit: [refresh()]),
      script: [(0, .openApp(seconds: 10))], launches: [(60, "refresh")])
    world.run(until: 200)
    #expect(world.events(.kill).map { ($0.0, $0.1, $0.2) }.first! == (95, "refresh", "task_overran"))
    #expect(world.app.watchdogKills == 1)
    #expect(world.app.overruns == 1)
    #expect(world.app.state == .notRunning)
  }

  @Test func withoutAnExpirationHandlerTheTaskEndsUnsuccessfully() {
    let code = Code(launched: { app, _ in
      app.taskScheduler.register(forTaskWithIdentifier: "refresh") { _ in }
      try? app.taskScheduler.submit(refresh())
    })
    var world = World(behavior: code, script: [(0, .openApp(seconds: 10))], launches: [(60, "refresh")])
    world.run(until: 200)
    #expect(world.events(.complete).map { ($0.0, $0.2) }.first! == (90, "expired_without_handler"))
    #expect(world.app.watchdogKills == 0)
  }

  @Test func processingTaskExpiresWhenUserPicksUpDevice() {
    var world = World(
      behavior: worker(["p0", "refresh"], workSeconds: 200, submit: [processing("p0"), refresh()]),
      script: [(0, .openApp(seconds: 10)), (150, .screenOn(seconds: 30))],
      launches: [(100, "p0"), (140, "refresh")])
    world.run(until: 400)
    // The processing task stops when the screen comes on; the refresh task does not.
    #expect(world.events(.expire).map { ($0.0, $0.1, $0.2) }.first! == (150, "p0", "device_in_use"))
    #expect(world.events(.expire).map(\.1) == ["p0", "refresh"])
    #expect(world.events(.expire).last!.0 == 170)
  }

  @Test func launchBeforeEarliestBeginDateIsRefused() {
    var world = World(
      behavior: worker(["refresh"], submit: [refresh(earliest: 900)]),
      script: [(0, .openApp(seconds: 10))], launches: [(600, "refresh"), (1000, "refresh")])
    world.run(until: 2000)
    #expect(world.launchResults == [.refused(reason: "before_earliest_begin_date"), .launched(serial: 1)])
  }

  @Test func oneRequestIsOneLaunch() {
    var world = World(
      behavior: worker(["refresh"], submit: [refresh()]),
      script: [(0, .openApp(seconds: 10))], launches: [(60, "refresh"), (120, "refresh")])
    world.run(until: 200)
    #expect(world.launchResults == [.launched(serial: 1), .notPending])
  }

  @Test func launchWithoutARegisteredHandlerKillsTheApp() {
    var world = World(
      behavior: Code(launched: { app, background in
        if !background { try? app.taskScheduler.submit(refresh()) }
      }), script: [(0, .openApp(seconds: 10))], launches: [(60, "refresh")])
    world.run(until: 100)
    #expect(world.events(.kill).map(\.2) == ["no_launch_handler"])
  }

  @Test func settingTaskCompletedTwiceIsMisuse() {
    let code = Code(launched: { app, _ in
      app.taskScheduler.register(forTaskWithIdentifier: "refresh") { task in
        task.setTaskCompleted(success: true)
        task.setTaskCompleted(success: true)
      }
      try? app.taskScheduler.submit(refresh())
    })
    var world = World(behavior: code, script: [(0, .openApp(seconds: 10))], launches: [(60, "refresh")])
    world.run(until: 100)
    #expect(world.events(.complete).count == 1)
    #expect(world.events(.misuse).first?.2 == "setTaskCompleted called on a finished task")
  }

  @Test func runningTasksDrawOnTheBattery() {
    var world = World(
      behavior: worker(["p0"], workSeconds: 3600, submit: [processing("p0")]),
      script: [(0, .openApp(seconds: 1))], launches: [(60, "p0")])
    world.run(until: 59)
    let before = world.phone.device.batteryPercent(at: SimTime(seconds: 59))
    world.run(until: 360)
    let during = world.phone.device.batteryPercent(at: SimTime(seconds: 360))
    // 300 s of processing (its whole time limit) at idle 0.7 + background 6 %/h:
    // 6.7 %/h × 1/12 h ≈ 0.56 %.
    #expect(abs((before - during) - 6.7 / 12) < 0.05)
  }
}
