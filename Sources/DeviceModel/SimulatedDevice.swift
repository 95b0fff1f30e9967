import FileFormats
import Randomness
import SimKernel

/// One simulated phone and its owner, driven by a persona's random habits, a scripted
/// timeline, a recorded trace, or a mix of them.
///
/// The device is a component of a larger model: it schedules kernel events addressed to
/// its `target`, handles them in ``handle(_:loop:)``, and appends every change of
/// state to ``changes``, which the owner of the device drains. The battery level is
/// piecewise linear between events; an event is scheduled for each crossing of a
/// multiple of 5 %, so the level is exact at every decision point without polling.
///
/// Random draws come from the streams `device/<id>/usage`, `…/app`, `…/charging`,
/// `…/network` and `…/decisions`, so that two arms of an experiment see the same owner.
public struct SimulatedDevice: DeviceConditions {
  public let id: Int
  public let persona: Persona
  public let calendar: SimCalendar
  /// The kernel target of this device's events.
  public let target: UInt32

  let usageStream: RandomStream
  let appStream: RandomStream
  let chargingStream: RandomStream
  let networkStream: RandomStream
  let decisionStream: RandomStream
  /// The restarts' own draws, so that every other draw stays as it was.
  let restartStream: RandomStream
  let unlockProfile: TimeOfDayProfile
  let appProfile: TimeOfDayProfile
  let topupProfile: TimeOfDayProfile
  /// Probabilities of Wi-Fi, cellular and no service when an away period starts.
  let awayChoice: (wifi: Double, none: Double)

  let timeline: [TimelineEvent]
  let trace: RecordedTrace?
  let scripted: Set<DeviceAspect>
  /// Whether the usage draws are kept for the owner's other arms (``UsageDraws``).
  let keepsUsageDraws: Bool
  /// Unlock and app-open draws: read from those kept, then drawn (and kept).
  var unlockDraws = UsageDrawSequence()
  var openDraws = UsageDrawSequence()
  var networkDraws = DrawSequence()

  /// What the system reads of the device (``DeviceConditions``), kept together so that a
  /// ``snapshot`` is one copy of a block: the scheduler is handed one at nearly every
  /// event it sees, and gathering its ten fields from across the device cost twenty
  /// instructions each time. The fields are read and set through the properties below.
  var conditions = DeviceSnapshot(
    batteryLevel: 100, batteryMark: .zero, batteryRate: 0, isPluggedIn: false, isScreenOn: false,
    lastScreenOff: .zero, network: .wifi, isLowPowerMode: false, thermalState: .nominal, isPoweredOn: true)

  // Battery: level at `batteryMark`, changing at `batteryRate` [%/h] since then.
  var batteryLevel: Double {
    get { conditions.batteryLevel }
    set { conditions.batteryLevel = newValue }
  }
  var batteryMark: SimTime {
    get { conditions.batteryMark }
    set { conditions.batteryMark = newValue }
  }
  var batteryRate: Double {
    get { conditions.batteryRate }
    set { conditions.batteryRate = newValue }
  }
  /// The pending crossing event, if any. A superseded one is cancelled (it would
  /// otherwise sit in the queue for hours, deepening it, only to be dropped).
  var thresholdEvent: EventID?
  /// A crossing computed while the screen is on and left unscheduled, because the
  /// session's scheduled end comes first and, removing the screen's drain, computes it
  /// anew (``updateBattery(_:)``). Moved into the queue if the session is extended past it.
  var deferredCrossing: SimTime?
  var thresholdPending: Bool { thresholdEvent != nil || (deferredCrossing != nil && isScreenOn) }
  /// While replaying a trace: the slope to the next observed level [%/h].
  var replayRate: Double?

  // Charging.
  public internal(set) var isPluggedIn: Bool {
    get { conditions.isPluggedIn }
    set { conditions.isPluggedIn = newValue }
  }
  var plugSource: PlugSource?
  var plannedUnplug: SimTime?
  var holdingCharge = false
  var resumeEvent: EventID?
  var lowBatteryPending = false

  // Screen and app.
  public internal(set) var isScreenOn: Bool {
    get { conditions.isScreenOn }
    set { conditions.isScreenOn = newValue }
  }
  var screenOnSince: SimTime = .zero
  var screenOffAt: SimTime = .zero
  var screenOffEvent: EventID?
  /// The kernel slots (``EventLoop/allocateSlot()``, taken at ``start(loop:)``) of
  /// the three events that are never pending twice and come most often: the next
  /// unlock, the screen going off, the battery's next crossing.
  var slots = (unlock: Slot.unallocated, screenOff: Slot.unallocated, crossing: Slot.unallocated)
  var lastScreenOff: SimTime {
    get { conditions.lastScreenOff }
    set { conditions.lastScreenOff = newValue }
  }
  public internal(set) var isAppInForeground = false
  var appCloseEvent: EventID?
  var heavyUseEvent: EventID?
  /// The persona's screen time before a session counts as heavy use, converted once.
  let heavyUseAfter: SimDuration

