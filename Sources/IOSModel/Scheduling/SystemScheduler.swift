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
/// At each point every eligible activity is judged by every policy: a veto stops it;
/// otherwise the weighted mean of the scores must reach the model's threshold. Vetoes
/// that read state alone stand until that state changes (``StandingVeto``).
///
/// The scheduler learns the owner's habits as it goes: app opens and unlocks, by time
/// of day, over the last 14 days. Budgets refill evenly through the day and are drawn
/// down by each run (energy) and each cellular transfer (data).
public struct SystemScheduler: LaunchDecider {
  /// The policies and the threshold. Changing them drops what was kept from judging
  /// under the old ones (``StandingVeto``, ``OutOfReach``).
  public var model: SchedulingModel {
    didSet {
      standingVeto = nil
      outOfReachMemo = nil
    }
  }
  public var parameters: SchedulerParameters
  public let calendar: SimCalendar
  let jitter: RandomStream
  /// Whether to keep every decision (for `bgsim explain`); off for large runs.
  public var recordDecisions: Bool
  /// No launches from this time on: the end of an experiment's period, after which the
  /// run goes on only for the tasks already running to finish.
  public var launchesUntil: SimTime?
  public private(set) var decisions: [Decision] = []
  /// Decisions made so far (kept or not).
  public private(set) var decisionCount = 0
  /// Decision points whose vetoes stood (``StandingVeto``): counted, not judged again.
  public private(set) var standingVetoPoints = 0
  /// What prompted the most recent launch of each identifier (kept always, for CSV).
  var lastLaunchTrigger = SmallTable<TaskName, DecisionTrigger>()

  /// `mutating` though it changes nothing, as ``LaunchDecider/launchReason(_:)`` says.
  public mutating func launchReason(_ name: TaskName) -> String { lastLaunchTrigger[name]?.text ?? "" }

  var appOpens: UsageHistory
  var deviceUse: UsageHistory
  var energy: Double
  var data: Double
  var budgetsAt: SimTime = .zero
  var lastLaunch = LaunchTimes()
  var runningSince = SmallTable<TaskName, SimTime>()
  var target: UInt32 = 2
  /// The periodic timer's period, from `parameters` at ``start(app:device:target:scheduler:)``.
  var timerPeriod = SimDuration.zero
  /// ``SchedulerParameters/predictionWindowSeconds`` and its duration (NaN: not yet).
  var predictionWindow = (seconds: Double.nan, duration: SimDuration.zero)
  /// Legacy fetch: the current window, once the app has set an interval.
  var fetchWindow: (start: SimTime, end: SimTime)?
  /// Silent pushes received and not yet delivered (the system coalesces them).
  var pendingPushes = 0
  var firstPendingPush: SimTime?
  /// Background transfers waiting: (handed over at, bytes, discretionary).
  var transfers: [(at: SimTime, bytes: Double, discretionary: Bool)] = []
  let pushes: RandomStream
  /// The app's pending requests as activities, kept until the list changes (most
  /// decision points find the same requests as the last one).
  var requestCache: [Activity] = []
  var requestCacheKey: (app: ObjectIdentifier, generation: Int)?
  /// The earliest `earliestBeginDate` among the cached requests [µs]; `Int64.min` for
  /// one without a date, `Int64.max` when there is none.
  var requestsDueAt = Int64.max
  /// Set when every due activity was last vetoed by a policy that reads state alone
  /// (``CompiledPolicy/vetoesOnStateAlone``): while that state, the pending requests and
  /// the set of due requests stay the same, the vetoes stand, and decision points are
  /// counted without judging again (not when decisions are recorded). The outcomes are
  /// those of judging: nothing launches, and no random number is drawn.
  var standingVeto: StandingVeto?
  /// Set when the only due activity was last out of reach (``OutOfReach``).
  var outOfReachMemo: OutOfReach?
  /// The app-open prediction made for the decision point at `at` [µs] by the
  /// out-of-reach check, for judging that point.
  var madePrediction: (at: Int64, probability: Double?)?
  /// Decision points found out of reach by ``OutOfReach`` (judged without the policies).
  public private(set) var outOfReachPoints = 0

