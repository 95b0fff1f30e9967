import DeviceModel
import Foundation
import IOSModel
import Randomness
import SimKernel
import TestScratch
import Testing

@testable import PhoneAssembly

@Suite struct AppFileTests {
  func file(_ text: String) -> String {
    let dir = scratchFolder("app")
    let path = dir.appendingPathComponent("app.yaml").path
    _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
    return path
  }

  let good = """
    bundle: com.example.news
    background_modes: [fetch, processing]
    permitted_identifiers: [refresh, clean]
    tasks:
      - identifier: refresh
        type: refresh
        earliest_begin: 15m
        submit: [on_launch, on_completion]
        work: "lognormal(median: 4s, sigma: 0.5)"
        network_bytes: 50000
      - identifier: clean
        type: processing
        requires_external_power: true
        submit: [on_background]
        work: 90s
    background_time:
      pattern: paired
      work: 10s
    """

  @Test func aGoodAppFileLoads() throws {
    let spec = try AppSpec.load(file: file(good))
    #expect(spec.configuration.bundleIdentifier == "com.example.news")
    #expect(spec.tasks.map(\.identifier) == ["refresh", "clean"])
    #expect(spec.tasks[0].submit == [.onLaunch, .onCompletion])
    #expect(spec.tasks[0].earliestBegin == .constant(Constant(900)))
    #expect(spec.tasks[1].requiresExternalPower)
    #expect(spec.backgroundTime.pattern == .paired)
  }

  @Test func theDeclaredAppRunsPeriodically() throws {
    let spec = try AppSpec.load(file: file(good))
    let behavior = DeclarativeBehavior(spec: spec, stream: RandomStreams(seed: 1).stream("app"))
    var world = World(
      spec.configuration, behavior: behavior, script: [(0, .openApp(seconds: 20))],
      launches: [(1000, "refresh"), (2000, "refresh"), (2500, "clean")])
    world.run(until: 3000)
    #expect(world.launchResults.allSatisfy { if case .launched = $0 { true } else { false } })
    #expect(world.events(.complete).map(\.2) == ["success", "success", "success"])
    // on_completion: a new refresh is pending after each run, 15 min after completion.
    let pending = world.app.taskScheduler.pending.first { $0.request.identifier == "refresh" }
    let lastRefreshEnd = world.events(.complete).filter { $0.1 == "refresh" }.last!.0
    #expect(pending?.request.earliestBeginDate == SimTime(seconds: lastRefreshEnd + 900))
  }

  /// on_start: the handler submits the next request as it starts, before its work, so
  /// the next earliest date counts from the launch, not from the end of the work.
  @Test func onStartResubmitsBeforeTheWork() throws {
    let text = good.replacingOccurrences(
      of: "submit: [on_launch, on_completion]", with: "submit: [on_launch, on_start]")
    let spec = try AppSpec.load(file: file(text))
    #expect(spec.tasks[0].submit == [.onLaunch, .onStart])
    let behavior = DeclarativeBehavior(spec: spec, stream: RandomStreams(seed: 1).stream("app"))
    var world = World(
      spec.configuration, behavior: behavior, script: [(0, .openApp(seconds: 20))],
      launches: [(1000, "refresh"), (2000, "refresh")])
    world.run(until: 3000)
    let refreshEnds = world.events(.complete).filter { $0.1 == "refresh" }.map(\.0)
    #expect(refreshEnds.count == 2 && refreshEnds[1] > 2000)
    // The request pending after the second launch was submitted as it started (2000 s),
    // not when its work ended.
    let pending = try #require(world.app.taskScheduler.pending.first { $0.request.identifier == "refresh" })
    #expect(pending.request.earliestBeginDate == SimTime(seconds: 2000 + 900))
  }

  @Test(arguments: [
    (
      "permitted_identifiers: [a]\ntasks:\n  - identifier: b\n    type: refresh\n",
      ":3: tasks[0].identifier: 'b' is submitted but not in permitted_identifiers"
    ),
    (
      "permitted_identifiers: [a]\ntasks:\n  - identifier: a\n    type: refresh\n    work: -5s\n",
      "'-5s' is below 0; give a value of 0 or more"
    ),
    (
      "permitted_identifiers: [a]\ntasks:\n  - identifier: a\n    type: refresh\n    work: \"normal(mean: 5s, sd: 2s)\"\n",
      "can draw values below 0; use a distribution that stays ≥ 0"
    ),
    (
      "permitted_identifiers: [a]\ntasks:\n  - identifier: a\n    type: refresh\n    submit: [on_complete]\n",
      "unknown submit policy 'on_complete'; did you mean 'on_completion'?"
    ),
    (
      "permitted_identifiers: [a]\ntasks:\n  - identifier: a\n    type: refresh\n    requires_external_power: true\n",
      ":5: tasks[0].requires_external_power: requires_external_power is an option of processing requests"
    ),
    ("permitted_identifiers: [a]\ntasks:\n  - identifier: a\n    type: refrsh\n", "did you mean 'refresh'?"),
    (
      "permited_identifiers: [a]\n",
      ":1: permited_identifiers: unknown key 'permited_identifiers'; did you mean 'permitted_identifiers'?"
    ),
    ("background_time:\n  pattern: leaky\n", "'leaky' is not one of none, paired, leak, overwrite"),
  ])
  func badAppFilesGetOneLineNamingFileLineAndKey(yaml: String, message: String) {
    let path = file(yaml)
    do {
      _ = try AppSpec.load(file: path)
      Issue.record("accepted: \(yaml)")
    } catch {
      #expect(error.description.hasPrefix(path))
      #expect(error.description.contains(message), "got: \(error.description)")
      #expect(!error.description.contains("\n"))
    }
  }

