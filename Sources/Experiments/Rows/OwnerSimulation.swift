import DeviceModel
import FileFormats
import IOSModel
import PhoneAssembly
import Randomness
import Results
import SimKernel

/// Simulates one owner (cell, replication, device) in one arm and writes its rows.
/// Every arm of a cell sees the same owner: the device's streams depend only on
/// (seed, replication, device), not on the arm.
package enum OwnerSimulation {
  /// Owners whose whole day is kept for the report's "day in the life": the first two
  /// owners of each cell, replication 0, on day 1 (day 0 for one-day runs), so that the
  /// report can detail any cell.
  static func keepsTimeline(_ spec: ExperimentSpec, cell: Int, replication: Int, owner: Int) -> Int? {
    replication == 0 && owner < 2 ? min(1, spec.days - 1) : nil
  }

  /// Owner `owner` of `replication` with `arm`'s tasks: the same phone for `run`,
  /// `bgsim explain` and launch logs.
  package static func recipe(
    _ spec: ExperimentSpec, replication: Int, owner: Int, arm: ExperimentSpec.Arm, recordDecisions: Bool,
    usage: UsageDraws? = nil
  ) -> PhoneRecipe {
    let calendar = SimCalendar(startDate: spec.startDate)
    let streams = RandomStreams(seed: spec.seed, replication: replication)
    var persona = spec.personas[0].persona
    if spec.personas.count > 1 {
      let choice = Categorical(weights: spec.personas.map(\.weight))
      persona = spec.personas[choice.index(streams.stream("device/\(owner)/persona"))].persona
    }
    var appSpec = spec.app
    appSpec.tasks = arm.tasks
    appSpec.backgroundTime = arm.backgroundTime
    // The run goes on 15 minutes past the last day so that running tasks can finish;
    // nothing new starts then.
    return PhoneRecipe(
      persona: persona, app: appSpec, scheduler: spec.scheduler, timeline: spec.timeline, trace: spec.trace,
      calendar: calendar,
      streams: streams, owner: owner, usageDraws: usage, recordDecisions: recordDecisions,
      launchesUntil: calendar.startOfDay(spec.days), otherApps: spec.otherApps,
      installedDaysBefore: spec.installedDaysBefore)
  }

  /// Returns the kernel events handled. Rows are written into `rows` as they settle;
  /// `drain` is called with them after each simulated day, to pass them on.
  /// `usage`, shared by the owner's arms, keeps the owner's usage draws for the next arm.
  /// `summary` is given what the owner's rows give the summary, once they are all written.
  static func run(
    _ spec: ExperimentSpec, cell: Int, replication: Int, owner: Int, arm: ExperimentSpec.Arm,
    usage: UsageDraws? = nil,
    rows: inout RowBuffers, drain: (inout RowBuffers) -> Void = { _ in },
    summary: (OwnerSummary) -> Void = { _ in }
  ) -> Int64 {
    let timelineDay = keepsTimeline(spec, cell: cell, replication: replication, owner: owner)
    let recipe = recipe(
      spec, replication: replication, owner: owner, arm: arm, recordDecisions: false, usage: usage)
    var sim = recipe.assemble()
    sim.logFilter = timelineDay == nil ? OwnerAccounting.reads : .everything
    sim.recordsOtherAppRuns = timelineDay != nil
    let bundle = spec.app.configuration.bundleIdentifier
    let calendar = recipe.calendar
    var kernel = EventLoop()
    sim.start(loop: &kernel)
    var accounting = OwnerAccounting(
      calendar: calendar, days: spec.days, warmupDays: spec.warmupDays,
      backgroundPowerWatts: spec.scheduler.parameters.backgroundPowerWatts, app: bundle)
    let end = calendar.startOfDay(spec.days)
    let prefix = RowPrefix.text(
      cell: cell, sweepFields: spec.sweepFields(cell: cell), arm: arm.name, replication: replication,
      owner: owner)
    // The other apps' totals at the end of the warm-up.
    var warmupTotals: [OtherAppTotal] = []
    var otherDays =
      spec.otherAppDays && !spec.otherApps.isEmpty
      ? OtherAppDays(start: spec.startDate, days: spec.days, warmupDays: spec.warmupDays) : nil
    // Each day, then 15 minutes more so that tasks launched before the end can finish.
    for day in 1...spec.days + 1 {
      let bound = day <= spec.days ? calendar.startOfDay(day) : end + .minutes(15)
      if let t = timelineDay, t == day - 1 {
        writeState(sim.device, at: calendar.startOfDay(t), day: t, prefix: prefix, into: &rows[.timelines])
      }
      kernel.run(until: bound, handler: &sim)
      accounting.recorder.snapshots += sim.launchSnapshots
      sim.launchSnapshots.removeAll(keepingCapacity: true)
      merge(sim.deviceLog, sim.appLog, into: &accounting)
      if let t = timelineDay, t == day - 1 {
        writeTimeline(
          sim.deviceLog, sim.appLog, app: bundle,
          others: TimelineRow.otherApps(
            sim.otherAppRuns.map { ($0.bundle, $0.kind.rawValue, $0.start, $0.end) },
            from: calendar.startOfDay(t), to: bound), day: t,
          prefix: prefix, into: &rows[.timelines])
      }
      sim.deviceLog.removeAll(keepingCapacity: true)
      sim.appLog.removeAll(keepingCapacity: true)
      if accounting.recorder.nextSnapshot > 1024 {
        accounting.recorder.snapshots.removeFirst(accounting.recorder.nextSnapshot)
        accounting.recorder.nextSnapshot = 0
      }
      // other_apps.csv counts the days after the warm-up.
      if day == spec.warmupDays, !spec.otherApps.isEmpty { warmupTotals = sim.otherAppTotals }
      // The last day's other-app rows also take the 15 minutes after it.
      if day != spec.days, otherDays != nil {
        let totals = sim.otherAppTotals.map {
          ($0.bundle, $0.opens, $0.launches, $0.suspended, $0.energyMWh, $0.batteryEnergyMWh)
        }
        otherDays?.close(day - 1, totals, prefix: prefix, into: &rows[.otherAppDays])
      }
      if day <= spec.days {
        // A day's row is final once the next day has begun: later task ends count on
        // their own day (or, after the last day, on the last).
        accounting.writeSettled(prefix: prefix, into: &rows, before: day - 1, startDate: spec.startDate)
        drain(&rows)
      }
    }
    accounting.write(prefix: prefix, into: &rows, end: end, startDate: spec.startDate)
    for (k, a) in sim.otherAppTotals.enumerated() {
      let w = warmupTotals.indices.contains(k) ? warmupTotals[k] : nil
      OtherAppRow(
        app: a.bundle, work: a.work, rank: a.rank, days: spec.days - spec.warmupDays,
        opens: a.opens - (w?.opens ?? 0), launches: a.launches - (w?.launches ?? 0),
        suspended: a.suspended - (w?.suspended ?? 0), energyMWh: a.energyMWh - (w?.energyMWh ?? 0),
        batteryEnergyMWh: a.batteryEnergyMWh - (w?.batteryEnergyMWh ?? 0)
      ).write(prefix: prefix, into: &rows[.otherApps])
    }
    summary(accounting.summary)
    usage?.keep(sim.device)
    return kernel.eventsProcessed
  }

  /// The device's state at `time` (the start of the recorded day), one `state` row per
  /// quantity: the charger, the network, the screen, the app in the foreground, Low Power
  /// Mode, the thermal state and the battery level, each with the battery level. With
  /// them the day can be drawn alone: no state is inferred from the day's first change.
  static func writeState(
    _ device: SimulatedDevice, at time: SimTime, day: Int, prefix: String, into out: inout CSVBuffer
  ) {
    let battery = device.batteryPercent(at: time)
    let onOff = { (on: Bool) in on ? "on" : "off" }
    let states: [(TimelineRow.StateKind, String)] = [
      (.charger, device.isPluggedIn ? "plugged" : "unplugged"), (.network, device.network.rawValue),
      (.screen, onOff(device.isScreenOn)), (.app, device.isAppInForeground ? "open" : "closed"),
      (.lowPowerMode, onOff(device.isLowPowerMode)), (.thermal, device.thermalState.description),
      (.battery, CSVNumber.format(battery, digits: 1)),
    ]
    for (kind, value) in states {
      TimelineRow(
        day: day, time: time, source: .state, event: kind.rawValue, value: value, batteryPercent: battery
      ).write(prefix: prefix, into: &out)
    }
  }

  /// One day of one owner, device changes, the app under study's events (`app` its
  /// bundle) and the other apps' launches and run ends (`others`), in time order: at
  /// equal times the other apps' rows come last.
  static func writeTimeline(
    _ device: [DeviceChange], _ app: [AppEvent], app bundle: String, others: [TimelineRow] = [], day: Int,
    prefix: String, into out: inout CSVBuffer
  ) {
    var next = 0
    func flush(before time: SimTime?) {
      while next < others.count, time.map({ others[next].time < $0 }) ?? true {
        var row = others[next]
        row.day = day
        row.write(prefix: prefix, into: &out)
        next += 1
      }
    }
    let kinds: Set<AppEvent.Kind> = [
      .submit, .submitFailed, .registerFailed, .launch, .complete, .expire, .kill, .state, .forceQuit,
    ]
    PhoneLogOrder.visit(
      device, app,
      device: { i in
        let c = device[i]
        flush(before: c.time)
        TimelineRow(
          day: day, time: c.time, source: .device, event: c.kind.rawValue, value: c.value,
          batteryPercent: c.batteryPercent
        ).write(prefix: prefix, into: &out)
      },
      app: { j in
        let e = app[j]
        guard kinds.contains(e.kind) else { return }
        flush(before: e.time)
        TimelineRow(
          app: bundle, day: day, time: e.time, source: .app, event: e.kind.rawValue, taskID: e.identifier,
          value: e.detail
        ).write(prefix: prefix, into: &out)
      })
    flush(before: nil)
  }

  /// Feeds device changes and app events in the order of ``PhoneLogOrder`` (device
  /// first at equal times). Written out rather than through `PhoneLogOrder.visit`: this
  /// runs every simulated day of every owner, and the closures cost about 2 % of
  /// `bench devices` (12 alternating pairs of LTO builds, median ratio 0.982).
  static func merge(_ device: [DeviceChange], _ app: [AppEvent], into a: inout OwnerAccounting) {
    var i = 0
    var j = 0
    while i < device.count || j < app.count {
      if j >= app.count || (i < device.count && device[i].time <= app[j].time) {
        a.consume(device: device[i])
        i += 1
      } else {
        a.consume(app: app, j)
        j += 1
      }
    }
  }
}
