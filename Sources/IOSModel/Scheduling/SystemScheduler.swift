import DeviceModel
import Foundation
import Randomness
import SimKernel

/// The system side: decides when the app's pending activities launch, the way a
/// scheduling model (``SchedulingModel``, `ios` by default) says.
///
/// Decisions happen only at decision points: when an input changes (plug, unplug,
/// screen off, network, a battery band, Low Power Mode, thermal state, boot), when the
/// app submits, when a request's `earliestBeginDate` arrives, and on a periodic timer.
/// At each point every due activity is judged by every policy in turn: a veto stops it;
/// otherwise the weighted mean of the scores must reach the model's threshold
/// (``judge(_:at:after:predicting:cutsOutOfReach:record:)``, the whole rule, in `SystemScheduler+Deciding.swift`).
///
/// The scheduler learns the owner's habits as it goes: app opens and unlocks, by time
/// of day, over the last 14 days. The device's budgets refill through the day (energy
/// each half hour by predicted use, cellular data evenly) and are drawn down by every
/// app's runs off the charger (energy) and bytes on cellular (data).
///
/// Points whose outcome is known without judging are answered by the shortcuts in
/// `Shortcuts/` (``DecisionShortcuts``), which debug builds check against the rule.
public struct SystemScheduler: LaunchDecider {
  /// The policies and the threshold. Changing them drops what the shortcuts kept.
  public var model: SchedulingModel {
    didSet {
      shortcuts = DecisionShortcuts()
      herd.follow(model)
    }
  }
  public var parameters: SchedulerParameters
  public let calendar: SimCalendar
  /// The app-open prediction's jitter: drawn for every app at once, again only when
  /// ``SchedulerParameters/appJitterRedrawSeconds`` have passed since it was last asked
  /// for (``predictionJitter(at:)``).
  let jitter: RandomStream
  var jitterValue = 0.0
  var jitterAskedAt: SimTime?
  /// The timer's phase and spread: its own stream (paired with `jitter`), so that the
  /// prediction's draws are the same whatever the timer draws.
  let timerStream: RandomStream
  /// Whether to keep every decision (for `bgsim explain`); off for large runs.
  public var recordDecisions: Bool
  /// No launches from this time on: the end of an experiment's period, after which the
  /// run goes on only for the tasks already running to finish.
  public var launchesUntil: SimTime?
  public internal(set) var decisions: [Decision] = []
  /// Decisions made so far (kept or not).
  public internal(set) var decisionCount = 0
  /// Why each identifier was last launched (kept always, for `launches.csv`).
  var launchCauses = SmallTable<TaskName, LaunchCause>()

  public func launchCause(_ name: TaskName) -> LaunchCause? { launchCauses[name] }