  /// A declared launch's handler holds the task (through its launch object), which holds
  /// the handler: the app must drop the handler when the task leaves it, by completion,
  /// by termination, or with the app itself, or each launch would leak.
  @Test func declaredLaunchesFreeTheirTasks() throws {
    let spec = try AppSpec.load(file: file(good))
    weak var completed: BGTask?
    weak var killed: BGTask?
    weak var leftRunning: BGTask?
    weak var droppedApp: SimulatedApp?
    do {
      let behavior = DeclarativeBehavior(spec: spec, stream: RandomStreams(seed: 1).stream("app"))
      var world = World(
        spec.configuration, behavior: behavior, script: [(0, .openApp(seconds: 20)), (3050, .forceQuit)],
        launches: [(1000, "refresh"), (3000, "clean"), (3500, "clean")])
      world.run(until: 1000.5)
      completed = world.app.running.first
      #expect(completed?.expirationHandler != nil)
      world.run(until: 3001)
      #expect(completed == nil, "a completed task is freed")
      killed = world.app.running.first
      #expect(killed?.identifier == "clean")
      world.run(until: 3200)
      #expect(world.events(.kill).contains { $0.1 == "clean" })
      #expect(killed == nil, "a task ended by termination is freed")
      // The force quit is cleared by opening the app; the next run is left running.
      world.app.userOpened(loop: &world.loop)
      world.app.userLeft(loop: &world.loop)
      world.run(until: 3501)
      leftRunning = world.app.running.first
      droppedApp = world.app
      #expect(leftRunning?.identifier == "clean")
    }
    #expect(droppedApp == nil, "the app is freed with its world")
    #expect(leftRunning == nil, "a task still running is freed with its app")
  }

  /// A declared task that honours expiration stops its work when its time runs out: the
  /// task ends once, unsuccessfully, and the work's own end never comes (it would call
  /// `setTaskCompleted` on a finished task); one that ignores it overruns.
  @Test func declaredExpirationStopsTheWork() throws {
    for honours in [true, false] {
      let text = """
        background_modes: [fetch]
        permitted_identifiers: [refresh]
        tasks:
          - identifier: refresh
            type: refresh
            submit: [on_launch]
            work: 100s
            honours_expiration: \(honours)
        """
      let spec = try AppSpec.load(file: file(text))
      let behavior = DeclarativeBehavior(spec: spec, stream: RandomStreams(seed: 1).stream("app"))
      var world = World(
        spec.configuration, behavior: behavior,
        script: [(0, .openApp(seconds: 10)), (300, .openApp(seconds: 10))],
        launches: [(60, "refresh")])
      // The second open runs any timer held while the app was suspended.
      world.run(until: 400)
      #expect(world.events(.expire).count == 1, "honours \(honours)")
      #expect(world.events(.misuse).isEmpty, "honours \(honours): \(world.events(.misuse))")
      if honours {
        #expect(world.events(.complete).map(\.2) == ["failure"])
        #expect(world.app.watchdogKills == 0)
      } else {
        #expect(world.events(.complete).isEmpty)
        #expect(world.app.overruns == 1)
      }
    }
  }

  @Test func declaredBackgroundTimeBugsGetTheAppKilled() throws {
    for (pattern, killed) in [("paired", false), ("leak", true), ("overwrite", true), ("none", false)] {
      let spec = try AppSpec.load(file: file("background_time:\n  pattern: \(pattern)\n  work: 5s\n"))
      let behavior = DeclarativeBehavior(spec: spec, stream: RandomStreams(seed: 1).stream("app"))
      var world = World(spec.configuration, behavior: behavior, script: [(0, .openApp(seconds: 10))])
      world.run(until: 100)
      #expect((world.app.watchdogKills > 0) == killed, "\(pattern)")
    }
  }
}