  struct StandingVeto: Equatable {
    /// The state the vetoes were judged in.
    var inputs: StateInputs
    /// Decisions at each decision point (the due activities).
    var decisions: Int
    /// When a request not yet due becomes due [µs]; the vetoes may not cover it.
    var until: Int64

    /// Whether the state these vetoes were judged in is still the state now.
    @inline(__always)
    func holds(app: SimulatedApp, device: some DeviceConditions) -> Bool {
      inputs.hold(app: app, device: device)
    }
  }

  /// The older launch paths' activities' names, interned once.
  static let legacyFetchName = TaskName("legacy_fetch")
  static let silentPushName = TaskName("silent_push")
  static let backgroundTransferName = TaskName("background_transfer")
  /// The identifier a discretionary background transfer is handed over with.
  static let discretionaryName = TaskName("discretionary")

  /// The kernel slot of the periodic timer (``Scheduler/schedule(inSlot:at:priority:target:kind:payload:)``):
  /// re-armed every period, it never waits in the queue.
  static let timerSlot = 0

  enum Tick: UInt32 {
    case timer = 200
    case due
    case push
  }

  public init(
    model: SchedulingModel = .ios(), parameters: SchedulerParameters = SchedulerParameters(),
    calendar: SimCalendar,
    stream: RandomStream, recordDecisions: Bool = false
  ) {
    self.model = model
    self.parameters = parameters
    self.calendar = calendar
    jitter = stream
    pushes = RandomStream(key: stream.key ^ 0x7075_7368)  // "push": the server's own stream
    self.recordDecisions = recordDecisions
    appOpens = UsageHistory(days: parameters.historyDays, halfLifeDays: parameters.historyHalfLifeDays)
    deviceUse = UsageHistory(days: parameters.historyDays, halfLifeDays: parameters.historyHalfLifeDays)
    energy = parameters.energyCapacity
    data = parameters.dataCapacity
  }

  public mutating func start(
    app: SimulatedApp, device: some DeviceConditions, target: UInt32, scheduler: inout Scheduler
  ) {
    self.target = target
    budgetsAt = scheduler.now
    timerPeriod = .seconds(parameters.evaluationPeriodSeconds)
    scheduler.schedule(inSlot: Self.timerSlot, after: timerPeriod, target: target, kind: Tick.timer.rawValue)
    schedulePush(after: scheduler.now, app: app, scheduler: &scheduler)
  }

  /// The app's server sends silent pushes as a Poisson process.
  mutating func schedulePush(after time: SimTime, app: SimulatedApp, scheduler: inout Scheduler) {
    let rate = app.configuration.silentPushesPerHour
    guard rate > 0 else { return }
    scheduler.schedule(
      at: time + .seconds(pushes.exponential(mean: 3600 / rate)), target: target, kind: Tick.push.rawValue)
  }

  public mutating func handle(
    _ event: Event, app: SimulatedApp, device: some DeviceConditions, scheduler: inout Scheduler
  ) {
    switch Tick(rawValue: event.kind) {
    case .timer:
      scheduler.schedule(
        inSlot: Self.timerSlot, after: timerPeriod, target: target, kind: Tick.timer.rawValue)
      evaluate(app: app, device: device, trigger: .timer, scheduler: &scheduler)
    case .push:
      pendingPushes += 1
      if firstPendingPush == nil { firstPendingPush = scheduler.now }
      schedulePush(after: scheduler.now, app: app, scheduler: &scheduler)
      evaluate(app: app, device: device, trigger: .push, scheduler: &scheduler)
    default:
      evaluate(app: app, device: device, trigger: .earliestBeginDate, scheduler: &scheduler)
    }
  }