  var appOpens: UsageHistory
  var deviceUse: UsageHistory
  /// Energy budget left [mWh].
  var energy: Double
  /// Cellular data budget left [bytes].
  var data: Double
  var budgetsAt: SimTime = .zero
  /// When the next energy refill is due: every 1,800 s from the last, at a phase of the
  /// phone's own (drawn at ``start(app:device:target:loop:)``), not on the clock's half hours.
  var energySlotAt: SimTime = .zero
  /// The day's 48 half-hourly shares of the energy refill, and the day they are for.
  var energyShares: [Double] = []
  var energySharesDay = Int.min
  var lastLaunch = LaunchTimes()
  /// Each pending request's start as dasd sets it at submission (``startAfter(for:app:)``),
  /// by task name: the submission it belongs to and the start.
  var requestStarts = SmallTable<TaskName, (submitted: SimTime, start: SimTime, collapsed: Bool)>()
  /// Each pending request's predicted optimum, with the submission it was predicted for
  /// (``RelativeThreshold``), and its threshold until the slot or the optimum ends.
  var optima = SmallTable<
    TaskName, (submitted: SimTime, optimum: RelativeThreshold, threshold: Double, validUntil: SimTime)
  >()
  /// How this owner's phone differs from the defaults (its thresholds are already in
  /// ``model``).
  public let owner: OwnerEffects
  /// The silent-push budget's current 24-hour period and the pushes launched in it. The
  /// budget resets every 24 h (S2, an Apple engineer); the periods are counted from the
  /// owner's first open of the app (its install), not from a time of day.
  var pushPeriod = 0
  var pushesInPeriod = 0
  /// The app's runs under way: when each started, and whether on external power.
  var runningSince = SmallTable<
    TaskName, (start: SimTime, onPower: Bool, group: ActivityGroup, needsPower: Bool)
  >()
  /// What dasd's fair share suspended for the launch being recorded (`bgsim explain`).
  var madeRoom: String?
  /// The latest thundering-herd trigger, from the screen and Wi-Fi.
  public internal(set) var herd = HerdTrigger()
  /// The owner's other apps with background work, a part of the phone the assembly
  /// connects (``connect(otherApps:recent:)``): their work is judged at the same points.
  /// A reference, as the app under study is: a copy of the scheduler shares it.
  public private(set) var otherApps = OtherAppsWork()
  /// What dasd learns of them as the phone runs.
  var known = OtherAppKnowledge()
  public mutating func otherAppOpened(rank: Int, at time: SimTime) {
    known.opened(rank: rank, at: time, calendar: calendar)
  }

  /// Connects the phone's other apps: their work is judged with the app under study's
  /// from the start of the run, and dasd learns of them with the history, recent-apps,
  /// fetch-ranking and fair-share settings of ``parameters``; the recent apps draw whom
  /// they evict from `recent`.
  public mutating func connect(otherApps: OtherAppsWork, recent: RandomStream) {
    self.otherApps = otherApps
    known = OtherAppKnowledge(
      otherApps, historyDays: parameters.historyDays, halfLifeDays: parameters.historyHalfLifeDays,
      start: .zero,
      recent: recent, recentApps: parameters.recentApps, fetchRanking: parameters.legacyFetchRanking,
      fairShare: parameters.fairShare)
  }
  /// The address of its own events, handed out at assembly (``start(app:device:target:loop:)``).
  var target = UInt32.max
  /// The periodic timer's period, from `parameters` at ``start(app:device:target:loop:)``.
  var timerPeriod = SimDuration.zero
  /// ``SchedulerParameters/predictionWindowSeconds`` and its duration (NaN: not yet).
  var predictionWindow = (seconds: Double.nan, duration: SimDuration.zero)
  /// The ways the system launches the app (``LaunchPath``): the app's task requests are
  /// judged first, in submission order, then each path's own work, in this order.
  public internal(set) var paths: [any LaunchPath]
  /// For each type of task request (by ``BGTaskKind``'s case order), the index of the
  /// path that launches it.
  let requestPath: [Int?]
  /// Whether each path holds work of its own (no task requests).
  let holdsOwnWork: [Bool]
  /// No path holds work of its own, so the due activities are the app's requests (kept
  /// by ``notePathsChanged()`` after each call that may change a path).
  var pathsIdle = true
  /// The app's pending requests as activities, kept until the list changes (most
  /// decision points find the same requests as the last one).
  var requestCache: [Activity] = []
  var requestCacheKey: (app: ObjectIdentifier, generation: Int)?
  /// The earliest `earliestBeginDate` among the cached requests [µs]; `Int64.min` for
  /// one without a date, `Int64.max` when there is none.
  var requestsDueAt = Int64.max
  /// What the shortcuts keep between decision points.
  var shortcuts = DecisionShortcuts()
  /// Called instead of trapping when a checked shortcut disagrees with the rule (tests).
  public var onShortcutMismatch: (@Sendable (String) -> Void)?
  /// Decision points whose vetoes stood (``StandingVeto``): counted, not judged again.
  public var standingVetoPoints: Int { shortcuts.standingVetoPoints }
  /// Decision points found out of reach (``OutOfReach``), judged without the policies
  /// after the predictions.
  public var outOfReachPoints: Int { shortcuts.outOfReachPoints }
  /// Shortcut answers checked against the rule so far (debug builds, or with
  /// `BGSIM_CHECK_SHORTCUTS` set).
  public var shortcutsChecked: Int { shortcuts.checked }
  /// Steps of the optimum's scan that could not beat the best so far, passed over
  /// without their device-use prediction (``predictOptimum(_:start:windowEnd:base:)``),
  /// and of those, the ones checked against the full score.
  public var scanStepsPassedOver: Int { shortcuts.scanStepsPassedOver }
  public var scanStepsChecked: Int { shortcuts.scanStepsChecked }

