import DeviceModel
import IOSModel
import SimKernel
import Testing

@testable import PhoneAssembly

// The documented example (DocC "The app's side", "Writing an app's code in Swift"): an app written
// against the mirrored API the way it would be on iOS. It refreshes its feed in the
// background every 15 minutes at the earliest and cleans its cache on the charger.

final class NewsApp: AppBehavior {
  let refreshID = "refresh"
  let cleanupID = "clean"
  var refreshes = 0

  func didFinishLaunching(_ app: SimulatedApp, inBackground: Bool) {
    app.taskScheduler.register(forTaskWithIdentifier: refreshID) { task in
      self.scheduleRefresh(app)  // one request is one launch: ask for the next one first
      let download = app.after(seconds: 4) {  // the download takes 4 s
        self.refreshes += 1
        task.setTaskCompleted(success: true)
      }
      task.expirationHandler = {
        app.cancel(download)
        task.setTaskCompleted(success: false)
      }
    }
    app.taskScheduler.register(forTaskWithIdentifier: cleanupID) { task in
      let work = app.after(seconds: 90) { task.setTaskCompleted(success: true) }
      task.expirationHandler = {
        app.cancel(work)
        task.setTaskCompleted(success: false)
      }
    }
    scheduleRefresh(app)
  }

  func didEnterBackground(_ app: SimulatedApp) {
    var cleanup = BGProcessingTaskRequest(identifier: cleanupID)
    cleanup.requiresExternalPower = true
    try? app.taskScheduler.submit(cleanup)
  }

  func scheduleRefresh(_ app: SimulatedApp) {
    var request = BGAppRefreshTaskRequest(identifier: refreshID)
    request.earliestBeginDate = app.now + .minutes(15)
    do {
      try app.taskScheduler.submit(request)
    } catch {
      print("Could not schedule app refresh: \(error)")
    }
  }
}

@Suite struct ExampleNewsAppTests {
  @Test func theExampleRefreshesAndResubmitsFromItsHandler() {
    let news = NewsApp()
    var world = World(
      behavior: news, script: [(0, .openApp(seconds: 30))],
      launches: [(600, "refresh"), (1000, "refresh"), (2000, "refresh"), (2500, "clean")])
    world.run(until: 3000)
    // 600 s is before the first earliestBeginDate (30 s + 15 min ≈ 900 s) and refused.
    #expect(world.launchResults.first == .refused(reason: "before_earliest_begin_date"))
    #expect(news.refreshes == 2)
    #expect(world.events(.complete).map(\.2) == ["success", "success", "success"])
    #expect(world.app.taskScheduler.pendingTaskRequests().map(\.identifier) == ["refresh"])
  }
}
