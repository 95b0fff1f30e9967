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
    deviceChanges: [.network, .appOpened])

  /// A request's fate. Plain values only: a fate is copied and dropped several times
  /// between its submission and its row, and text fields made each copy retain and
  /// release them (the kind and the launch reason are numbers into ``kindsAndReasons``).
  struct Fate {
    var name: TaskName
    /// The request's kind, as the app's submit or launch event spells it: a number
    /// into ``Texts``.
    var kind: UInt8
    var submitted: SimTime
    var earliest: SimTime
    var launched: SimTime?
    var snapshot: Snapshot?
    var ended: SimTime?
    var outcome: LaunchOutcome?
    var expired = false
    /// For a rejected submission, its `BGTaskScheduler.Error.Code` (0: none).
    var errorCode: UInt8 = 0
  }

  /// The device's state at a launch (``LaunchSnapshot``), its reason a number into
  /// ``Texts``.
  struct Snapshot {
    var charging: Bool
    var network: NetworkKind
    var reason: UInt8
    var batteryPercent: Double
    var idleSeconds: Double
  }

  /// The few texts fates refer to by number: request kinds and launch reasons.
  struct Texts {
    private(set) var all: [String] = []
    /// The same texts as CSV fields (quoted where they must be), made once.
    private(set) var fields: [String] = []

    /// The number of `text`, added if new. Both come from short fixed lists in the iOS
    /// model (three request kinds and three older launch paths; the scheduler's
    /// triggers), so an owner sees a handful.
    mutating func number(_ text: String) -> UInt8 {
      for i in all.indices where Self.equal(all[i], text) { return UInt8(i) }
      precondition(all.count < 255, "more than 255 distinct request kinds and launch reasons")
      all.append(text)
      fields.append(CSVField.quoted(text))
      return UInt8(all.count - 1)
    }

    subscript(_ number: UInt8) -> String { all[Int(number)] }

    /// Text `number` as a CSV field.
    func field(_ number: UInt8) -> String { fields[Int(number)] }

    /// Whether text `number` is `text`.
    func `is`(_ number: UInt8, _ text: String) -> Bool { Self.equal(all[Int(number)], text) }

    /// `==`, answered by the lengths when they differ: for two different texts `==` goes
    /// through the full comparison, the most common case here.
    static func equal(_ a: String, _ b: String) -> Bool { a.utf8.count == b.utf8.count && a == b }
  }

  struct Day {
    var launchesRefresh = 0
    var launchesProcessing = 0
    var launchesOther = 0
    var completed = 0
    var expired = 0
    var kills = 0
    var energyMilliwattHours = 0.0
    var cellularBytes = 0.0
    var appOpens = 0
    var staleness: [Double] = []
  }

  let calendar: SimCalendar
  /// The date of the day rows were last written for.
  var dates = CSVRowWriter.DateCache()
  let backgroundPowerWatts: Double
  /// The fates not yet written, from the request numbered `firstFate` on (requests are
  /// numbered from 0 in the order they were submitted).
  var fates: [Fate] = []
  var firstFate = 0
  var open = SmallTable<TaskName, [Int]>()
  /// Background transfers handed to the system and not yet launched for, oldest first
  /// (not task requests: cancelling requests leaves them).
  var openTransfers: [Int] = []
  static let transferName = TaskName(SystemWork.backgroundTransfer.rawValue)
  /// The identifiers as the rows' fields spell them, quoted where they must be (made once
  /// per identifier: ``TaskName/text`` takes a lock, and a field is scanned for quotes).
  var identifierFields = SmallTable<TaskName, String>()
  var running = SmallTable<TaskName, Int>()
  var days: [Day]
  /// Days before this one were written (``writeSettled(prefix:into:before:startDate:)``).
  var daysWritten = 0
  var network: NetworkKind = .wifi
  var lastSuccess: SimTime = .zero
  var snapshots: [LaunchSnapshot] = []
  var nextSnapshot = 0
  /// Request kinds and launch reasons, numbered.
  var kindsAndReasons = Texts()
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
    case .appOpened:
      if let d = dayIndex(change.time) {
        days[d].appOpens += 1
        days[d].staleness.append((change.time - lastSuccess).seconds)
      }
    default: break
    }
  }

  /// Consumes event `j` of `events`, its fields read in place (copying an event retained
  /// and released its detail's text).
  mutating func consume(app events: [AppEvent], _ j: Int) {
    let t = events[j].time
    let name = events[j].name
    switch events[j].kind {
    case .submit:
      let earliest = events[j].value.map { SimTime(seconds: $0) } ?? t
      let index = add(
        Fate(
          name: name, kind: kindsAndReasons.number(events[j].detail), submitted: t, earliest: max(earliest, t)
        ))
      open.update(name, initial: []) { $0.append(index) }
    case .submitFailed, .registerFailed:
      // A row of its own, with no launch: the rejection is the request's whole fate.
      var fate = Fate(
        name: name,
        kind: kindsAndReasons.number(events[j].kind == .submitFailed ? events[j].detail : "register"),
        submitted: t, earliest: t)
      fate.outcome = .rejected
      fate.errorCode = UInt8(clamping: Int(events[j].value ?? 0))
      _ = add(fate)
    case .replaced:
      if let first = open.update(name, initial: [], { $0.isEmpty ? nil : $0.removeFirst() }) {
        close(first, at: t, outcome: .cancelled)
      }
    case .cancel:
      for i in open[name] ?? [] { close(i, at: t, outcome: .cancelled) }
      open[name] = []
    case .cancelAll:
      for queue in open.allValues { for i in queue { close(i, at: t, outcome: .cancelled) } }
      open.removeAll()
    case .transfer:
      // A transfer's fate starts when the app hands it over, not when it is launched for.
      let kind = kindsAndReasons.number(SystemWork.backgroundTransfer.rawValue)
      openTransfers.append(add(Fate(name: Self.transferName, kind: kind, submitted: t, earliest: t)))
    case .launch: launched(name, at: t, kind: events[j].detail)
    case .expire:
      if let i = running[name] { fates[i - firstFate].expired = true }
    case .complete:
      guard let i = running.removeValue(forKey: name) else { return }
      let outcome = LaunchOutcome(completion: events[j].detail, expired: fates[i - firstFate].expired)
      end(i, at: t, outcome: outcome)
      if outcome == .completed { lastSuccess = t }
    case .kill:
      if let i = running.removeValue(forKey: name) {
        end(i, at: t, outcome: .killed)
      } else if name == .empty, let d = endDayIndex(t) {
        // The watchdog killed the app with no task running: background time it began
        // and never ended.
        days[d].kills += 1
      }
    case .network:
      if network == .cellular, let d = endDayIndex(t) { days[d].cellularBytes += events[j].value ?? 0 }
    default:
      break
    }
  }

  /// A launch of `name` at `t` (`kind`: the launch event's detail): the oldest open
  /// request of that name (or transfer) is launched, with the device's state taken at
  /// that moment, and the day counts it.
  mutating func launched(_ name: TaskName, at t: SimTime, kind: String) {
    var index: Int
    if name == Self.transferName, !openTransfers.isEmpty {
      index = openTransfers.removeFirst()
    } else if let first = open.update(name, initial: [], { $0.isEmpty ? nil : $0.removeFirst() }) {
      index = first
    } else {
      index = add(
        Fate(name: name, kind: kindsAndReasons.number(kind), submitted: t, earliest: t))
    }
    fates[index - firstFate].launched = t
    if nextSnapshot < snapshots.count, snapshots[nextSnapshot].name == name {
      let s = snapshots[nextSnapshot]
      fates[index - firstFate].snapshot = Snapshot(
        charging: s.charging, network: s.network, reason: kindsAndReasons.number(s.reason),
        batteryPercent: s.batteryPercent, idleSeconds: s.idleSeconds)
      nextSnapshot += 1
    }
    running[name] = index
    if let d = dayIndex(t) {
      let fateKind = fates[index - firstFate].kind
      if kindsAndReasons.is(fateKind, BGTaskKind.refresh.rawValue) {
        days[d].launchesRefresh += 1
      } else if kindsAndReasons.is(fateKind, BGTaskKind.processing.rawValue) {
        days[d].launchesProcessing += 1
      } else {
        days[d].launchesOther += 1
      }
    }
  }

  /// Consumes one app event (for callers holding it alone).
  mutating func consume(app e: AppEvent) { consume(app: [e], 0) }

  /// Adds a request's fate, remembering its identifier's text; returns its number.
  mutating func add(_ fate: Fate) -> Int {
    fates.append(fate)
    if identifierFields[fate.name] == nil {
      identifierFields[fate.name] = CSVField.quoted(fate.name.text)
    }
    return firstFate + fates.count - 1
  }

  /// The identifier of a fate as its row's field spells it (remembered when the fate was
  /// added).
  func identifier(of f: Fate) -> String {
    identifierFields[f.name] ?? CSVField.quoted(f.name.text)
  }

  mutating func close(_ i: Int, at t: SimTime, outcome: LaunchOutcome) {
    fates[i - firstFate].ended = t
    fates[i - firstFate].outcome = outcome
  }

  mutating func end(_ i: Int, at t: SimTime, outcome: LaunchOutcome) {
    close(i, at: t, outcome: outcome)
    guard let d = endDayIndex(t), let start = fates[i - firstFate].launched else { return }
    days[d].energyMilliwattHours += (t - start).seconds / 3600 * backgroundPowerWatts * 1000
    switch outcome {
    case .completed: days[d].completed += 1
    case .expired: days[d].expired += 1
    case .killed: days[d].kills += 1
    case .failed, .cancelled, .rejected: break
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
    while k < fates.count {
      let f = fates[k]
      guard f.launched == nil ? f.outcome != nil : f.ended != nil else { break }
      Self.write(
        f, identifier: identifier(of: f), texts: kindsAndReasons, prefix: prefix, app: appField,
        launches: &rows[.launches], calendar: calendar, dates: &dates, summary: &summary,
        warmupDays: warmupDays)
      k += 1
    }
    guard k > 0 else { return }
    fates.removeFirst(k)
    firstFate += k
  }

  /// Writes the fates not yet written (requests submitted before `end`) and the days as CSV rows.
  mutating func write(prefix: String, into rows: inout RowBuffers, end: SimTime, startDate: CivilDate) {
    for f in fates where f.submitted < end {
      Self.write(
        f, identifier: identifier(of: f), texts: kindsAndReasons, prefix: prefix, app: appField,
        launches: &rows[.launches], calendar: calendar, dates: &dates, summary: &summary,
        warmupDays: warmupDays)
    }
    writeDays(daysWritten..<days.count, prefix: prefix, days: &rows[.days], startDate: startDate)
  }

  /// One `launches.csv` row, and what it gives the summary.
  static func write(
    _ f: Fate, identifier: String, texts: Texts, prefix: String, app: String, launches: inout CSVBuffer,
    calendar: SimCalendar, dates: inout CSVRowWriter.DateCache, summary: inout OwnerSummary, warmupDays: Int
  ) {
    let row = LaunchRow(
      taskField: identifier, kind: texts[f.kind], submitted: f.submitted, earliest: f.earliest,
      launched: f.launched,
      ended: f.ended, outcome: f.outcome,
      snapshot: f.snapshot.map {
        LaunchRow.Snapshot(
          charging: $0.charging, network: $0.network.rawValue, batteryPercent: $0.batteryPercent,
          idleSeconds: $0.idleSeconds)
      },
      reasonField: f.snapshot.map { texts.field($0.reason) } ?? "", errorCode: Int(f.errorCode))
    summary.add(launch: row, calendar: calendar, warmupDays: warmupDays)
    row.write(prefix: prefix, app: app, into: &launches, calendar: calendar, dates: &dates)
  }

  /// The `days.csv` rows of some days, and what they give the summary.
  mutating func writeDays(
    _ range: Range<Int>, prefix: String, days rows: inout CSVBuffer, startDate: CivilDate
  ) {
    let startDays = startDate.daysSinceEpoch
    for d in range {
      let day = days[d]
      var row = DayRow(day: d, date: CivilDate(daysSinceEpoch: startDays + d), warmup: d < warmupDays)
      row.launchesRefresh = day.launchesRefresh
      row.launchesProcessing = day.launchesProcessing
      row.launchesOther = day.launchesOther
      row.completed = day.completed
      row.expired = day.expired
      row.kills = day.kills
      row.energyMilliwattHours = day.energyMilliwattHours
      row.cellularBytes = day.cellularBytes
      row.appOpens = day.appOpens
      if !day.staleness.isEmpty {
        let sorted = day.staleness.sorted()
        row.stalenessMedianSeconds =
          sorted.count % 2 == 1
          ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
        row.stalenessWorstSeconds = sorted.last!
      }
      // Opens with a successful run less than an hour before.
      row.opensFresh1h = day.staleness.filter { $0 <= 3600 }.count
      row.write(prefix: prefix, into: &rows)
      if !row.warmup { summary.add(day: row) }
    }
  }
}