  /// Every path iOS has, in the order their work is judged.
  public static var standardPaths: [any LaunchPath] {
    [
      RefreshPath(), ProcessingPath(), ContinuedProcessingPath(), LegacyFetchPath(), SilentPushPath(),
      BackgroundTransferPath(),
    ]
  }

  /// The identifier a discretionary background transfer is handed over with.
  static let discretionaryName = TaskName("discretionary")

  /// The kernel slot of the periodic timer (``EventLoop/allocateSlot()``, taken at
  /// ``start(app:device:target:loop:)``): re-armed every period, it never waits in
  /// the queue.
  var timerSlot = Slot.unallocated

  enum Tick: UInt32 {
    case timer = 200
    case due
  }

  public init(
    model: SchedulingModel = .ios(), parameters: SchedulerParameters = SchedulerParameters(),
    calendar: SimCalendar, stream: RandomStream, paths: [any LaunchPath] = standardPaths,
    recordDecisions: Bool = false, owner: OwnerEffects = OwnerEffects()
  ) {
    self.model = model.forOwner(owner)
    self.owner = owner
    self.paths = paths
    var requestPath = [Int?](repeating: nil, count: BGTaskKind.allCases.count)
    for kind in BGTaskKind.allCases {
      requestPath[Self.row(kind)] = paths.firstIndex { $0.requestKind == kind }
    }
    self.requestPath = requestPath
    holdsOwnWork = paths.map { $0.requestKind == nil }
    self.parameters = parameters
    self.calendar = calendar
    jitter = stream
    timerStream = RandomStream(key: stream.key ^ 0x7469_6D65)
    self.recordDecisions = recordDecisions
    appOpens = UsageHistory(days: parameters.historyDays, halfLifeDays: parameters.historyHalfLifeDays)
    deviceUse = UsageHistory(days: parameters.historyDays, halfLifeDays: parameters.historyHalfLifeDays)
    energy = parameters.energyCapacity
    data = min(parameters.dataCapacity, parameters.dataCeiling)
    herd.follow(self.model)
    notePathsChanged()
  }

  public mutating func start(
    app: some LaunchableApp, device: some DeviceConditions, target: UInt32, loop: inout EventLoop
  ) {
    self.target = target
    if app.configuration.usesLegacyFetch { known.rankAppUnderStudyForFetch() }
    budgetsAt = loop.now
    timerPeriod = .seconds(parameters.evaluationPeriodSeconds)
    timerSlot = loop.allocateSlot()
    // The first tick at a random phase of the period: phones' timers are not aligned to
    // the wall clock, nor to each other.
    loop.schedule(
      inSlot: timerSlot,
      after: .seconds(max(0.001, parameters.evaluationPeriodSeconds * timerStream.uniform())),
      target: target, kind: Tick.timer.rawValue)
    // dasd refills the energy budget every 1,800 s counted from the last refill
    // (dasd-decisions.md §5), from a moment of the phone's own: the half hours of the
    // clock bunched every phone's refills, and the work they released, at :00 and :30.
    energySlotAt = loop.now + .seconds(Self.halfHour.seconds * timerStream.uniform())
  }

  /// The time to the timer's next tick: the period, spread uniformly by
  /// ± `evaluationPeriodSpread` of itself, so that ticks drift instead of keeping a grid.
  /// Inlined: a call from a mutating method copied the whole scheduler at every tick.
  @inline(__always)
  func nextTimerInterval() -> SimDuration {
    let spread = parameters.evaluationPeriodSpread
    return .seconds(
      max(0.001, parameters.evaluationPeriodSeconds * (1 - spread + 2 * spread * timerStream.uniform())))
  }

