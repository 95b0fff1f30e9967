import DeviceModel
import IOSModel
import SimKernel
import Testing

@testable import PhoneAssembly

/// beginBackgroundTask / endBackgroundTask and their budget in each iOS era.
@Suite struct BackgroundTimeTests {
  func world(
    _ era: IOSEra = .ios26, background: @escaping (SimulatedApp) -> Void,
    script: [(Double, TimelineEvent.Action)] = []
  )
    -> World
  {
    var config = AppConfiguration.testDefault
    config.era = era
    return World(
      config, behavior: Code(background: background), script: [(0, .openApp(seconds: 10))] + script)
  }

  @Test(arguments: [(IOSEra.ios6, 600.0), (.ios7to12, 180), (.ios13, 30), (.ios26, 30)])
  func backgroundTimeBudgetFollowsTheEra(era: IOSEra, budget: Double) {
    var remainingAtStart: Double?
    var expiredAt: Double?
    var w = world(
      era,
      background: { app in
        var id = UIBackgroundTaskIdentifier.invalid
        id = app.beginBackgroundTask { [unowned app] in
          expiredAt = app.now.seconds
          app.endBackgroundTask(id)
        }
        remainingAtStart = app.backgroundTimeRemaining
      })
    w.run(until: 2000)
    #expect(remainingAtStart == budget)
    #expect(expiredAt == 10 + budget)
    #expect(w.app.watchdogKills == 0)
    #expect(w.app.state == .suspended)
  }

  @Test func remainingTimeCountsDownAndIsUnlimitedInTheForeground() {
    var seen: [Double] = []
    var w = world(background: { app in
      app.beginBackgroundTask(expirationHandler: nil)
      app.after(seconds: 12) { seen.append(app.backgroundTimeRemaining) }
    })
    w.run(until: 5)
    #expect(w.app.backgroundTimeRemaining == .greatestFiniteMagnitude)
    w.run(until: 100)
    #expect(seen == [18])
  }

  @Test func beginAfterExpiryExpiresImmediately() {
    var handlerTimes: [Double] = []
    var w = world(background: { app in
      var first = UIBackgroundTaskIdentifier.invalid
      first = app.beginBackgroundTask {
        // A common mistake: asking for more time once the time is up.
        app.beginBackgroundTask { handlerTimes.append(app.now.seconds) }
        app.endBackgroundTask(first)
      }
    })
    w.run(until: 200)
    // The budget ran out at 40 s; the second task expired at once, at 40 s too.
    #expect(handlerTimes == [40])
    // Its handler did not end it, so the watchdog killed the app after the grace.
    #expect(w.events(.kill).map { ($0.0, $0.2) }.first! == (45, "background_task_not_ended"))
  }

  @Test func overwrittenBackgroundTaskIdentifierGetsAppKilled() {
    var w = world(background: { app in
      var stored = app.beginBackgroundTask(withName: "sdk", expirationHandler: nil)
      stored = app.beginBackgroundTask(withName: "app") { app.endBackgroundTask(stored) }
      let token = stored
      app.after(seconds: 5) { app.endBackgroundTask(token) }
    })
    w.run(until: 200)
    #expect(w.events(.kill).map { ($0.0, $0.2) }.first! == (45, "background_task_not_ended"))
    #expect(w.app.watchdogKills == 1)
  }

  @Test func pairedBeginAndEndIsNeverKilled() {
    var w = world(background: { app in
      var id = UIBackgroundTaskIdentifier.invalid
      id = app.beginBackgroundTask { app.endBackgroundTask(id) }
      let token = id
      app.after(seconds: 12) { app.endBackgroundTask(token) }
    })
    w.run(until: 200)
    #expect(w.app.watchdogKills == 0)
    #expect(w.events(.endBackgroundTask).map(\.0) == [22])
    #expect(w.events(.state).last.map { ($0.0, $0.2) }! == (27, "suspended"))
  }

  @Test func movingBackToTheForegroundResetsTheTime() {
    var remaining: [Double] = []
    var w = world(
      background: { app in
        app.beginBackgroundTask(expirationHandler: nil)
        app.after(seconds: 10) { remaining.append(app.backgroundTimeRemaining) }
      }, script: [(25, .openApp(seconds: 5))])
    w.run(until: 100)
    // Left at 10 with 30 s: 20 s left at 20. Back at 25 and left again at 30: the clock
    // restarts, so at 40 there are 20 s left again, not 0.
    #expect(remaining == [20, 20])
  }

  @Test func endingAnUnknownIdentifierIsRecordedAsMisuse() {
    var w = world(background: { app in app.endBackgroundTask(UIBackgroundTaskIdentifier(rawValue: 99)) })
    w.run(until: 20)
    #expect(w.events(.misuse).first?.2 == "endBackgroundTask(99) for a task that is not running")
  }
}
