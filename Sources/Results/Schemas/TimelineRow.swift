import FileFormats
import SimKernel

/// One `timelines.csv` row after the owner's fields: a device change or an app event of
/// a kept day, written field by field in the schema's order (``CSVSchema/timelines``).
package struct TimelineRow {
  /// Where the row comes from.
  package enum Source: String {
    /// The device's state at the start of the recorded day (``StateKind``).
    case state
    /// A device change.
    case device
    /// An app event of the app under study.
    case app
    /// A launch or a run's end of one of the owner's other apps (`event` `launch` or
    /// `end`, `task_id` the kind of work).
    case otherApp = "other_app"
  }

  /// The quantities of a `state` row (its `event`), each row's `value` their value at
  /// 00:00 of the day.
  package enum StateKind: String, CaseIterable {
    /// `plugged` or `unplugged`.
    case charger
    /// `wifi`, `cellular` or `none`.
    case network
    /// `on` or `off`.
    case screen
    /// The app under study: `open` (in the foreground) or `closed`.
    case app
    /// `on` or `off`.
    case lowPowerMode = "low_power_mode"
    /// The thermal state (`nominal`, `fair`, `serious`, `critical`).
    case thermal
    /// The battery level [0…100 %].
    case battery
  }

  /// The app's bundle identifier; empty for the device's rows.
  package var app: String
  /// The day since the start of the run, from 0.
  package var day: Int
  package var time: SimTime
  package var source: Source
  /// The change's or the event's kind, as the files spell it.
  package var event: String
  /// The task identifier (app events; empty for device changes).
  package var taskID: String
  package var value: String
  /// The battery level at the change [0…100 %]; device changes and states only.
  package var batteryPercent: Double?

  package init(
    app: String = "", day: Int, time: SimTime, source: Source, event: String, taskID: String = "",
    value: String, batteryPercent: Double? = nil
  ) {
    self.app = app
    self.day = day
    self.time = time
    self.source = source
    self.event = event
    self.taskID = taskID
    self.value = value
    self.batteryPercent = batteryPercent
  }

  /// Writes the row after `prefix` (the owner's fields, each followed by a comma).
  package func write(prefix: String, into out: inout CSVBuffer) {
    let start = out.count
    out.text(prefix)
    out.field(app)
    out.comma()
    out.integer(Int64(day))
    out.comma()
    out.seconds(time)
    out.comma()
    out.text(source.rawValue)
    out.comma()
    out.text(event)
    out.comma()
    out.field(taskID)
    out.comma()
    out.field(value)
    out.comma()
    if let batteryPercent { out.fixed(batteryPercent, digits: 1) }
    out.newline()
    CSVSchema.timelines.checkRow(out, since: start, prefix: prefix)
  }
}
