import DeviceModel
import IOSModel
import Randomness
import SimKernel

/// What one phone is made of: the owner (persona and scripted day), the app and the
/// system scheduler, and where its randomness comes from. ``assemble()`` wires the parts
/// into a ``PhoneSimulation``; every phone bgsim simulates, in a run, a scenario,
/// `explain`, a launch log or a validation case, is made here.
///
/// The parts draw from the owner's own streams (`device/N/…`), so the same owner is the
/// same in every arm of an experiment (common random numbers).
public struct PhoneRecipe {
  /// The owner's habits: charging, network, usage.
  public var persona: Persona
  /// The app under study, with the tasks of the arm being run.
  public var app: AppSpec
  public var scheduler: SchedulerSpec
  /// A scripted day of the owner's use, replacing the persona's habits where it speaks.
  public var timeline: Timeline?
  /// A recorded phone the device replays (charger, screen, battery, network).
  public var trace: RecordedTrace?
  public var calendar: SimCalendar
  /// The replication's streams; each part takes `device/N/<part>` from them.
  public var streams: RandomStreams
  /// The owner's index N in the run (their streams are `device/N/…`).
  public var owner: Int
  /// The owner's usage draws, kept from an earlier arm so that every arm sees the same use.
  public var usageDraws: UsageDraws?
  /// Whether the scheduler keeps every decision (for `explain` and validation figures).
  public var recordDecisions: Bool
  /// The time from which nothing new launches (running tasks may finish), or nil.
  public var launchesUntil: SimTime?
  /// The owner's other apps with background work, judged by the same scheduler.
  public var otherApps: AppPopulation
  /// Days the owner had the app before the run: the scheduler starts with their use.
  public var installedDaysBefore: Int

  public init(
    persona: Persona, app: AppSpec, scheduler: SchedulerSpec, timeline: Timeline? = nil,
    trace: RecordedTrace? = nil, calendar: SimCalendar,
    streams: RandomStreams, owner: Int, usageDraws: UsageDraws? = nil, recordDecisions: Bool = false,
    launchesUntil: SimTime? = nil, otherApps: AppPopulation = AppPopulation(), installedDaysBefore: Int = 0
  ) {
    self.otherApps = otherApps
    self.installedDaysBefore = installedDaysBefore
    self.persona = persona
    self.app = app
    self.scheduler = scheduler
    self.timeline = timeline
    self.trace = trace
    self.calendar = calendar
    self.streams = streams
    self.owner = owner
    self.usageDraws = usageDraws
    self.recordDecisions = recordDecisions
    self.launchesUntil = launchesUntil
  }

  /// The phone, wired and ready to start.
  public func assemble() -> PhoneSimulation<SystemScheduler> {
    // Parts, each with the address its events carry.
    let addresses = PhoneAddresses()
    // iOS 18's inactivity reboot belongs to the app's era (``IOSEra/rebootsWhenInactive``).
    var persona = persona
    if !app.configuration.era.rebootsWhenInactive { persona.restarts.inactivityRebootSeconds = 0 }
    var device = SimulatedDevice(
      id: owner, persona: persona, calendar: calendar, streams: streams, target: addresses.device,
      timeline: timeline, trace: trace, traceKeepsAppOpens: true, usageDraws: usageDraws)
    let code = DeclarativeBehavior(spec: app, stream: streams.stream("device/\(owner)/app-code"))
    let simulatedApp = SimulatedApp(
      configuration: app.configuration, behavior: code, target: addresses.app)
    let schedulerStream = streams.stream("device/\(owner)/scheduler")
    var system = SystemScheduler(
      model: scheduler.model, parameters: scheduler.parameters, calendar: calendar,
      stream: schedulerStream, recordDecisions: recordDecisions,
      owner: OwnerEffects.draw(
        scheduler.parameters.ownerSpread, stream: streams.stream("device/\(owner)/owner")))
    if let launchesUntil { system.launchesUntil = launchesUntil }
    if installedDaysBefore > 0 {
      // An app installed before the run: the owner's use of it so far, on its own stream
      // (only the days the scheduler's history remembers).
      let days = min(installedDaysBefore, scheduler.parameters.historyDays)
      let past = device.pastUse(days: days, stream: streams.stream("device/\(owner)/past-use"))
      system.rememberPastUse(appOpens: past.appOpens, screenOns: past.screenOns)
      device.lastUseBeforeStart = past.screenOns.last
    }
    var otherAppUse: OtherAppUse?
    var otherAppWork: OtherAppsWork?
    if !otherApps.isEmpty {
      // One stream for the owner's use of the apps and their first requests, drawn in
      // that order.
      let streamName = { (name: String) in "device/\(owner)/other-apps" + (name == "usage" ? "" : "/" + name)
      }
      let usage = streams.stream(streamName("usage"))
      let use = OtherAppUse(
        installed: otherApps.installed, used: otherApps.used, exponent: otherApps.usageExponent, stream: usage
      )
      otherAppUse = use
      otherAppWork = OtherAppsWork(
        otherApps, ranks: use.ranks,
        streams: { name in name == "usage" ? usage : streams.stream(streamName(name)) },
        start: .zero)
    }
    let pushes = SilentPushServer(
      perHour: app.configuration.silentPushesPerHour,
      stream: SilentPushServer.stream(pairedWith: schedulerStream))
    // Connections.
    if let otherAppWork {
      system.connect(otherApps: otherAppWork, recent: streams.stream("device/\(owner)/other-apps/recent"))
    }
    // Assembly.
    var phone = PhoneSimulation(
      device: device, app: simulatedApp, decider: system, pushServer: pushes, otherAppUse: otherAppUse,
      otherApps: otherAppWork, addresses: addresses)
    phone.installedBeforeRun = installedDaysBefore > 0
    return phone
  }

  /// Assembles the phone and runs it to the start of day `days`, keeping every change
  /// and event.
  public func run(days: Int) -> PhoneLog {
    var phone = assemble()
    var kernel = EventLoop()
    phone.start(loop: &kernel)
    kernel.run(until: calendar.startOfDay(days), handler: &phone)
    var log = PhoneLog(
      deviceLog: phone.deviceLog, appLog: phone.appLog, decisions: phone.decider.decisions,
      calendar: calendar,
      notes: PhoneLog.notes(phone.app.configuration))
    log.launchSnapshots = phone.launchSnapshots
    return log
  }
}
