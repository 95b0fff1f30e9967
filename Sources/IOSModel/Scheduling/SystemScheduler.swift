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
      shortcuts = DecisionShortcuts(onMismatch: shortcuts.onMismatch)
      herd.follow(model)
    }
  }
  public var parameters: SchedulerParameters
  public let calendar: SimCalendar
  /// How this owner's phone differs from the defaults (its thresholds are already in
  /// ``model``).
  public let owner: OwnerEffects
  /// No launches from this time on: the end of an experiment's period, after which the
  /// run goes on only for the tasks already running to finish.
  public var launchesUntil: SimTime?
  /// The latest thundering-herd trigger, from the screen and Wi-Fi.
  public internal(set) var herd = HerdTrigger()
  /// The owner's other apps with background work, a part of the phone the assembly
  /// connects (``connect(otherApps:recent:)``): their work is judged at the timer's points
  /// and the charger's, network's and boot's (``judgesOtherApps(_:)``), their pushes also
  /// as they arrive (``OtherAppsScope/pushArrivals``).
  /// A reference, as the app under study is: a copy of the scheduler shares it.
  public private(set) var otherApps = OtherAppsWork()
  /// What the shortcuts keep between decision points.
  var shortcuts = DecisionShortcuts()
  /// What dasd learns of the owner, and the predictions it makes from it.
  var usage: UsageKnowledge
  /// The energy, cellular-data and silent-push budgets.
  var budgets: DeviceBudgets
  /// The scheduler's address and periodic timer.
  var timer: DasdTimer
  /// The app's pending requests: starts, optima, and the activities made of them.
  var requests = PendingRequests()
  /// The ways the system launches the app.
  var launchPaths: LaunchPathSet
  /// The decisions made, and those kept for `bgsim explain`.
  var log: DecisionLog
  /// The app under study's launches and runs.
  var launches = AppLaunches()

  /// Whether to keep every decision (for `bgsim explain`); off for large runs.
  public var recordDecisions: Bool {
    get { log.keeps }
    set { log.keeps = newValue }
  }
  public var decisions: [Decision] { log.decisions }
  /// Decisions made so far (kept or not).
  public var decisionCount: Int { log.count }
  /// The ways the system launches the app (``LaunchPath``): the app's task requests are
  /// judged first, in submission order, then each path's own work, in this order.
  public var paths: [any LaunchPath] { launchPaths.all }
  /// Why the identifier `name` was last launched (``LaunchCause``).
  public func launchCause(_ name: TaskName) -> LaunchCause? { launches.causes[name] }
  /// Called instead of trapping when a checked shortcut disagrees with the rule (tests).
  public var onShortcutMismatch: (@Sendable (String) -> Void)? {
    get { shortcuts.onMismatch }
    set { shortcuts.onMismatch = newValue }
  }

  public mutating func otherAppOpened(rank: Int, at time: SimTime) {
    usage.otherApps.opened(rank: rank, at: time, calendar: calendar)
  }

  /// The other app on screen, if any, left the foreground at `time` (the screen went off,
  /// or the owner opened the app under study): its session ends, and its legacy fetch is
  /// due an interval later (legacy-fetch.md §2 (b)).
  mutating func otherAppLeftForeground(at time: SimTime) {
    if let rank = usage.otherApps.appOnScreen { otherApps.appLeftForeground(rank: rank, at: time) }
    usage.otherApps.otherAppLeft(at: time)
  }

  /// Connects the phone's other apps: their work is judged with the app under study's
  /// from the start of the run, and dasd learns of them with the history, recent-apps,
  /// fetch-ranking and fair-share settings of ``parameters``; the recent apps draw whom
  /// they evict from `recent`.
  public mutating func connect(otherApps: OtherAppsWork, recent: RandomStream) {
    self.otherApps = otherApps
    usage.otherApps = OtherAppKnowledge(
      otherApps, historyDays: parameters.historyDays, halfLifeDays: parameters.historyHalfLifeDays,
      meanSinceFirstOpen: parameters.appHistoryMeanSinceFirstOpen, start: .zero,
      recent: recent, recentApps: parameters.recentApps, fetchRanking: parameters.legacyFetchRanking,
      fairShare: parameters.fairShare)
  }
  /// Decision points whose vetoes stood (``StandingVeto``): counted, not judged again.
  public var standingVetoPoints: Int { shortcuts.standingVetoPoints }
  /// Decision points found out of reach (``OutOfReach``), judged without the policies
  /// after the predictions.
  public var outOfReachPoints: Int { shortcuts.outOfReachPoints }
  /// Shortcut answers checked against the rule so far (debug builds, or with
  /// `BGSIM_CHECK_SHORTCUTS` set).
  public var shortcutsChecked: Int { shortcuts.checked }
  /// Steps of the optimum's scan that could not beat the best so far, passed over
  /// without their device-use prediction (``predictOptimum(_:start:windowEnd:base:for:)``),
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

  enum Tick: UInt32 {
    case timer = 200
    case due
    case fetchTimer
    /// A silent push arrives at one of the other apps, or a held one's spacing ends.
    case otherAppPush
  }

  public init(
    model: SchedulingModel = .ios(), parameters: SchedulerParameters = SchedulerParameters(),
    calendar: SimCalendar, stream: RandomStream, paths: [any LaunchPath] = standardPaths,
    recordDecisions: Bool = false, owner: OwnerEffects = OwnerEffects()
  ) {
    self.model = model.forOwner(owner)
    self.owner = owner
    launchPaths = LaunchPathSet(paths)
    self.parameters = parameters
    self.calendar = calendar
    usage = UsageKnowledge(parameters, jitter: stream)
    timer = DasdTimer(
      stream: RandomStream(key: stream.key ^ 0x7469_6D65),
      latency: RandomStream(key: stream.key ^ 0x6C61_7465))
    log = DecisionLog(keeps: recordDecisions)
    budgets = DeviceBudgets(parameters)
    herd.follow(self.model)
    let compiled = self.model.compiled
    shortcuts.sharedPolicies =
      !shortcuts.uses
      ? 0
      : min(
        compiled.predictionsNeededAt,
        compiled.reads.firstIndex { !$0.isDisjoint(with: Self.perOtherApp) } ?? compiled.policies.count)
    notePathsChanged()
  }

  public mutating func start(
    app: some LaunchableApp, device: some DeviceConditions, target: UInt32, loop: inout EventLoop
  ) {
    timer.target = target
    if app.configuration.usesLegacyFetch {
      usage.otherApps.rankAppUnderStudyForFetch()
      var fetch = (
        history: UsageHistory(days: parameters.historyDays),
        phase: SimDuration.seconds(900 * timer.latency.uniform())
      )
      for t in usage.pastAppOpens { fetch.history.record(t - fetch.phase, calendar: calendar) }
      usage.fetchOpens = fetch
      observe(.started(at: loop.now, appOpenedBefore: !usage.pastAppOpens.isEmpty), app: app)
    }
    budgets.refilledAt = loop.now
    timer.slot = loop.allocateSlot()
    // The first tick at a random phase of the period: phones' timers are not aligned to
    // the wall clock, nor to each other.
    loop.schedule(
      inSlot: timer.slot,
      after: .seconds(max(0.001, parameters.evaluationPeriodSeconds * timer.stream.uniform())),
      target: target, kind: Tick.timer.rawValue)
    // dasd refills the energy budget every 1,800 s counted from the last refill
    // (dasd-decisions.md §5), from a moment of the phone's own: the half hours of the
    // clock bunched every phone's refills, and the work they released, at :00 and :30.
    budgets.energySlotAt = loop.now + .seconds(DeviceBudgets.halfHour.seconds * timer.stream.uniform())
    // dasd's fetch timer runs from when its fetch scheduler started, at the phone's boot:
    // a phase of the phone's own. It re-creates the other apps' fetches too.
    let onlyOtherAppsFetch = !app.configuration.usesLegacyFetch && otherApps.hasLegacyFetch
    if onlyOtherAppsFetch { timer.fetchDraws = RandomStream(key: timer.latency.key ^ 0x6665_7463) }
    if app.configuration.usesLegacyFetch || onlyOtherAppsFetch {
      let period = parameters.legacyFetchRanking.periodSeconds
      loop.schedule(
        at: loop.now + .seconds(max(0.001, period * timer.fetchStream.uniform())),
        target: target, kind: Tick.fetchTimer.rawValue)
    }
    scheduleOtherAppPush(loop: &loop)
  }

  public mutating func handle(
    _ event: Event, app: some LaunchableApp, device: some DeviceConditions, loop: inout EventLoop
  ) {
    switch Tick(rawValue: event.kind) {
    case .timer:
      loop.schedule(
        inSlot: timer.slot, after: timer.nextInterval(parameters), target: timer.target,
        kind: Tick.timer.rawValue)
      evaluate(app: app, device: device, trigger: .timer, loop: &loop)
    case .fetchTimer:
      loop.schedule(
        at: loop.now + timer.nextFetchInterval(parameters.legacyFetchRanking), target: timer.target,
        kind: Tick.fetchTimer.rawValue)
      otherApps.recreateFetches(at: loop.now, spacing: parameters)
      guard app.configuration.usesLegacyFetch else {
        // The timer runs for the other apps' fetch alone: a point for the fetches it made
        // due, not for the app under study's requests nor the other apps' other work.
        if launchesUntil.map({ loop.now < $0 }) ?? true {
          judgeOtherApps(app: app, device: device, now: loop.now, loop: &loop, scope: .fetches)
        }
        return
      }
      observe(
        .fetchTimer(at: loop.now, spacedTo: spacedFromLastLaunch(loop.now, era: app.configuration.era)),
        app: app)
      evaluate(app: app, device: device, trigger: .fetchTimer, loop: &loop)
      armPathTimers(loop: &loop)
    case .otherAppPush:
      // The push is judged as it arrives, by itself; once launches end, no more points.
      otherApps.pushEvent = nil
      guard launchesUntil.map({ loop.now < $0 }) ?? true else { return }
      judgeOtherApps(app: app, device: device, now: loop.now, loop: &loop, scope: .pushArrivals)
      // A phone that takes a push is awake: a timer of the app's that came due while it
      // slept fires now (legacy-fetch.md §5, item 4); the push is no decision point else.
      if otherApps.aPushArrived, timer.missedWhileAsleep {
        evaluate(app: app, device: device, trigger: .otherAppPush, loop: &loop)
      }
      scheduleOtherAppPush(loop: &loop)
    case .due, nil:
      requestDue(app: app, device: device, loop: &loop)
    }
  }

  public mutating func deviceChanged(
    _ change: DeviceChange, app: some LaunchableApp, device: some DeviceConditions, loop: inout EventLoop
  ) {
    herd.observe(change)
    switch change.kind {
    case .appOpened:
      // The owner turned from the other app on screen to this one: it leaves the foreground.
      otherAppLeftForeground(at: change.time)
      usage.appOpens.record(change.time, calendar: calendar)
      if let phase = usage.fetchOpens?.phase {
        usage.fetchOpens?.history.record(change.time - phase, calendar: calendar)
      }
      usage.otherApps.appUnderStudyOpened(at: change.time)
      observe(.appOpened(at: change.time), app: app)
      armPathTimers(loop: &loop)
    case .screenOn:
      usage.deviceUse.record(change.time, calendar: calendar)
      phoneWoke(at: change.time, kind: change.kind, app: app, device: device, loop: &loop)
    case .appClosed:
      usage.otherApps.appUnderStudyClosed(at: change.time)
      observe(.appClosed(at: change.time), app: app)
      armPathTimers(loop: &loop)
    case .boot:
      // dasd starts with the phone: the app's legacy fetch is due from now (legacy-fetch.md
      // §2 (d)); nothing runs until the first unlock.
      observe(.started(at: change.time, appOpenedBefore: false), app: app)
    case .plugged, .unplugged, .screenOff, .network, .batteryLevel, .lowPowerMode, .thermal, .firstUnlock:
      if change.kind == .screenOff { otherAppLeftForeground(at: change.time) }
      evaluate(app: app, device: device, trigger: .device(change.kind), loop: &loop)
    default:
      break
    }
  }

  public mutating func appChanged(
    _ events: AppEvents, app: some LaunchableApp, device: some DeviceConditions, loop: inout EventLoop
  ) {
    var judgeNow = false
    // Fields read in place: `for e in events` would copy each event and retain its strings.
    for i in 0..<events.count {
      switch events[i].kind {
      case .submit:
        judgeNow = true
        if let k = app.pendingRequests.lastIndex(where: { $0.name == events[i].name }) {
          submitted(app.pendingRequests[k], app: app, loop: &loop)
        }
      case .complete, .kill:
        if let run = launches.running.removeValue(forKey: events[i].name) {
          usage.otherApps.fairShare.ran(otherApps.count, from: run.start, to: events[i].time)
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
        judgeNow = true
      default:
        break
      }
    }
    if judgeNow { evaluate(app: app, device: device, trigger: .submit, loop: &loop) }
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
    budgets.energy = max(parameters.energyFloor, budgets.energy - cost)
    usage.otherApps.noteEnergy(cost, by: index, at: now)
  }

  /// A silent push launched at `now`: one more in the device's budget period.
  mutating func countPushLaunch(at now: SimTime) {
    budgets.countPushLaunch(at: now, anchor: usage.appOpens.first)
  }

  /// Silent pushes launched in the 24-hour budget period that holds `now`, counted from
  /// the owner's first open of the app.
  func pushesLaunched(inPeriodOf now: SimTime) -> Int {
    budgets.pushesLaunched(inPeriodOf: now, anchor: usage.appOpens.first)
  }

  /// How fast a background transfer moves on `network` [B/s] (0: no network). Inlined, as
  /// ``cause(of:score:companion:at:)``: out of line, each launch copied the scheduler.
  @inline(__always)
  func transferBytesPerSecond(on network: NetworkKind) -> Double {
    network == .cellular
      ? parameters.transferCellularBytesPerSecond
      : network == .wifi ? parameters.transferWiFiBytesPerSecond : 0
  }

  /// Budgets refill through the day, up to their ceilings; the energy's half-hourly
  /// shares follow the owner's predicted use.
  mutating func refillBudgets(to now: SimTime) {
    // This runs at every decision point: the energy's refill comes once a half hour, and
    // only then are the device-use history and the three figures it reads of the
    // parameters handed over (the whole parameters, about 600 bytes, were copied each time).
    if budgets.energySlotAt <= now {
      budgets.refillEnergy(to: now, .init(parameters), deviceUse: usage.deviceUse, calendar: calendar)
    }
    budgets.refillData(to: now, ceiling: parameters.dataCeiling, perDay: parameters.dataRefillPerDay)
  }

  /// Bytes moved on cellular draw the device's data budget, down to its floor.
  mutating func drawData(_ bytes: Double) { budgets.drawData(bytes, parameters) }
}