  public mutating func handle(
    _ event: Event, app: some LaunchableApp, device: some DeviceConditions, loop: inout EventLoop
  ) {
    switch Tick(rawValue: event.kind) {
    case .timer:
      loop.schedule(
        inSlot: timerSlot, after: nextTimerInterval(), target: target, kind: Tick.timer.rawValue)
      evaluate(app: app, device: device, trigger: .timer, loop: &loop)
    case .due, nil:
      // dasd's timers for background work do not wake a phone asleep on battery: the
      // request waits for the next wake (dasd-decisions.md §4).
      if !model.decidesAtEarliestBegin, !device.isInUse, !device.isPluggedIn { return }
      evaluate(app: app, device: device, trigger: .earliestBeginDate, loop: &loop)
    }
  }

  public mutating func deviceChanged(
    _ change: DeviceChange, app: some LaunchableApp, device: some DeviceConditions, loop: inout EventLoop
  ) {
    herd.observe(change)
    switch change.kind {
    case .appOpened:
      appOpens.record(change.time, calendar: calendar)
      known.appUnderStudyOpened(at: change.time)
      observe(.appOpened(at: change.time), app: app)
    case .screenOn:
      deviceUse.record(change.time, calendar: calendar)
      // The phone wakes: a request whose timer passed while it slept is judged now.
      if requestsDueAt <= change.time.microseconds {
        evaluate(app: app, device: device, trigger: .device(change.kind), loop: &loop)
      }
    case .appClosed:
      known.appUnderStudyClosed(at: change.time)
    case .plugged, .unplugged, .screenOff, .network, .batteryLevel, .lowPowerMode, .thermal, .boot:
      if change.kind == .screenOff { known.screenOff(at: change.time) }
      evaluate(app: app, device: device, trigger: .device(change.kind), loop: &loop)
    default:
      break
    }
  }

  public mutating func appChanged(
    _ events: AppEvents, app: some LaunchableApp, device: some DeviceConditions, loop: inout EventLoop
  ) {
    var submitted = false
    // Fields read in place: `for e in events` would copy each event and retain its strings.
    for i in 0..<events.count {
      switch events[i].kind {
      case .submit:
        submitted = true
        if let k = app.pendingRequests.lastIndex(where: { $0.name == events[i].name }) {
          // dasd sets the request's timer at its start; whether it fires then depends on
          // the phone being awake (``handle(_:app:device:loop:)``).
          let start = startAfter(for: app.pendingRequests[k], app: app).start
          if start > loop.now { loop.schedule(at: start, target: target, kind: Tick.due.rawValue) }
        }
      case .complete, .kill:
        if let run = runningSince.removeValue(forKey: events[i].name) {
          known.fairShare.ran(otherApps.count, from: run.start, to: events[i].time)
          refillBudgets(to: loop.now)
          drawEnergy(
            from: run.start, to: events[i].time, onPower: run.onPower, by: otherApps.count, at: loop.now)
        }
      case .network:
        refillBudgets(to: loop.now)
        if device.network == .cellular { drawData(events[i].value ?? 0) }
      case .transfer:
        let transfer = LaunchPathInput.transfer(
          at: events[i].time, bytes: events[i].value ?? 0,
          discretionary: events[i].name == Self.discretionaryName)
        observe(transfer, app: app)
        submitted = true
      default:
        break
      }
    }
    if submitted { evaluate(app: app, device: device, trigger: .submit, loop: &loop) }
  }

  public mutating func silentPushArrived(
    app: some LaunchableApp, device: some DeviceConditions, loop: inout EventLoop
  ) {
    observe(.silentPush(at: loop.now), app: app)
    evaluate(app: app, device: device, trigger: .push, loop: &loop)
  }