  public mutating func deviceChanged(
    _ change: DeviceChange, app: SimulatedApp, device: some DeviceConditions, scheduler: inout Scheduler
  ) {
    switch change.kind {
    case .appOpened:
      appOpens.record(change.time, calendar: calendar)
      if fetchWindow == nil, let interval = app.configuration.minimumBackgroundFetchIntervalSeconds,
        app.configuration.usesLegacyFetch
      {
        fetchWindow = (change.time + .seconds(interval), change.time + .days(1))
      }
    case .screenOn:
      deviceUse.record(change.time, calendar: calendar)
    case .plugged, .unplugged, .screenOff, .network, .batteryLevel, .lowPowerMode, .thermal, .boot:
      evaluate(app: app, device: device, trigger: .device(change.kind), scheduler: &scheduler)
    default:
      break
    }
  }

  public mutating func appChanged(
    _ events: borrowing Outbox<AppEvent>, app: SimulatedApp, device: some DeviceConditions,
    scheduler: inout Scheduler
  ) {
    var submitted = false
    // Fields read in place: `for e in events` would copy each event and retain its strings.
    for i in 0..<events.count {
      switch events[i].kind {
      case .submit:
        submitted = true
        if let k = app.taskScheduler.pending.lastIndex(where: { $0.name == events[i].name }),
          let earliest = app.taskScheduler.pending[k].earliestBeginDate, earliest > scheduler.now
        {
          scheduler.schedule(at: earliest, target: target, kind: Tick.due.rawValue)
        }
      case .complete, .kill:
        if let start = runningSince.removeValue(forKey: events[i].name) {
          refillBudgets(to: scheduler.now)
          energy -= (events[i].time - start).seconds / 3600 * parameters.backgroundPowerWatts * 1000
        }
      case .network:
        refillBudgets(to: scheduler.now)
        if device.network == .cellular { data -= events[i].value ?? 0 }
      case .transfer:
        transfers.append((events[i].time, events[i].value ?? 0, events[i].name == Self.discretionaryName))
        submitted = true
      default:
        break
      }
    }
    if submitted { evaluate(app: app, device: device, trigger: .submit, scheduler: &scheduler) }
  }

  /// Budgets refill evenly through the day, up to their size.
  @inline(__always)
  mutating func refillBudgets(to now: SimTime) {
    // Full budgets stay full (min(size, size + refill) is the size): skip the divisions,
    // and the call (this runs at every decision point).
    if energy == parameters.energyCapacity, data == parameters.dataCapacity {
      budgetsAt = now
      return
    }
    refillPartBudgets(to: now)
  }

  /// ``refillBudgets(to:)`` when a budget is not full.
  @inline(never)
  mutating func refillPartBudgets(to now: SimTime) {
    let days = (now - budgetsAt).seconds / 86_400
    guard days > 0 else { return }
    energy = min(parameters.energyCapacity, energy + days * parameters.energyRefillPerDay)
    data = min(parameters.dataCapacity, data + days * parameters.dataRefillPerDay)
    budgetsAt = now
  }

  /// Rebuilds the cached request activities if the app's pending list changed.
  mutating func refreshRequestCache(_ app: SimulatedApp) {
    let key = (ObjectIdentifier(app), app.taskScheduler.pendingGeneration)
    if let cached = requestCacheKey, cached.app == key.0, cached.generation == key.1 { return }
    fillRequestCache(app)
    requestCacheKey = key
    requestsDueAt = Int64.max
    for a in requestCache { requestsDueAt = min(requestsDueAt, a.earliest?.microseconds ?? Int64.min) }
  }

  /// Whether any activity could run now, checked without building the activity list
  /// (most decision points find nothing due). Call after ``refreshRequestCache(_:)``.
  /// `mutating` though it changes nothing: called from the scheduler's mutating code, a
  /// non-mutating method of this large struct (704 bytes) is handed a copy of it.
  mutating func anythingDue(_ app: SimulatedApp, now: SimTime) -> Bool {
    if requestsDueAt <= now.microseconds { return true }
    if let window = fetchWindow, app.configuration.usesLegacyFetch, appOpens.total > 0, window.start <= now {
      return true
    }
    return pendingPushes > 0 || !transfers.isEmpty
  }

