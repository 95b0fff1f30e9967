import DeviceModel
import IOSModel
import SimKernel
import Testing

@testable import PhoneAssembly

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

/// A request type of the app's own, as code outside the iOS model may define.
struct CustomRequest: BGTaskRequest, Equatable {
  let identifier: String
  var earliestBeginDate: SimTime?
  let note: String
  var kind: BGTaskKind { .processing }
}

@Suite struct StoredRequestTests {
  /// Requests are kept as their own types, not boxed: what the pending list and the
  /// launched task hand back must be the request submitted, field for field.
  @Test func theRequestHandedBackIsTheOneSubmitted() throws {
    var refresh = BGAppRefreshTaskRequest(identifier: "refresh")
    refresh.earliestBeginDate = SimTime(seconds: 30)
    var processing = BGProcessingTaskRequest(identifier: "p0")
    processing.requiresExternalPower = true
    processing.requiresNetworkConnectivity = true
    processing.earliestBeginDate = SimTime(seconds: 40)
    let custom = CustomRequest(identifier: "p1", earliestBeginDate: SimTime(seconds: 50), note: "mine")
    var launched: [any BGTaskRequest] = []
    var world = World(
      behavior: Code(launched: { app, _ in
        for id in ["refresh", "p0", "p1"] {
          app.taskScheduler.register(forTaskWithIdentifier: id) { task in
            launched.append(task.request)
            #expect(task.identifier == id)
            task.setTaskCompleted(success: true)
          }
        }
        try? app.taskScheduler.submit(refresh)
        try? app.taskScheduler.submit(processing)
        try? app.taskScheduler.submit(custom)
      }), script: [(0, .openApp(seconds: 10))], launches: [(60, "refresh"), (70, "p0"), (80, "p1")])
    world.run(until: 1)
    let pending = world.app.taskScheduler.pendingTaskRequests()
    #expect(pending.count == 3)
    #expect(pending[0] as? BGAppRefreshTaskRequest == refresh)
    #expect(pending[1] as? BGProcessingTaskRequest == processing)
    #expect(pending[2] as? CustomRequest == custom)
    #expect(world.app.taskScheduler.pending.map(\.requiresExternalPower) == [false, true, false])
    world.run(until: 100)
    #expect(launched.count == 3)
    #expect(launched.first as? BGAppRefreshTaskRequest == refresh)
    #expect(launched.dropFirst().first as? BGProcessingTaskRequest == processing)
    #expect(launched.last as? CustomRequest == custom)
  }
}
