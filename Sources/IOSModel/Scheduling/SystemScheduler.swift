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
/// otherwise the weighted mean of the scores must reach the model's threshold.
///
/// The scheduler learns the owner's habits as it goes: app opens and unlocks, by time
/// of day, over the last 14 days. Budgets refill evenly through the day and are drawn
/// down by each run (energy) and each cellular transfer (data).
public struct SystemScheduler: LaunchDecider {
  public var model: SchedulingModel
  public var parameters: SchedulerParameters
  public let calendar: SimCalendar
  let jitter: RandomStream
  /// Whether to keep every decision (for `bgsim explain`); off for large runs.
  public var recordDecisions: Bool
  public private(set) var decisions: [Decision] = []
  /// Decisions made so far (kept or not).
  public private(set) var decisionCount = 0

  var appOpens: UsageHistory
  var deviceUse: UsageHistory
  var energy: Double
  var data: Double
  var budgetsAt: SimTime = .zero
  var lastLaunch: [Activity.Kind: SimTime] = [:]
  var runningSince: [String: (SimTime, Activity.Kind)] = [:]
  var target: UInt32 = 2

  enum Tick: UInt32 {
    case timer = 200
    case due
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
    scheduler.schedule(
      after: .seconds(parameters.evaluationPeriodSeconds), target: target, kind: Tick.timer.rawValue)
  }

  public mutating func handle(
    _ event: Event, app: SimulatedApp, device: some DeviceConditions, scheduler: inout Scheduler
  ) {
    if event.kind == Tick.timer.rawValue {
      scheduler.schedule(
        after: .seconds(parameters.evaluationPeriodSeconds), target: target, kind: Tick.timer.rawValue)
      evaluate(app: app, device: device, trigger: "timer", scheduler: &scheduler)
    } else {
      evaluate(app: app, device: device, trigger: "earliest_begin_date", scheduler: &scheduler)
    }
  }

  public mutating func deviceChanged(
    _ change: DeviceChange, app: SimulatedApp, device: some DeviceConditions, scheduler: inout Scheduler
  ) {
    switch change.kind {
    case .appOpened:
      appOpens.record(change.time, calendar: calendar)
    case .screenOn:
      deviceUse.record(change.time, calendar: calendar)
    case .plugged, .unplugged, .screenOff, .network, .batteryLevel, .lowPowerMode, .thermal, .boot:
      evaluate(app: app, device: device, trigger: change.kind.rawValue, scheduler: &scheduler)
    default:
      break
    }
  }

  public mutating func appChanged(
    _ events: ArraySlice<AppEvent>, app: SimulatedApp, device: some DeviceConditions,
    scheduler: inout Scheduler
  ) {
    var submitted = false
    for e in events {
      switch e.kind {
      case .submit:
        submitted = true
        if let pending = app.taskScheduler.pending.last(where: { $0.request.identifier == e.identifier }),
          let earliest = pending.request.earliestBeginDate, earliest > scheduler.now
        {
          scheduler.schedule(at: earliest, target: target, kind: Tick.due.rawValue)
        }
      case .complete, .kill:
        if let (start, _) = runningSince.removeValue(forKey: e.identifier) {
          refillBudgets(to: scheduler.now)
          energy -= (e.time - start).seconds / 3600 * parameters.backgroundPowerWatts * 1000
        }
      case .network:
        refillBudgets(to: scheduler.now)
        if device.network == .cellular { data -= Double(e.detail) ?? 0 }
      default:
        break
      }
    }
    if submitted { evaluate(app: app, device: device, trigger: "submit", scheduler: &scheduler) }
  }

  /// Budgets refill evenly through the day, up to their size.
  mutating func refillBudgets(to now: SimTime) {
    let days = (now - budgetsAt).seconds / 86_400
    guard days > 0 else { return }
    energy = min(parameters.energyCapacity, energy + days * parameters.energyRefillPerDay)
    data = min(parameters.dataCapacity, data + days * parameters.dataRefillPerDay)
    budgetsAt = now
  }