  /// The older paths' work (legacy fetch, silent pushes, background transfers) as
  /// activities, to be judged after the app's requests (``requestCache``). Usually
  /// empty, which costs nothing.
  /// `mutating` though it changes nothing: called from the scheduler's mutating code, a
  /// non-mutating method of this large struct (704 bytes) is handed a copy of it.
  mutating func otherActivities(_ app: SimulatedApp) -> [Activity] {
    var list: [Activity] = []
    // Legacy fetch, for an app among the owner's recent apps (top 50 by use, here: opened
    // within the history), in its window.
    if let window = fetchWindow, app.configuration.usesLegacyFetch, appOpens.total > 0 {
      var a = Activity(
        kind: .legacyFetch, name: Self.legacyFetchName, priority: .utility, submittedAt: window.start)
      a.earliest = window.start
      a.windowEnd = window.end
      list.append(a)
    }
    if pendingPushes > 0, let first = firstPendingPush {
      list.append(
        Activity(kind: .silentPush, name: Self.silentPushName, priority: .utility, submittedAt: first))
    }
    if let t = transfers.first {
      var a = Activity(
        kind: .backgroundTransfer, name: Self.backgroundTransferName,
        priority: t.discretionary ? .maintenance : .utility, submittedAt: t.at)
      a.discretionary = t.discretionary
      a.expectedBytes = t.bytes
      list.append(a)
    }
    return list
  }

  /// Refills ``requestCache`` with the app's pending BGTaskScheduler requests as
  /// activities, in the cache's own storage (a fresh array each time cost an allocation
  /// and a release per change of the pending list).
  mutating func fillRequestCache(_ app: SimulatedApp) {
    requestCache.removeAllOfShortList()
    // Fields read in place: copying an entry would retain its request's box.
    let pending = app.taskScheduler.pending
    for i in pending.indices {
      switch pending[i].kind {
      case .refresh:
        var a = Activity(
          kind: .refresh, name: pending[i].name, priority: .utility, submittedAt: pending[i].submittedAt)
        a.earliest = pending[i].earliestBeginDate
        requestCache.append(a)
      case .processing:
        var a = Activity(
          kind: .processing, name: pending[i].name, priority: .maintenance,
          submittedAt: pending[i].submittedAt)
        a.earliest = pending[i].earliestBeginDate
        a.requiresNetwork = pending[i].requiresNetworkConnectivity
        a.requiresExternalPower = pending[i].requiresExternalPower
        requestCache.append(a)
      case .continuedProcessing:
        break
      }
    }
  }

  /// What the policies see at `now`: the device, the app, the budgets (predictions are
  /// filled in later, by ``predictAppOpen(_:)`` and ``predictDeviceUse(_:)``, only when a
  /// policy needs them).
  /// `mutating` though it changes nothing: called from the scheduler's mutating code, a
  /// non-mutating method of this large struct (704 bytes) is handed a copy of it.
  mutating func context(app: SimulatedApp, device: some DeviceConditions, now: SimTime) -> PolicyContext {
    var c = PolicyContext(
      now: now, batteryPercent: device.batteryPercent(at: now), isPluggedIn: device.isPluggedIn,
      isInUse: device.isInUse, idleSeconds: device.idleSeconds(at: now), network: device.network,
      isLowPowerMode: device.isLowPowerMode, thermal: device.thermalState, isPoweredOn: device.isPoweredOn,
      appState: app.state, backgroundAppRefresh: app.configuration.backgroundAppRefresh,
      isForceQuitFlagged: app.isForceQuitFlagged, appOpenProbability: nil, deviceUseProbability: 0,
      daysSinceAppOpened: appOpens.daysSinceLast(now), energyBudget: energy,
      energyCapacity: parameters.energyCapacity, dataBudget: data, lastLaunch: lastLaunch,
      runningTasks: app.runningCount, overruns: app.overruns)
    c.explain = recordDecisions
    return c
  }

  /// The app-open prediction, ~7.5 min ahead with jitter (the predictions' one random
  /// draw). The predictions are the costly part of a context: each is made only when a
  /// policy will read it.
  mutating func predictAppOpen(_ c: inout PolicyContext) {
    // Made already for this decision point by the out-of-reach check (``OutOfReach``).
    if let made = madePrediction, made.at == c.now.microseconds {
      madePrediction = nil
      c.appOpenProbability = made.probability
      return
    }
    c.appOpenProbability = appOpenProbability(now: c.now)
  }

