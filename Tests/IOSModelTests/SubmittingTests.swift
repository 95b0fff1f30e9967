import DeviceModel
import IOSModel
import SimKernel
import Testing

/// BGTaskScheduler's submission rules, each named after the rule.
@Suite struct SubmittingTests {
  /// Submits `requests` from the launch code and returns the error codes thrown.
  func submitErrors(_ requests: [any BGTaskRequest], config: AppConfiguration = .testDefault)
    -> [BGTaskSchedulerError.Code?]
  {
    var codes: [BGTaskSchedulerError.Code?] = []
    var world = World(
      config,
      behavior: Code(launched: { app, _ in
        for r in requests {
          do {
            try app.taskScheduler.submit(r)
            codes.append(nil)
          } catch let error as BGTaskSchedulerError {
            codes.append(error.code)
          } catch {}
        }
      }), script: [(0, .openApp(seconds: 10))])
    world.run(until: 1)
    return codes
  }

  @Test func registeringAfterLaunchFails() {
    var late: Bool?
    var world = World(
      behavior: Code(active: { app in
        late = app.taskScheduler.register(forTaskWithIdentifier: "refresh") { _ in }
      }),
      script: [(0, .openApp(seconds: 10))])
    world.run(until: 1)
    #expect(late == false)
    #expect(world.events(.registerFailed).first?.2 == "registered after the app finished launching")
  }

  @Test func registeringAnUnpermittedIdentifierFails() {
    var ok: Bool?
    var world = World(
      behavior: Code(launched: { app, _ in
        ok = app.taskScheduler.register(forTaskWithIdentifier: "nope") { _ in }
      }),
      script: [(0, .openApp(seconds: 10))])
    world.run(until: 1)
    #expect(ok == false)
    #expect(world.events(.registerFailed).first?.2 == "identifier not in BGTaskSchedulerPermittedIdentifiers")
  }

  @Test func submitWithBackgroundAppRefreshOffThrowsUnavailable() {
    var config = AppConfiguration.testDefault
    config.backgroundAppRefresh = false
    #expect(submitErrors([refresh(), processing("p0")], config: config) == [.unavailable, .unavailable])
  }

  @Test func submitBeforeIOS13ThrowsUnavailable() {
    var config = AppConfiguration.testDefault
    config.era = .ios7to12
    #expect(submitErrors([refresh()], config: config) == [.unavailable])
  }

  @Test func secondRefreshRequestThrowsTooManyPending() {
    #expect(
      submitErrors([refresh("refresh"), refresh("refresh2")]) == [
        nil, BGTaskSchedulerError.Code.tooManyPendingTaskRequests,
      ])
  }

  @Test func eleventhProcessingRequestThrowsTooManyPending() {
    let codes = submitErrors((0..<11).map { processing("p\($0)") })
    #expect(codes.prefix(10).allSatisfy { $0 == nil })
    #expect(codes.last == .tooManyPendingTaskRequests)
  }

  @Test func missingBackgroundModeThrowsNotPermitted() {
    var config = AppConfiguration.testDefault
    config.backgroundModes = ["processing"]
    #expect(submitErrors([refresh(), processing("p0")], config: config) == [.notPermitted, nil])
  }

  @Test func unpermittedIdentifierThrowsNotPermitted() {
    #expect(submitErrors([refresh("not-listed")]) == [.notPermitted])
  }

  /// The answer is remembered per identifier: each keeps its own, submission after
  /// submission.
  @Test func permissionIsAnsweredPerIdentifierEveryTime() {
    let requests: [any BGTaskRequest] = [
      refresh("not-listed"), processing("p0"), refresh("not-listed"), processing("p1"), processing("p0"),
    ]
    #expect(submitErrors(requests) == [.notPermitted, nil, .notPermitted, nil, nil])
    #expect(
      submitErrors([processing("p0"), processing("nope"), processing("p0")]) == [nil, .notPermitted, nil])
  }

  @Test func resubmittingPendingIdentifierReplacesIt() {
    var world = World(
      behavior: Code(launched: { app, _ in
        try? app.taskScheduler.submit(refresh(earliest: 100))
        try? app.taskScheduler.submit(refresh(earliest: 900))
        try? app.taskScheduler.submit(processing("p0", earliest: 5))
        try? app.taskScheduler.submit(processing("p0", earliest: 50))
      }), script: [(0, .openApp(seconds: 10))])
    world.run(until: 1)
    let pending = world.app.taskScheduler.pendingTaskRequests()
    #expect(pending.map(\.identifier) == ["refresh", "p0"])
    #expect(pending.map(\.earliestBeginDate) == [SimTime(seconds: 900), SimTime(seconds: 50)])
    #expect(world.events(.replaced).map(\.1) == ["refresh", "p0"])
  }

  @Test func cancelRemovesOnePendingRequestAndCancelAllRemovesEvery() {
    var world = World(
      behavior: Code(launched: { app, _ in
        try? app.taskScheduler.submit(refresh())
        for i in 0..<3 { try? app.taskScheduler.submit(processing("p\(i)")) }
        app.taskScheduler.cancel(taskRequestWithIdentifier: "p1")
      }), script: [(0, .openApp(seconds: 10))])
    world.run(until: 1)
    #expect(world.app.taskScheduler.pendingTaskRequests().map(\.identifier) == ["refresh", "p0", "p2"])
    world.app.taskScheduler.cancelAllTaskRequests()
    #expect(world.app.taskScheduler.pendingTaskRequests().isEmpty)
  }

  @Test func pendingRequestsSurviveTheProcess() {
    var world = World(
      behavior: Code(launched: { app, _ in try? app.taskScheduler.submit(processing("p0")) }),
      script: [(0, .openApp(seconds: 10)), (20, .forceQuit), (30, .openApp(seconds: 5))])
    world.run(until: 25)
    #expect(world.app.state == .notRunning)
    #expect(world.app.taskScheduler.pendingTaskRequests().map(\.identifier) == ["p0"])
  }
}