  /// A run from `start` to `end` of app `index` of ``otherApps`` (its `count`: the app
  /// under study): an other app counts the energy it used, and the part drawn from the
  /// battery (off external power); the energy budget is drawn unless the run started on
  /// external power (by default).
  mutating func drawEnergy(
    from start: SimTime, to end: SimTime, onPower: Bool, by index: Int, at now: SimTime
  ) {
    let cost = (end - start).seconds / 3600 * parameters.backgroundPowerWatts * 1000
    if index < otherApps.count {
      otherApps.apps[index].energyMWh += cost
      if !onPower { otherApps.apps[index].batteryEnergyMWh += cost }
    }
    guard !onPower || parameters.chargingRunsDrawEnergy else { return }
    energy = max(parameters.energyFloor, energy - cost)
    known.noteEnergy(cost, by: index, at: now)
  }

  /// A silent push launched at `now`: one more in the device's budget period.
  mutating func countPushLaunch(at now: SimTime) {
    pushesInPeriod = pushesLaunched(inPeriodOf: now) + 1
    pushPeriod = pushPeriod(of: now)
  }

  /// How fast a background transfer moves on `network` [B/s] (0: no network).
  func transferBytesPerSecond(on network: NetworkKind) -> Double {
    network == .cellular
      ? parameters.transferCellularBytesPerSecond
      : network == .wifi ? parameters.transferWiFiBytesPerSecond : 0
  }

  /// Budgets refill through the day, up to their ceilings.
  mutating func refillBudgets(to now: SimTime) {
    // This runs at every decision point: the energy's refill comes once a half hour, and
    // a full cellular budget stays full without the division.
    if energySlotAt <= now { refillEnergy(to: now) }
    if data >= parameters.dataCeiling {
      budgetsAt = now
      return
    }
    let days = (now - budgetsAt).seconds / 86_400
    guard days > 0 else { return }
    data = min(parameters.dataCeiling, data + days * parameters.dataRefillPerDay)
    budgetsAt = now
  }

  /// Bytes moved on cellular draw the device's data budget, down to its floor.
  mutating func drawData(_ bytes: Double) {
    data = max(parameters.dataFloor, data - bytes)
  }

  /// Adds the energy refills of the half hours begun by `now`, each its share of the
  /// day's at its start (dasd), up to the budget's ceiling.
  @inline(never)
  mutating func refillEnergy(to now: SimTime) {
    while energySlotAt <= now {
      if energy >= parameters.energyCeiling {
        // The refills of a full budget are lost; the next keeps the phone's phase.
        let step = Self.halfHour.microseconds
        energySlotAt =
          energySlotAt + SimDuration(microseconds: ((now - energySlotAt).microseconds / step + 1) * step)
        return
      }
      energy = min(
        parameters.energyCeiling, energy + parameters.energyRefillPerDay * energyShare(at: energySlotAt))
      energySlotAt = energySlotAt + Self.halfHour
    }
  }

  static let halfHour = SimDuration.minutes(30)

  /// The share of a day's energy refill that comes at `slot` (a refill, in the half hour
  /// of the day that holds it): the device use predicted for that half hour over the
  /// day's, from the owner's
  /// history as it stands (dasd's budget modulator); 1/48 without a prediction, or
  /// with ``SchedulerParameters/energyRefillFollowsUse`` off.
  mutating func energyShare(at slot: SimTime) -> Double {
    let even = 1.0 / 48
    guard parameters.energyRefillFollowsUse else { return even }
    let day = calendar.day(of: slot)
    if day != energySharesDay {
      energySharesDay = day
      let expected = deviceUse.halfHourlyWeightedEvents(now: slot, calendar: calendar)
      let total = expected.reduce(0, +)
      energyShares = total > 0 ? expected.map { $0 / total } : Array(repeating: even, count: 48)
    }
    let k = Int((slot - calendar.startOfDay(day)).microseconds / Self.halfHour.microseconds)
    return energyShares.indices.contains(k) ? energyShares[k] : even
  }
}