  /// The app-open prediction at `now` (nil without any open in the history), with its
  /// random draw.
  @inline(__always)
  mutating func appOpenProbability(now: SimTime) -> Double? {
    appOpenProbability(now: now, lookAhead: appOpenLookAhead())
  }

  /// The app-open prediction's random draw: how far ahead it looks [s].
  @inline(__always)
  mutating func appOpenLookAhead() -> Double {
    parameters.appLookAheadSeconds + jitter.uniform() * parameters.appJitterSeconds
  }

  /// The app-open prediction at `now` for a drawn look-ahead [s] (nil without any open in
  /// the history).
  @inline(__always)
  mutating func appOpenProbability(now: SimTime, lookAhead: Double) -> Double? {
    let window = predictionWindowDuration()
    guard appOpens.total > 0 else { return nil }
    return appOpens.probability(from: now + .seconds(lookAhead), length: window, now: now, calendar: calendar)
  }

  /// ``predictAppOpen(_:)`` for a point where the prediction may never be read: only the
  /// application policy reads it, and it does not judge processing. The random draw is
  /// made now, as judging makes it, and its look-ahead [s] returned for the prediction to
  /// be made from when an activity needs it (nil when it is made already).
  mutating func drawAppOpenPrediction(_ c: inout PolicyContext) -> Double? {
    if let made = madePrediction, made.at == c.now.microseconds {
      madePrediction = nil
      c.appOpenProbability = made.probability
      return nil
    }
    return appOpenLookAhead()
  }

  /// The prediction window as a duration, converted once per value of the parameter
  /// (the conversion, a rounding, was a sizeable share of each prediction).
  mutating func predictionWindowDuration() -> SimDuration {
    if predictionWindow.seconds != parameters.predictionWindowSeconds {
      predictionWindow = (
        parameters.predictionWindowSeconds, SimDuration(seconds: parameters.predictionWindowSeconds)
      )
    }
    return predictionWindow.duration
  }

  /// The device-use prediction for the next window (no random draw).
  mutating func predictDeviceUse(_ c: inout PolicyContext) {
    let window = predictionWindowDuration()
    c.deviceUseProbability = deviceUse.probability(
      from: c.now, length: window, now: c.now, calendar: calendar)
  }

  /// An older-path activity ran: open the next fetch window, clear delivered pushes,
  /// charge a transfer's bytes.
  mutating func consumed(_ activity: Activity, app: SimulatedApp, device: some DeviceConditions, now: SimTime)
  {
    switch activity.kind {
    case .legacyFetch:
      let every = SimDuration(seconds: app.configuration.minimumBackgroundFetchIntervalSeconds ?? 0)
      fetchWindow = (now + every, now + .days(1))
    case .silentPush:
      pendingPushes = 0
      firstPendingPush = nil
    case .backgroundTransfer:
      if device.network == .cellular { data -= activity.expectedBytes }
      if !transfers.isEmpty { transfers.removeFirst() }
    default:
      break
    }
  }

  /// The `ios` model's standard policies, when it has them (check before reading).
  var standard: StandardPolicies {
    @inline(__always) get { model.compiled.standard.unsafelyUnwrapped }
  }

