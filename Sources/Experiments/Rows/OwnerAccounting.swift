import DeviceModel
import FileFormats
import IOSModel
import PhoneAssembly
import Results
import SimKernel

/// Turns one owner's run in one arm into rows: each task request's fate, and each day.
struct OwnerAccounting {
  /// What the rows are made of: the phone's logs keep only these changes and events
  /// for an owner whose day is not kept whole (``PhoneSimulation/logFilter``).
  static let reads = PhoneLogFilter(
    appEvents: [
      .submit, .submitFailed, .registerFailed, .replaced, .cancel, .cancelAll, .launch, .expire, .complete,
      .kill, .network, .transfer,
    ],
    deviceChanges: [.network, .appOpened, .plugged, .unplugged, .shutdown, .boot])

  struct Day {
    var launchesRefresh = 0
    var launchesProcessing = 0
    var launchesOther = 0
    var completed = 0
    var expired = 0
    var kills = 0
    var energyMilliwattHours = 0.0
    var batteryEnergyMilliwattHours = 0.0
    var cellularBytes = 0.0
    var appOpens = 0
    var staleness: [Double] = []
    var opensFresh1h = 0  // opens with a successful run less than an hour before
    /// Time the phone was off [s].
    var offSeconds = 0.0
  }

  let calendar: SimCalendar
  /// The date of the day rows were last written for.
  var dates = CSVRowWriter.DateCache()
  let backgroundPowerWatts: Double
  /// The requests' records not yet written (``LaunchRecorder``: numbered from 0 in the
  /// order they were opened), with the launch snapshots they take.
  var recorder = LaunchRecorder()
  /// The identifiers as the rows' fields spell them, quoted where they must be (made once
  /// per identifier: ``TaskName/text`` takes a lock, and a field is scanned for quotes).
  var identifierFields = SmallTable<TaskName, String>()
  var days: [Day]
  /// Days before this one were written (``writeSettled(prefix:into:before:startDate:)``).
  var daysWritten = 0
  var network: NetworkKind = .wifi
  /// When the phone was first on its charger each day.
  var charger: ChargerDays
  /// The last successful run's end; nil before the first (an open then is not fresh).
  var lastSuccess: SimTime?
  /// Since when the phone has been off, while it is.
  var offSince: SimTime?
  /// What the rows written so far give the summary.
  var summary = OwnerSummary()

  /// Days at the start left out of the summary (``ExperimentSpec/warmupDays``).
  let warmupDays: Int

  /// The app under study's bundle identifier as a CSV field (the rows' `app`).
  let appField: String

  init(calendar: SimCalendar, days: Int, warmupDays: Int = 0, backgroundPowerWatts: Double, app: String = "")
  {
    var field = CSVBuffer(capacity: app.utf8.count + 2)
    field.field(app)
    appField = String(decoding: field.bytes, as: UTF8.self)
    self.calendar = calendar
    self.warmupDays = warmupDays
    self.backgroundPowerWatts = backgroundPowerWatts
    self.days = Array(repeating: Day(), count: days)
    charger = ChargerDays(calendar: calendar, days: days)
  }

  func dayIndex(_ t: SimTime) -> Int? {
    let d = calendar.day(of: t)
    return d >= 0 && d < days.count ? d : nil
  }

  /// The day a run's end counts on: its own, or the last day for a run that finishes
  /// in the minutes after the last day (nothing launches then).
  func endDayIndex(_ t: SimTime) -> Int? {
    let d = calendar.day(of: t)
    return d >= 0 && d <= days.count && !days.isEmpty ? min(d, days.count - 1) : nil
  }

  mutating func consume(device change: DeviceChange) {
    switch change.kind {
    case .network: if case .network(let kind) = change.detail { network = kind }
    case .plugged: charger.plugged(at: change.time)
    case .unplugged: charger.unplugged(at: change.time)
    case .shutdown: offSince = offSince ?? change.time
    case .boot:
      if let from = offSince { countOff(from: from, to: change.time) }
      offSince = nil
    case .appOpened:
      if let d = dayIndex(change.time) {
        days[d].appOpens += 1
        days[d].staleness.append((change.time - (lastSuccess ?? .zero)).seconds)
        if let last = lastSuccess, (change.time - last).seconds <= 3600 { days[d].opensFresh1h += 1 }
      }
    default: break
    }
  }

  /// Consumes event `j` of `events`, its fields read in place (copying an event retained
  /// and released its detail's text): the recorder reads the requests' fates from it, and
  /// the day counts what it did.
  mutating func consume(app events: [AppEvent], _ j: Int) {
    let t = events[j].time
    switch recorder.consume(events, j) {
    case .launched(let i):
      guard let d = dayIndex(t) else { return }
      let kind = recorder[number: i].kind
      if recorder.texts.is(kind, BGTaskKind.refresh.rawValue) {
        days[d].launchesRefresh += 1
      } else if recorder.texts.is(kind, BGTaskKind.processing.rawValue) {
        days[d].launchesProcessing += 1
      } else {
        days[d].launchesOther += 1
      }
    case .ended(let i): ended(i, at: t)
    case .killedIdle: if let d = endDayIndex(t) { days[d].kills += 1 }
    case .opened, .none:
      if events[j].kind == .network, network == .cellular, let d = endDayIndex(t) {
        days[d].cellularBytes += events[j].value ?? 0
      }
    }
  }

  /// Consumes one app event (for callers holding it alone).
  mutating func consume(app e: AppEvent) { consume(app: [e], 0) }

  /// The identifier of a record as its row's field spells it, made once per identifier.
  mutating func identifier(of r: LaunchRecord) -> String {
    if let field = identifierFields[r.name] { return field }
    let field = CSVField.quoted(r.name.text)
    identifierFields[r.name] = field
    return field
  }

