import FileFormats
import SimKernel

/// One `launches.csv` row after the owner's fields: one task request's fate (or one
/// launch of the system's own work), what the rows writer writes field by field in the
/// schema's order (``CSVSchema/launches``), and what the summary counts
/// (``SummaryTables/Counts/add(launch:)``).
package struct LaunchRow {
  /// The device's state at the launch.
  package struct Snapshot: Sendable {
    package var charging: Bool
    /// `wifi`, `cellular` or `none`.
    package var network: String
    /// [0…100 %]
    package var batteryPercent: Double
    /// Time since the owner last used the phone [s].
    package var idleSeconds: Double

    package init(charging: Bool, network: String, batteryPercent: Double, idleSeconds: Double) {
      self.charging = charging
      self.network = network
      self.batteryPercent = batteryPercent
      self.idleSeconds = idleSeconds
    }
  }

  /// The task identifier as a CSV field (quoted where it must be).
  package var taskField: String
  /// The request's kind (`refresh`, `processing`, …), as the app's events spell it.
  package var kind: String
  package var submitted: SimTime
  package var earliest: SimTime
  package var launched: SimTime?
  /// When the launched run ended; written only for a launched request.
  package var ended: SimTime?
  package var outcome: LaunchOutcome?
  package var snapshot: Snapshot?
  /// Why the rule launched it, written only for a launched request: what prompted the
  /// decision point (`launch_trigger`), which part of the rule let it run
  /// (`launch_reason`), its score and the bar it was compared with; empty for a launch
  /// the rule did not make (a scripted one).
  package var launchCause: Cause?

  /// The rule's account of a launch, as plain text and numbers.
  package struct Cause: Sendable {
    package var trigger: String
    package var reason: String
    package var score: Double
    package var threshold: Double

    package init(trigger: String, reason: String, score: Double, threshold: Double) {
      self.trigger = trigger
      self.reason = reason
      self.score = score
      self.threshold = threshold
    }
  }
  /// A rejected submission's `BGTaskScheduler.Error.Code` (0: none).
  package var errorCode: Int

  package init(
    taskField: String, kind: String, submitted: SimTime, earliest: SimTime, launched: SimTime?,
    ended: SimTime?,
    outcome: LaunchOutcome?, snapshot: Snapshot?, launchCause: Cause?, errorCode: Int
  ) {
    self.taskField = taskField
    self.kind = kind
    self.submitted = submitted
    self.earliest = earliest
    self.launched = launched
    self.ended = ended
    self.outcome = outcome
    self.snapshot = snapshot
    self.launchCause = launchCause
    self.errorCode = errorCode
  }

  /// The `outcome` column: how the request ended, `running` for one still running at the
  /// end, `never_ran` for one never launched.
  package var outcomeText: String { outcome?.text ?? (launched == nil ? "never_ran" : "running") }

  /// Writes the row: `prefix` (the owner's fields, each followed by a comma), the app's
  /// bundle identifier as a CSV field (`app`), then the fate's fields in
  /// ``CSVSchema/launches``' order, and a newline. `dates` keeps the last day's date for
  /// the ISO times.
  package func write(
    prefix: String, app: String, into launches: inout CSVBuffer, calendar: SimCalendar,
    dates: inout CSVRowWriter.DateCache
  ) {
    let start = launches.count
    let outcome = outcomeText
    // Room for the whole row, so that it is written through one pointer.
    let bound =
      prefix.utf8.count + app.utf8.count + taskField.utf8.count + kind.utf8.count + outcome.utf8.count
      + (launchCause.map { $0.trigger.utf8.count + $0.reason.utf8.count } ?? 0)
      + 4 * CSVRowWriter.secondsBound + 2 * CSVRowWriter.isoBound + 4 * CSVRowWriter.fixedBound + 40
    launches.row(reserve: bound) { w in
      w.text(prefix)
      w.text(app)
      w.comma()
      w.text(taskField)
      w.comma()
      w.text(kind)
      w.comma()
      w.seconds(submitted)
      w.comma()
      w.iso(submitted, calendar: calendar, dates: &dates)
      w.comma()
      w.seconds(earliest)
      w.comma()
      if let l = launched {
        w.seconds(l)
        w.comma()
        w.iso(l, calendar: calendar, dates: &dates)
      } else {
        w.comma()
      }
      w.comma()
      if let e = ended, launched != nil { w.seconds(e) }
      w.comma()
      w.text(outcome)
      w.comma()
      if let l = launched {
        w.seconds(SimTime(microseconds: max(0, (l - earliest).microseconds)))
        w.comma()
        let s = snapshot
        if let s { w.byte(s.charging ? UInt8(ascii: "1") : UInt8(ascii: "0")) }
        w.comma()
        if let s { w.text(s.network) }
        w.comma()
        if let s { w.fixed(s.batteryPercent, digits: 1) }
        w.comma()
        if let s { w.fixed(s.idleSeconds, digits: 0) }
        w.comma()
        if let c = launchCause {
          w.text(c.trigger)
          w.comma()
          w.text(c.reason)
          w.comma()
          w.fixed(c.score, digits: 4)
          w.comma()
          w.fixed(c.threshold, digits: 4)
        } else {
          for _ in 0..<3 { w.comma() }
        }
      } else {
        // The delay, the snapshot's four fields and the cause's four are empty.
        for _ in 0..<8 { w.comma() }
      }
      w.comma()
      if errorCode > 0 { w.integer(Int64(errorCode)) }
      w.newline()
    }
    CSVSchema.launches.checkRow(launches, since: start, prefix: prefix)
  }
}