  /// Judges every eligible activity and launches those that pass.
  public mutating func evaluate(
    app: SimulatedApp, device: some DeviceConditions, trigger: DecisionTrigger, scheduler: inout Scheduler
  ) {
    let now = scheduler.now
    if let end = launchesUntil, now >= end { return }
    refreshRequestCache(app)
    guard anythingDue(app, now: now) else { return }
    // Most remaining points find their vetoes standing: counted here, in a small
    // function, without entering the judging one (whose large frame each call set up).
    if let standing = standingVeto, !recordDecisions, fetchWindow == nil, pendingPushes == 0,
      transfers.isEmpty, now.microseconds < standing.until, standing.holds(app: app, device: device)
    {
      decisionCount += standing.decisions
      standingVetoPoints += 1
      refillBudgets(to: now)
      return
    }
    // Most of the refresh arm's points find the same state as the last one, which was
    // out of reach: only the prediction is new. Made here, then judged as judgeDue
    // would (which uses the same prediction when it is still in reach).
    if let memo = outOfReachMemo, !recordDecisions, fetchWindow == nil, pendingPushes == 0, transfers.isEmpty,
      memo.holds(app: app, device: device, now: now)
    {
      standingVeto = nil
      refillBudgets(to: now)
      let p = appOpenProbability(now: now)
      // No open predicted (most points): the answer was decided when the memo was made.
      if let p,
        p == 0
          ? memo.outOfReachWithoutOpens
          : standard.cannotReach(
            model.threshold, memo.activity, isForeground: app.state.isForeground, appOpenProbability: p,
            from: memo.atBest)
      {
        decisionCount += 1
        outOfReachPoints += 1
        return
      }
      madePrediction = (now.microseconds, p)
    }
    judgeDue(app: app, device: device, trigger: trigger, now: now, scheduler: &scheduler)
  }

