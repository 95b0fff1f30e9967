import DeviceModel
import IOSModel
import SimKernel
import Testing

@testable import PhoneAssembly

/// iOS 26 continued-processing requests.
@Suite struct ContinuedProcessingTests {
  func continued(_ id: String, _ strategy: BGContinuedProcessingTaskRequest.SubmissionStrategy = .queue)
    -> BGContinuedProcessingTaskRequest
  {
    var r = BGContinuedProcessingTaskRequest(identifier: id, title: "Exporting", subtitle: id)
    r.strategy = strategy
    return r
  }

  /// Registers c1–c3 to work `seconds` (reporting progress), and submits `requests`
  /// when the app becomes active.
  func app(
    _ seconds: Double, _ requests: [BGContinuedProcessingTaskRequest],
    errors: @escaping (BGTaskSchedulerError) -> Void = { _ in }
  )
    -> Code
  {
    Code(
      launched: { app, _ in
        for id in ["c1", "c2", "c3"] {
          app.taskScheduler.register(forTaskWithIdentifier: id) { task in
            let t = task as! BGContinuedProcessingTask
            let half = app.after(seconds: seconds / 2) { t.progress = id == "c1" ? 0.6 : 0.5 }
            let done = app.after(seconds: seconds) { task.setTaskCompleted(success: true) }
            task.expirationHandler = {
              app.cancel(half)
              app.cancel(done)
              task.setTaskCompleted(success: false)
            }
          }
        }
      },
      active: { app in
        for r in requests {
          do { try app.taskScheduler.submit(r) } catch let e as BGTaskSchedulerError { errors(e) } catch {}
        }
      })
  }

  @Test func continuedRequestsStartAtOnceAndQueueInOrder() {
    var world = World(
      behavior: app(100, [continued("c1"), continued("c2")]), script: [(0, .openApp(seconds: 10))])
    world.run(until: 500)
    #expect(world.events(.launch).map { ($0.0, $0.1) }.map(\.1) == ["c1", "c2"])
    #expect(world.events(.launch).map(\.0) == [0, 100])
    #expect(world.events(.complete).map(\.2) == ["success", "success"])
    // No time limit: each ran its full 100 s in the background.
    #expect(world.events(.expire).isEmpty)
  }

  @Test func failStrategyThrowsImmediateRunIneligibleWhenNoSlotIsFree() {
    var errors: [BGTaskSchedulerError.Code] = []
    var world = World(
      behavior: app(100, [continued("c1"), continued("c2", .fail)], errors: { errors.append($0.code) }),
      script: [(0, .openApp(seconds: 10))])
    world.run(until: 300)
    #expect(errors == [.immediateRunIneligible])
    #expect(world.events(.launch).map(\.1) == ["c1"])
  }

  @Test func continuedRequestsNeedIOS26AndTheForeground() {
    var config = AppConfiguration.testDefault
    config.era = .ios13
    var errors: [BGTaskSchedulerError.Code] = []
    var world = World(
      config, behavior: app(10, [continued("c1")], errors: { errors.append($0.code) }),
      script: [(0, .openApp(seconds: 10))])
    world.run(until: 50)
    #expect(errors == [.unavailable])
    var fromBackground: BGTaskSchedulerError.Code?
    var w2 = World(
      behavior: Code(background: { app in
        do { try app.taskScheduler.submit(continued("c1")) } catch let e as BGTaskSchedulerError {
          fromBackground = e.code
        } catch {}
      }), script: [(0, .openApp(seconds: 10))])
    w2.run(until: 50)
    #expect(fromBackground == .notPermitted)
  }

  @Test func userCancelCallsTheExpirationHandler() {
    var world = World(behavior: app(100, [continued("c1")]), script: [(0, .openApp(seconds: 10))])
    world.run(until: 30)
    world.app.userCancelsContinuedTask(identifier: "c1", loop: &world.loop)
    world.run(until: 200)
    #expect(world.events(.expire).map { ($0.0, $0.2) }.first! == (30, "user_cancelled"))
    #expect(world.events(.complete).map(\.2) == ["failure"])
  }

  @Test func underPressureTheLeastProgressStopsFirst() {
    var config = AppConfiguration.testDefault
    config.maximumRunningContinued = 2
    var world = World(
      config, behavior: app(100, [continued("c1"), continued("c2")]), script: [(0, .openApp(seconds: 10))])
    world.run(until: 60)  // c1 reports 0.6, c2 0.5
    world.app.systemPressure(loop: &world.loop)
    world.run(until: 61)
    #expect(world.events(.expire).map { ($0.1, $0.2) }.first! == ("c2", "system_pressure"))
  }

  @Test func queuedContinuedRequestsAreCancelledWhenSwipedAway() {
    var world = World(
      behavior: app(100, [continued("c1"), continued("c2")]),
      script: [(0, .openApp(seconds: 10)), (20, .forceQuit)])
    world.run(until: 500)
    #expect(world.events(.launch).map(\.1) == ["c1"])
    #expect(world.app.taskScheduler.pendingTaskRequests().isEmpty)
    #expect(world.events(.kill).map { ($0.1, $0.2) }.first! == ("c1", "force_quit"))
  }
}
