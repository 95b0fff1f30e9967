import DeviceModel
import IOSModel
import Randomness
import SimKernel

@testable import PhoneAssembly

/// A test world: a scripted device (no random habits), the app, and a stand-in system
/// that launches identifiers at chosen times.
struct World: ~Copyable {
  var phone: PhoneSimulation<ScriptedLauncher>
  var loop = EventLoop()
  var app: SimulatedApp { phone.app }

  init(
    _ configuration: AppConfiguration = .testDefault, behavior: AppBehavior,
    script: [(Double, TimelineEvent.Action)] = [], launches: [(Double, String)] = []
  ) {
    var persona = Persona()
    persona.battery.initialPercent = .constant(Constant(80, isDuration: false))
    persona.usage.forceQuitProbability = 0
    let timeline = Timeline(
      events: script.map { TimelineEvent(time: SimTime(seconds: $0.0), action: $0.1) }, randomHabits: false)
    let device = SimulatedDevice(
      id: 0, persona: persona, calendar: SimCalendar(startDate: CivilDate(iso: "2026-01-05")!),
      streams: RandomStreams(seed: 1), target: PhoneAddresses().device, timeline: timeline)
    let app = SimulatedApp(configuration: configuration, behavior: behavior, target: PhoneAddresses().app)
    phone = PhoneSimulation(
      device: device, app: app,
      decider: ScriptedLauncher(plan: launches.map { (SimTime(seconds: $0.0), $0.1) }))
    phone.start(loop: &loop)
  }

  mutating func run(until seconds: Double) {
    loop.run(until: SimTime(seconds: seconds), handler: &phone)
  }

  /// Events of one kind, as (seconds, identifier, detail).
  func events(_ kind: AppEvent.Kind) -> [(Double, String, String)] {
    (phone.appLog + app.events.elements).filter { $0.kind == kind }.map {
      ($0.time.seconds, $0.identifier, $0.detail)
    }
  }

  var launchResults: [LaunchResult] { phone.decider.results.map(\.result) }
}

extension AppConfiguration {
  static var testDefault: AppConfiguration {
    var c = AppConfiguration()
    c.permittedIdentifiers =
      ["refresh", "refresh2", "clean"] + (0..<12).map { "p\($0)" } + ["c1", "c2", "c3"]
    return c
  }
}

/// App code given as closures, for tests.
final class Code: AppBehavior {
  var launched: (SimulatedApp, Bool) -> Void
  var active: (SimulatedApp) -> Void
  var background: (SimulatedApp) -> Void

  init(
    launched: @escaping (SimulatedApp, Bool) -> Void = { _, _ in },
    active: @escaping (SimulatedApp) -> Void = { _ in },
    background: @escaping (SimulatedApp) -> Void = { _ in }
  ) {
    self.launched = launched
    self.active = active
    self.background = background
  }

  func didFinishLaunching(_ app: SimulatedApp, inBackground: Bool) { launched(app, inBackground) }
  func didBecomeActive(_ app: SimulatedApp) { active(app) }
  func didEnterBackground(_ app: SimulatedApp) { background(app) }
}

/// Registers handlers that complete after `workSeconds`, and submits `requests` at launch.
func worker(
  _ identifiers: [String], workSeconds: Double = 5, honoursExpiration: Bool = true,
  submit requests: [any BGTaskRequest] = []
) -> Code {
  Code(launched: { app, _ in
    for id in identifiers {
      app.taskScheduler.register(forTaskWithIdentifier: id) { task in
        let timer = app.after(seconds: workSeconds) { task.setTaskCompleted(success: true) }
        if honoursExpiration {
          task.expirationHandler = {
            app.cancel(timer)
            task.setTaskCompleted(success: false)
          }
        } else {
          task.expirationHandler = {}
        }
      }
    }
    for r in requests { try? app.taskScheduler.submit(r) }
  })
}

func refresh(_ id: String = "refresh", earliest: Double? = nil) -> BGAppRefreshTaskRequest {
  var r = BGAppRefreshTaskRequest(identifier: id)
  r.earliestBeginDate = earliest.map { SimTime(seconds: $0) }
  return r
}

func processing(_ id: String, earliest: Double? = nil, network: Bool = false) -> BGProcessingTaskRequest {
  var r = BGProcessingTaskRequest(identifier: id)
  r.earliestBeginDate = earliest.map { SimTime(seconds: $0) }
  r.requiresNetworkConnectivity = network
  return r
}