  /// The app's pending requests as activities.
  func activities(_ app: SimulatedApp) -> [Activity] {
    app.taskScheduler.pending.compactMap { entry in
      let r = entry.request
      switch r.kind {
      case .refresh:
        var a = Activity(
          kind: .refresh, identifier: r.identifier, priority: .utility, submittedAt: entry.submittedAt)
        a.earliest = r.earliestBeginDate
        return a
      case .processing:
        var a = Activity(
          kind: .processing, identifier: r.identifier, priority: .maintenance, submittedAt: entry.submittedAt)
        a.earliest = r.earliestBeginDate
        if let p = r as? BGProcessingTaskRequest {
          a.requiresNetwork = p.requiresNetworkConnectivity
          a.requiresExternalPower = p.requiresExternalPower
        }
        return a
      case .continuedProcessing:
        return nil
      }
    }
  }

  func context(app: SimulatedApp, device: some DeviceConditions, now: SimTime) -> PolicyContext {
    let window = SimDuration(seconds: parameters.predictionWindowSeconds)
    let lookAhead = parameters.appLookAheadSeconds + jitter.uniform() * parameters.appJitterSeconds
    var appP: Double?
    if appOpens.total > 0 {
      let expected = appOpens.expectedEvents(
        from: now + .seconds(lookAhead), length: window, now: now, calendar: calendar)
      appP = 1 - exp(-expected)
    }
    let use = 1 - exp(-deviceUse.expectedEvents(from: now, length: window, now: now, calendar: calendar))
    var c = PolicyContext(
      now: now, batteryPercent: device.batteryPercent(at: now), isPluggedIn: device.isPluggedIn,
      isInUse: device.isInUse, idleSeconds: device.idleSeconds(at: now), network: device.network,
      isLowPowerMode: device.isLowPowerMode, thermal: device.thermalState, isPoweredOn: device.isPoweredOn,
      appState: app.state, backgroundAppRefresh: app.configuration.backgroundAppRefresh,
      isForceQuitFlagged: app.isForceQuitFlagged, appOpenProbability: appP, deviceUseProbability: use,
      daysSinceAppOpened: appOpens.daysSinceLast(now), energyBudget: energy,
      energyCapacity: parameters.energyCapacity, dataBudget: data, lastLaunch: lastLaunch,
      runningTasks: app.running.count, overruns: app.overruns)
    c.explain = recordDecisions
    return c
  }

  /// Judges every eligible activity and launches those that pass.
  public mutating func evaluate(
    app: SimulatedApp, device: some DeviceConditions, trigger: String, scheduler: inout Scheduler
  ) {
    let now = scheduler.now
    let pending = activities(app)
    guard !pending.isEmpty else { return }
    refillBudgets(to: now)
    var c = context(app: app, device: device, now: now)
    for activity in pending {
      if let earliest = activity.earliest, earliest > now { continue }
      var verdicts: [PolicyVerdict] = []
      if recordDecisions { verdicts.reserveCapacity(model.policies.count) }
      var vetoedBy: String?
      var weighted = 0.0
      var weights = 0.0
      for policy in model.policies {
        let v = policy.evaluate(activity, c)
        if recordDecisions { verdicts.append(v) }
        switch v.outcome {
        case .veto:
          vetoedBy = v.policy
        case .score(let s, let w):
          weighted += s * w
          weights += w
        case .notApplicable:
          break
        }
        if vetoedBy != nil { break }
      }
      decisionCount += 1
      let total: Double? = vetoedBy == nil ? (weights > 0 ? weighted / weights : 1) : nil
      var outcome: Decision.Outcome
      if let vetoedBy {
        outcome = .vetoed(policy: vetoedBy)
      } else if total! + 1e-12 >= model.threshold {
        switch app.launch(identifier: activity.identifier, scheduler: &scheduler) {
        case .launched:
          outcome = .launched
          lastLaunch[activity.kind] = now
          runningSince[activity.identifier] = (now, activity.kind)
          c.runningTasks = app.running.count
          c.lastLaunch = lastLaunch
        case .refused(let reason): outcome = .refused(reason: reason)
        case .notPending: outcome = .refused(reason: "not_pending")
        }
      } else {
        outcome = .belowThreshold
      }
      if recordDecisions {
        decisions.append(
          Decision(
            time: now, activity: activity, trigger: trigger, verdicts: verdicts, total: total,
            threshold: model.threshold, outcome: outcome))
      }
    }
  }
}