  // Network and place.
  public internal(set) var network: NetworkKind {
    get { conditions.network }
    set { conditions.network = newValue }
  }
  public internal(set) var isAtHome = true
  var networkEvent: EventID?

  public internal(set) var isLowPowerMode: Bool {
    get { conditions.isLowPowerMode }
    set { conditions.isLowPowerMode = newValue }
  }
  public internal(set) var thermalState: ThermalState {
    get { conditions.thermalState }
    set { conditions.thermalState = newValue }
  }
  public internal(set) var isPoweredOn: Bool {
    get { conditions.isPoweredOn }
    set { conditions.isPoweredOn = newValue }
  }
  public internal(set) var isUnlockedSinceBoot: Bool {
    get { conditions.isUnlockedSinceBoot }
    set { conditions.isUnlockedSinceBoot = newValue }
  }
  var bootEvent: EventID?
  /// Restarts (``RestartSpec``): the owner's last unlock, whether an update waits for
  /// the night, and the pending inactivity check.
  var restartState = RestartState()
  /// When the owner last woke the screen before the run (an app installed before it):
  /// the phone has been idle since then, not since time 0. Nil: since time 0.
  public var lastUseBeforeStart: SimTime?
  /// Background tasks running now; while > 0 the battery drains faster.
  public internal(set) var backgroundWork = 0

  /// Changes since the owner last drained them, in time order.
  public var changes: [DeviceChange] = []

  /// Creates a device. `timeline` and `trace` take over the aspects they touch (a trace
  /// all of them, but the owner's opens of the app when `traceKeepsAppOpens`: an
  /// experiment's app under study on a recorded phone);
  /// `usageDraws`, shared by the arms of one owner, spares the later arms the usage draws
  /// (hand the device back to ``UsageDraws/keep(_:)`` when its run is over).
  public init(
    id: Int, persona: Persona, calendar: SimCalendar, streams: RandomStreams, target: UInt32,
    timeline: Timeline? = nil, trace: RecordedTrace? = nil, traceKeepsAppOpens: Bool = false,
    usageDraws: UsageDraws? = nil
  ) {
    self.id = id
    self.persona = persona
    self.calendar = calendar
    self.target = target
    let usage = streams.stream("device/\(id)/usage")
    let app = streams.stream("device/\(id)/app")
    let network = streams.stream("device/\(id)/network")
    if let draws = usageDraws, let shared = draws.adopt(usage: usage, app: app, network: network) {
      (usageStream, appStream, networkStream) = shared
      keepsUsageDraws = true
      unlockDraws = draws.unlocks.rewound
      openDraws = draws.opens.rewound
      networkDraws = draws.network.rewound
    } else {
      (usageStream, appStream, networkStream) = (usage, app, network)
      keepsUsageDraws = false
    }
    chargingStream = streams.stream("device/\(id)/charging")
    decisionStream = streams.stream("device/\(id)/decisions")
    restartStream = streams.stream("device/\(id)/restarts")
    heavyUseAfter = .seconds(persona.thermal.heavyUseAfterSeconds)
    let u = persona.usage
    let unlocks = UsageSpec.ownerFactor(
      sigma: u.unlocksOwnerSigma, streams.stream("device/\(id)/owner-unlocks"))
    let opens = UsageSpec.ownerFactor(
      sigma: u.appOpensOwnerSigma, streams.stream("device/\(id)/owner-app-opens"))
    unlockProfile = u.unlockProfile.scaled(toDailyMean: u.unlocksPerDay * unlocks)
    appProfile = u.appProfile.scaled(toDailyMean: u.appOpensPerDay * opens)
    topupProfile = persona.charging.topupProfile.scaled(toDailyMean: persona.charging.topupsPerDay)
    self.timeline = timeline?.events ?? []
    self.trace = trace
    scripted =
      trace == nil
      ? timeline?.scriptedAspects ?? []
      : Set(DeviceAspect.allCases).subtracting(traceKeepsAppOpens ? [.appUse] : [])
    // Renewal-reward: a state's share of time is p·mean / Σ p·mean, so weight each
    // state by share / mean period length.
    let n = persona.network
    let meanAway = max(n.awayPeriod.mean, 1)
    let meanNone = max(n.noServicePeriod.mean, 1)
    let weights = (
      wifi: n.awayWifiShare / meanAway, cellular: (1 - n.awayWifiShare - n.noServiceShare) / meanAway,
      none: n.noServiceShare / meanNone
    )
    let total = weights.wifi + weights.cellular + weights.none
    awayChoice = total > 0 ? (weights.wifi / total, weights.none / total) : (0, 0)
  }

  // MARK: DeviceConditions

  public func batteryPercent(at time: SimTime) -> Double {
    DeviceSnapshot.batteryPercent(level: batteryLevel, mark: batteryMark, rate: batteryRate, at: time)
  }

  public var isInUse: Bool { isScreenOn }

  public func idleSeconds(at time: SimTime) -> Double {
    DeviceSnapshot.idleSeconds(screenOn: isScreenOn, lastScreenOff: lastScreenOff, at: time)
  }