  /// The rest of ``evaluate(app:device:trigger:scheduler:)``: judging the due activities.
  @inline(never)
  mutating func judgeDue(
    app: SimulatedApp, device: some DeviceConditions, trigger: DecisionTrigger, now: SimTime,
    scheduler: inout Scheduler
  ) {
    // The app's requests (read from the cache one by one: copying the array would retain
    // it), then the older paths' work.
    // Usually there is no older-path work: its list is not built then (nil, not an empty
    // array, which would still be released at the end of every decision point).
    let others: [Activity]? =
      fetchWindow == nil && pendingPushes == 0 && transfers.isEmpty ? nil : otherActivities(app)
    let otherCount = others?.count ?? 0
    let requests = requestCache.count
    // No legacy fetch, silent push or background transfer besides the app's requests.
    let requestsOnly = otherCount == 0
    if let standing = standingVeto, !recordDecisions, requestsOnly, now.microseconds < standing.until,
      standing.holds(app: app, device: device)
    {
      decisionCount += standing.decisions
      standingVetoPoints += 1
      refillBudgets(to: now)
      return
    }
    standingVeto = nil
    outOfReachMemo = nil
    // The only activity's pre-prediction tally at best, when it was out of reach.
    var outOfReachTally: ScoreTally?
    var stateVetoes = 0
    var judged = 0
    var notYetDue = Int64.max
    refillBudgets(to: now)
    var c = context(app: app, device: device, now: now)
    var predicted = false
    // The app-open prediction's look-ahead [s], drawn and not yet turned into a prediction.
    var lookAheadToPredict: Double?
    var deviceUsePredicted = false
    let split = model.predictionsNeededAt
    let count = model.policies.count
    for k in 0..<(requests + otherCount) {
      let activity = k < requests ? requestCache[k] : others.unsafelyUnwrapped[k - requests]
      if let earliest = activity.earliest, earliest > now {
        notYetDue = min(notYetDue, earliest.microseconds)
        continue
      }
      judged += 1
      // Kept only when recording (nil otherwise: even an empty array is released at the
      // end of each activity's turn).
      var verdicts: [PolicyVerdict]?
      if recordDecisions {
        verdicts = []
        verdicts?.reserveCapacity(count)
      }
      let recording = recordDecisions
      // The policies before the first that reads the usage predictions, then (unless one
      // vetoed) the predictions, once per decision point, then the rest.
      var tally = ScoreTally()
      var vetoIndex: Int?
      // Set when the score cannot reach the threshold whatever the later policies answer.
      var outOfReach = false
      // The standard policies are read in place (`standard`), not bound to a local: a
      // local copy of their thirty parameters was loaded and spilled at every judged
      // decision point.
      if !recording, model.compiled.standard != nil {
        let first = standard.vetoBeforePredictions(activity, c)
        vetoIndex = first.veto
        if vetoIndex == nil {
          if !predicted {
            // A processing activity does not read the prediction: the draw now, the
            // prediction when an activity that does comes next.
            if activity.launchesApp {
              predictAppOpen(&c)
            } else {
              lookAheadToPredict = drawAppOpenPrediction(&c)
            }
            predicted = true
          } else if activity.launchesApp, let lookAhead = lookAheadToPredict {
            c.appOpenProbability = appOpenProbability(now: now, lookAhead: lookAhead)
            lookAheadToPredict = nil
          }
          // Most refresh decision points find no open predicted (the application
          // policy's weight then keeps the mean below the threshold): the battery's
          // score, the device-use prediction and the later policies would change
          // nothing but the name of a veto, which only `bgsim explain` (the general
          // loop below) shows.
          let atBest = standard.tallyAtBestBeforePredictions(activity, thermal: first.thermal)
          outOfReach = standard.cannotReach(model.threshold, activity, c, from: atBest)
          if outOfReach { outOfReachTally = atBest }
          if !outOfReach {
            tally = standard.tallyBeforePredictions(activity, c, thermal: first.thermal)
            if !deviceUsePredicted {
              predictDeviceUse(&c)
              deviceUsePredicted = true
            }
            vetoIndex = standard.judgeAfterPredictions(activity, c, into: &tally)
          }
        }
      } else {
        vetoIndex = model.judgeIndex(
          activity, c, policies: 0..<split, into: &tally, recording: recording,
          record: { verdicts?.append($0) })
        if vetoIndex == nil, split < count {
          if !predicted {
            predictAppOpen(&c)
            predicted = true
          }
          if !deviceUsePredicted {
            predictDeviceUse(&c)
            deviceUsePredicted = true
          }
          vetoIndex = model.judgeIndex(
            activity, c, policies: split..<count, into: &tally, recording: recording,
            record: { verdicts?.append($0) }
          )
        }
      }
      if let i = vetoIndex, model.compiled.policies[i].vetoesOnStateAlone { stateVetoes += 1 }
      decisionCount += 1
      // The outcome is spelt out (the vetoing policy's name) only for a kept decision,
      // and made only then: a value holding text costs a release when it goes.
      func keep(_ outcome: Decision.Outcome) {
        decisions.append(
          Decision(
            time: now, activity: activity, trigger: trigger.text, verdicts: verdicts ?? [],
            total: vetoIndex == nil ? tally.mean : nil,
            threshold: model.threshold, outcome: outcome))
      }
      if let i = vetoIndex {
        if recording { keep(.vetoed(policy: model.compiled.policies[i].name(others: model.compiled.others))) }
      } else if !outOfReach, tally.mean + 1e-12 >= model.threshold {
        let result: LaunchResult
        switch activity.kind {
        case .refresh, .processing:
          result = app.launch(name: activity.name, scheduler: &scheduler)
        case .legacyFetch, .silentPush, .backgroundTransfer:
          result = app.launchSystemPath(activity.kind.rawValue, scheduler: &scheduler)
          if case .launched = result { consumed(activity, app: app, device: device, now: now) }
        }
        switch result {
        case .launched:
          lastLaunch[activity.kind] = now
          lastLaunchTrigger[activity.name] = trigger
          runningSince[activity.name] = now
          c.runningTasks = app.runningCount
          c.lastLaunch = lastLaunch
          if recording { keep(.launched) }
        case .refused(let reason): if recording { keep(.refused(reason: reason)) }
        case .notPending: if recording { keep(.refused(reason: "not_pending")) }
        }
      } else if recording {
        keep(.belowThreshold)
      }
    }
    // Not after predictions were made (they draw a random number) nor with a policy of
    // the researcher's own (it might hold state of its own).
    if requestsOnly, judged > 0, stateVetoes == judged, !predicted, model.compiled.others.isEmpty {
      standingVeto = StandingVeto(
        inputs: StateInputs(app: app, device: device), decisions: judged, until: notYetDue)
    }
    madePrediction = nil
    if requestsOnly, requests == 1, judged == 1, let atBest = outOfReachTally, model.compiled.others.isEmpty {
      outOfReachMemo = OutOfReach(
        activity: requestCache[0], atBest: atBest, app: app, device: device, standard: standard,
        threshold: model.threshold)
    }
  }

}
