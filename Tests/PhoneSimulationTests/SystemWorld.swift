import DeviceModel
import IOSModel
import Randomness
import SimKernel

@testable import PhoneAssembly

/// A test world with the real system scheduler: a scripted device (only the script
/// acts), the app, and ``SystemScheduler`` with decisions recorded.
struct SystemWorld: ~Copyable {
  var phone: PhoneSimulation<SystemScheduler>
  var loop = EventLoop()
  var app: SimulatedApp { phone.app }
  let calendar = SimCalendar(startDate: CivilDate(iso: "2026-01-05")!)

  init(
    _ configuration: AppConfiguration = .testDefault, behavior: AppBehavior,
    script: [(Double, TimelineEvent.Action)],
    model: SchedulingModel = .iosFromDayZero(), parameters: SchedulerParameters = SchedulerParameters(),
    paths: [any LaunchPath] = SystemScheduler.standardPaths, battery: Double = 80,
    recordDecisions: Bool = true, seed: UInt64 = 1
  ) {
    var persona = Persona()
    persona.battery.initialPercent = .constant(Constant(battery, isDuration: false))
    persona.usage.forceQuitProbability = 0
    let timeline = Timeline(
      events: script.sorted { $0.0 < $1.0 }.map { TimelineEvent(time: SimTime(seconds: $0.0), action: $0.1) },
      randomHabits: false)
    let device = SimulatedDevice(
      id: 0, persona: persona, calendar: calendar, streams: RandomStreams(seed: 1),
      target: PhoneAddresses().device,
      timeline: timeline)
    let app = SimulatedApp(configuration: configuration, behavior: behavior, target: PhoneAddresses().app)
    let stream = RandomStreams(seed: seed).stream("scheduler")
    let system = SystemScheduler(
      model: model, parameters: parameters, calendar: calendar, stream: stream, paths: paths,
      recordDecisions: recordDecisions)
    let pushes = SilentPushServer(
      perHour: configuration.silentPushesPerHour, stream: SilentPushServer.stream(pairedWith: stream))
    phone = PhoneSimulation(device: device, app: app, decider: system, pushServer: pushes)
    phone.start(loop: &loop)
  }

  mutating func run(until seconds: Double) {
    loop.run(until: SimTime(seconds: seconds), handler: &phone)
  }

  /// Launch times [s] of `identifier`.
  func launches(_ identifier: String? = nil) -> [Double] {
    (phone.appLog + app.events.elements).filter {
      $0.kind == .launch && (identifier == nil || $0.identifier == identifier)
    }
    .map(\.time.seconds)
  }

  var decisions: [Decision] { phone.decider.decisions }
}

/// Hours and days as seconds, for scripts.
func at(day: Int = 0, _ hour: Double, _ minute: Double = 0) -> Double {
  Double(day) * 86_400 + hour * 3600 + minute * 60
}

/// An owner who opens the app at the same times every day for `days` days.
func habitualOpens(days: Int, at times: [(Double, Double)], seconds: Double = 60) -> [(
  Double, TimelineEvent.Action
)] {
  (0..<days).flatMap { d in
    times.map { (at(day: d, $0.0, $0.1), TimelineEvent.Action.openApp(seconds: seconds)) }
  }
}

/// A nightly charge from `plug` to `unplug` (next morning) for `days` days.
func nightlyCharge(days: Int, plug: Double = 23, unplug: Double = 7) -> [(Double, TimelineEvent.Action)] {
  (0..<days).flatMap { d in
    [(at(day: d, plug), TimelineEvent.Action.plug), (at(day: d + 1, unplug), .unplug)]
  }
}

extension SchedulingModel {
  /// The `ios` model without the install warm-up, so that tests of other rules can
  /// act from day 0 (the warm-up has its own test, `InstallWarmupTests`); `unpaced`
  /// also drops the pacing of processing, for tests that need many processing runs.
  static func iosFromDayZero(unpaced: Bool = false) -> SchedulingModel {
    var model = SchedulingModel.ios()
    for i in model.policies.indices {
      if var usage = model.policies[i] as? AppUsagePolicy {
        usage.installWarmupSeconds = 0
        model.policies[i] = usage
      }
      if unpaced, var rate = model.policies[i] as? RateLimitPolicy {
        rate.processingSpacingSeconds = 0
        model.policies[i] = rate
      }
    }
    return model
  }
}