  /// The outcome of a record that ended, as its row spells it: launches.csv's reading
  /// of the run's end (``LaunchOutcome``).
  static func outcome(_ r: LaunchRecord) -> LaunchOutcome? {
    switch r.end {
    case nil: nil
    case .completed(let c): LaunchOutcome(completion: c.rawValue, expired: r.expiredAt != nil)
    case .killed: .killed
    case .cancelled: .cancelled
    case .rejected: .rejected
    }
  }

  /// Record `i`'s run ended at `t`: the day counts its energy and outcome.
  mutating func ended(_ i: Int, at t: SimTime) {
    let r = recorder[number: i]
    let outcome = Self.outcome(r)
    if outcome == .completed { lastSuccess = t }
    guard let d = endDayIndex(t), let start = r.launched else { return }
    let energy = (t - start).seconds / 3600 * backgroundPowerWatts * 1000
    days[d].energyMilliwattHours += energy
    if r.snapshot?.charging != true { days[d].batteryEnergyMilliwattHours += energy }
    switch outcome {
    case .completed: days[d].completed += 1
    case .expired: days[d].expired += 1
    case .killed: days[d].kills += 1
    case .failed, .cancelled, .rejected, nil: break
    }
  }

  /// Writes the rows of the leading fates that can no longer change (ended, or closed
  /// without running) and forgets them, so that an owner's memory does not grow with
  /// the days simulated. The rows come out in the same order as at the end of the run.
  /// Days before `day` are written too (nothing later counts on them) and their
  /// staleness lists dropped.
  mutating func writeSettled(
    prefix: String, into rows: inout RowBuffers, before day: Int, startDate: CivilDate
  ) {
    let last = min(day, days.count)
    if daysWritten < last {
      writeDays(daysWritten..<last, prefix: prefix, days: &rows[.days], startDate: startDate)
      for d in daysWritten..<last { days[d] = Day() }
      daysWritten = last
    }
    var k = 0
    while k < recorder.records.count, recorder.records[k].isSettled {
      write(recorder.records[k], prefix: prefix, launches: &rows[.launches])
      k += 1
    }
    guard k > 0 else { return }
    recorder.dropFirst(k)
  }

  /// Writes the fates not yet written (requests submitted before `end`) and the days as CSV rows.
  mutating func write(prefix: String, into rows: inout RowBuffers, end: SimTime, startDate: CivilDate) {
    for r in recorder.records where r.submitted < end {
      write(r, prefix: prefix, launches: &rows[.launches])
    }
    writeDays(daysWritten..<days.count, prefix: prefix, days: &rows[.days], startDate: startDate)
  }

  /// One `launches.csv` row, and what it gives the summary.
  mutating func write(_ r: LaunchRecord, prefix: String, launches: inout CSVBuffer) {
    let row = LaunchRow(
      taskField: identifier(of: r), kind: recorder.texts[r.kind], submitted: r.submitted,
      earliest: r.earliest,
      launched: r.launched,
      ended: r.ended, outcome: Self.outcome(r),
      snapshot: r.snapshot.map {
        LaunchRow.Snapshot(
          charging: $0.charging, network: $0.network.rawValue, batteryPercent: $0.batteryPercent,
          idleSeconds: $0.idleSeconds)
      },
      launchCause: r.snapshot?.cause.map {
        LaunchRow.Cause(
          trigger: $0.trigger.text, reason: $0.reason.text, score: $0.score, threshold: $0.threshold)
      }, errorCode: Int(r.errorCode))
    summary.add(launch: row, calendar: calendar, warmupDays: warmupDays)
    row.write(prefix: prefix, app: appField, into: &launches, calendar: calendar, dates: &dates)
  }

  /// Adds the time from `from` to `to` the phone was off to the days it spans.
  mutating func countOff(from: SimTime, to: SimTime) {
    var t = from
    while t < to, let d = dayIndex(t) {
      let end = min(to, calendar.startOfDay(d + 1))
      days[d].offSeconds += (end - t).seconds
      t = end
    }
  }

  /// The `days.csv` rows of some days, and what they give the summary.
  mutating func writeDays(
    _ range: Range<Int>, prefix: String, days rows: inout CSVBuffer, startDate: CivilDate
  ) {
    let startDays = startDate.daysSinceEpoch
    for d in range {
      // A phone still off: its time so far counts on the days written now.
      if let from = offSince, from < calendar.startOfDay(d + 1) {
        countOff(from: from, to: calendar.startOfDay(d + 1))
        offSince = calendar.startOfDay(d + 1)
      }
      let day = days[d]
      var row = DayRow(day: d, date: CivilDate(daysSinceEpoch: startDays + d), warmup: d < warmupDays)
      row.launchesRefresh = day.launchesRefresh
      row.launchesProcessing = day.launchesProcessing
      row.launchesOther = day.launchesOther
      row.completed = day.completed
      row.expired = day.expired
      row.kills = day.kills
      row.energyMilliwattHours = day.energyMilliwattHours
      row.batteryEnergyMilliwattHours = day.batteryEnergyMilliwattHours
      row.cellularBytes = day.cellularBytes
      row.appOpens = day.appOpens
      row.firstOnChargerSeconds = charger.firstOnCharger(day: d)
      row.offSeconds = day.offSeconds
      if !day.staleness.isEmpty {
        let sorted = day.staleness.sorted()
        row.stalenessMedianSeconds =
          sorted.count % 2 == 1
          ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
        row.stalenessWorstSeconds = sorted.last!
      }
      row.opensFresh1h = day.opensFresh1h
      row.write(prefix: prefix, into: &rows)
      summary.note(day: row)
      if !row.warmup { summary.add(day: row) }
    }
  }
}