  /// The conditions now, as plain values (see ``DeviceSnapshot``).
  public var snapshot: DeviceSnapshot { conditions }

  /// Whether random habits drive `aspect`.
  func random(_ aspect: DeviceAspect) -> Bool { !scripted.contains(aspect) }

  // MARK: Running

  /// Sets the initial state and schedules the first events. Call once, at time 0.
  public mutating func start(loop: inout EventLoop) {
    slots = (loop.allocateSlot(), loop.allocateSlot(), loop.allocateSlot())
    let now = loop.now
    batteryMark = now
    batteryLevel = min(100, max(0, persona.battery.initialPercent.sample(decisionStream)))
    publish(.batterySet, .percent(batteryLevel), at: now)
    network = persona.network.homeWifi ? .wifi : .cellular
    publish(.network, .network(network), at: now)
    if random(.network) { startNetworkPeriod(&loop) }
    lastScreenOff = lastUseBeforeStart ?? now
    if random(.usage) { scheduleNextUnlock(&loop) }
    if random(.appUse) { scheduleNextAppOpen(&loop) }
    if random(.charging) { startAlreadyCharging(&loop) }
    startRestarts(&loop)
    schedule(.dayPlan, at: calendar.startOfDay(calendar.day(of: now)), &loop)
    for (i, event) in timeline.enumerated() where event.time >= now {
      schedule(.timeline, at: event.time, payload: Int64(i), &loop)
    }
    if let trace {
      for (i, row) in trace.observations.enumerated() where row.time >= now {
        schedule(.traceRow, at: row.time, payload: Int64(i), &loop)
      }
    }
    updateBattery(&loop)
  }

  /// Handles one of this device's events.
  public mutating func handle(_ event: Event, loop: inout EventLoop) {
    guard let kind = DeviceEventKind(rawValue: event.kind) else { return }
    let now = event.time
    settleBattery(at: now)
    switch kind {
    case .unlock: unlock(&loop)
    case .screenOff: screenOff(&loop)
    case .appOpen: appOpenEvent(&loop)
    case .appClose:
      // A swipe-away after use is a habit: a script of the owner's use has its own
      // `force_quit` events, and no random ones.
      appClose(
        forceQuit: random(.appUse) && decisionStream.uniform() < persona.usage.forceQuitProbability, &loop
      )
    case .dayPlan: planDay(&loop)
    case .overnightPlug:
      plannedUnplug = SimTime(microseconds: event.payload)
      plug(.overnight, &loop)
    case .overnightUnplug: unplug(ifSource: .overnight, &loop)
    case .topupStart: plug(.topup, &loop)
    case .topupEnd: unplug(ifSource: .topup, &loop)
    case .lowBatteryPlug:
      lowBatteryPending = false
      plug(.lowBattery, &loop)
    case .lowBatteryUnplug: unplug(ifSource: .lowBattery, &loop)
    case .batteryThreshold: crossThreshold(&loop)
    case .resumeCharging:
      resumeEvent = nil
      holdingCharge = false
    case .boot: boot()
    case .leaveHome: leaveHome(&loop)
    case .returnHome: returnHome(&loop)
    case .networkPeriodEnd: startNetworkPeriod(&loop)
    case .heavyUse:
      heavyUseEvent = nil
    case .timeline: runTimeline(timeline[Int(event.payload)], &loop)
    case .traceRow: replay(Int(event.payload), &loop)
    case .ownerRestart, .updateReleased, .updateInstall, .inactivityCheck, .restartDone:
      handleRestart(kind, &loop)
    }
    updateThermal()
    updateBattery(&loop)
  }

  /// Marks background work as started or finished (the iOS model calls this); while
  /// any runs, the battery drains faster.
  public mutating func setBackgroundWork(running: Bool, loop: inout EventLoop) {
    settleBattery(at: loop.now)
    backgroundWork = max(0, backgroundWork + (running ? 1 : -1))
    updateBattery(&loop)
  }

  // MARK: Helpers

  @discardableResult
  mutating func schedule(
    _ kind: DeviceEventKind, at time: SimTime, payload: Int64 = 0, _ loop: inout EventLoop
  )
    -> EventID
  {
    loop.schedule(
      at: max(time, loop.now), target: target, kind: kind.rawValue, payload: payload)
  }

  /// Schedules one of the slotted events (see ``slots``).
  @discardableResult @inline(__always)
  mutating func schedule(
    _ kind: DeviceEventKind, inSlot slot: Slot, at time: SimTime, _ loop: inout EventLoop
  )
    -> EventID
  {
    loop.schedule(inSlot: slot, at: max(time, loop.now), target: target, kind: kind.rawValue)
  }

  mutating func publish(_ kind: DeviceChange.Kind, _ detail: DeviceChange.Detail = .none, at time: SimTime) {
    changes.append(
      DeviceChange(time: time, kind: kind, detail: detail, batteryPercent: batteryPercent(at: time)))
  }
}

/// Text for numbers in change values.
enum DeviceNumber {
  static func percent(_ value: Double) -> String { CSVNumber.format(value, digits: 1) }
}
