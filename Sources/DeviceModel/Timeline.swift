import FileFormats
import Foundation
import Randomness
import SimKernel

/// A scripted timeline: events at exact times. The aspects it touches (charging,
/// usage, network) stop following random habits; the rest of the device carries on.
///
/// In YAML, a list under `timeline:`; each item is `[time, event]`, `[time, event, value]`
/// or `{time: …, event: …, value: …}`. As CSV, the columns `time,event,value`.
///
/// | event | value | example |
/// |---|---|---|
/// | `plug`, `unplug` | — | `[20:40, plug]` |
/// | `screen_on` | duration (default 60s) | `[19:13, screen_on, 60s]` |
/// | `open_app` | duration (default 60s) | `[19:13, open_app, 60s]` |
/// | `install` | duration (default 60s): opens the app, the screen's use left to habit | `[14:00, install, 60s]` |
/// | `force_quit` | — | `[19:15, force_quit]` |
/// | `network` | `wifi`, `cellular` or `none` | `[12:00, network, cellular]` |
/// | `wifi_off`, `wifi_on` | — | `[12:00, wifi_off]` |
/// | `low_power` | `on` or `off` | `[21:00, low_power, on]` |
/// | `battery` | level in % | `[00:00, battery, 35]` |
/// | `thermal` | `nominal` … `critical` | `[14:00, thermal, serious]` |
///
/// Times are `HH:MM[:SS]` (day 0), `dN HH:MM[:SS]` (day N), seconds from the start, or an
/// ISO date-time on or after the start date. Events must be in time order.
public struct Timeline: Sendable, Hashable {
  public var events: [TimelineEvent]
  /// Whether random habits still drive the aspects the timeline does not touch.
  public var randomHabits: Bool

  public init(events: [TimelineEvent], randomHabits: Bool = true) {
    self.events = events
    self.randomHabits = randomHabits
  }

  /// The aspects the timeline takes over (all of them when random habits are off).
  public var scriptedAspects: Set<DeviceAspect> {
    guard randomHabits else { return Set(DeviceAspect.allCases) }
    let touched = Set(events.compactMap(\.action.aspect))
    return touched.contains(.usage) ? touched.union([.appUse]) : touched
  }

  public static let eventNames = [
    "plug", "unplug", "screen_on", "open_app", "install", "force_quit", "network", "wifi_off", "wifi_on",
    "low_power",
    "battery", "thermal",
  ]

  /// Reads a timeline file: `.csv` as `time,event,value`, anything else as YAML.
  public static func load(file: String, startDate: CivilDate) throws(ConfigError) -> Timeline {
    if file.lowercased().hasSuffix(".csv") {
      guard let data = FileManager.default.contents(atPath: file) else {
        throw ConfigError(
          file: file, line: 0, key: "",
          message: FileManager.default.fileExists(atPath: file) ? "cannot be read" : "no such file")
      }
      return try parseCSV(TextFiles.text(of: data), file: file, startDate: startDate)
    }
    let tree = try ConfigTree.load(file: file)
    let root = try ConfigSection(tree, keys: ["timeline", "random_habits"])
    guard let list = root.value("timeline") else {
      throw tree.error("missing key 'timeline' (a list of [time, event, value])")
    }
    return try Timeline(
      list: list, randomHabits: root.flag("random_habits", default: true), startDate: startDate)
  }

  /// Decodes the YAML list form.
  public init(list: ConfigTree, randomHabits: Bool, startDate: CivilDate) throws(ConfigError) {
    guard case .sequence(let items) = list.value else {
      throw list.error("expected a list of events such as [20:40, plug]")
    }
    var events: [TimelineEvent] = []
    for item in items {
      var fields: [String?] = []
      switch item.value {
      case .sequence(let parts):
        for p in parts {
          guard let s = p.scalar else { throw p.error("expected plain values: [time, event, value]") }
          fields.append(s)
        }
      case .mapping:
        let s = try ConfigSection(item, keys: ["time", "event", "value"])
        fields = [
          try s.text("time", default: nil), try s.text("event", default: nil),
          try s.text("value", default: nil),
        ]
      case .scalar:
        throw item.error("expected [time, event] or [time, event, value]")
      }
      guard fields.count >= 2, fields.count <= 3, let time = fields[0], let name = fields[1] else {
        throw item.error("expected [time, event] or [time, event, value]")
      }
      events.append(
        try Self.event(
          time: time, name: name, value: fields.count == 3 ? fields[2] : nil, file: item.file,
          line: item.line,
          key: item.path, startDate: startDate))
    }
    try Self.checkOrder(events, file: list.file, key: list.path)
    self.init(events: events, randomHabits: randomHabits)
  }

  /// Decodes the CSV form, with a header line `time,event,value`.
  public static func parseCSV(_ text: String, file: String, startDate: CivilDate) throws(ConfigError)
    -> Timeline
  {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
      $0.hasSuffix("\r") ? String($0.dropLast()) : String($0)
    }
    while lines.last?.isEmpty == true { lines.removeLast() }
    guard let header = lines.first,
      header.split(separator: ",").map({ String($0).trimmed() }).prefix(2) == ["time", "event"]
    else {
      throw ConfigError(
        file: file, line: 1, key: "", message: "the first line must be the header time,event,value")
    }
    var events: [TimelineEvent] = []
    for (i, line) in lines.enumerated().dropFirst() where !line.trimmed().isEmpty {
      let cells = line.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmed() }
      guard cells.count >= 2, cells.count <= 3 else {
        throw ConfigError(
          file: file, line: i + 1, key: "", message: "expected time,event or time,event,value")
      }
      events.append(
        try event(
          time: cells[0], name: cells[1], value: cells.count == 3 && !cells[2].isEmpty ? cells[2] : nil,
          file: file, line: i + 1, key: "event", startDate: startDate))
    }
    try checkOrder(events, file: file, key: "time")
    return Timeline(events: events)
  }

  static func checkOrder(_ events: [TimelineEvent], file: String, key: String) throws(ConfigError) {
    for (i, (a, b)) in zip(events, events.dropFirst()).enumerated() where b.time < a.time {
      // Events of a one-line list share a line: they are named by their place.
      let which =
        a.line == b.line
        ? "event [\(i + 1)] comes before event [\(i)]" : "this one comes before the one on line \(a.line)"
      throw ConfigError(
        file: file, line: b.line, key: key, message: "events are out of order: \(which); sort them by time")
    }
  }

  static func event(
    time: String, name: String, value: String?, file: String, line: Int, key: String, startDate: CivilDate
  ) throws(ConfigError) -> TimelineEvent {
    func fail(_ message: String) -> ConfigError {
      ConfigError(file: file, line: line, key: key, message: message)
    }
    guard let seconds = ClockText.instant(time, startDaysSinceEpoch: startDate.daysSinceEpoch) else {
      throw fail("'\(time)' is not a time; write HH:MM, dN HH:MM, seconds, or an ISO date-time")
    }
    guard seconds <= ConfigSection.longestSeconds else {
      throw fail("'\(time)' is past the longest run (3650 days); give a time within the run")
    }
    func duration() throws(ConfigError) -> Double {
      guard let value else { return 60 }
      guard let s = DurationText.parseSeconds(value), s > 0, s <= ConfigSection.longestSeconds else {
        throw fail("'\(value)' is not a positive duration such as 60s or 5m (at most 3650 days)")
      }
      return s
    }
    func noValue() throws(ConfigError) {
      if let value, !value.isEmpty { throw fail("\(name) takes no value (got '\(value)')") }
    }
    let action: TimelineEvent.Action
    switch name {
    case "plug":
      try noValue()
      action = .plug
    case "unplug":
      try noValue()
      action = .unplug
    case "screen_on": action = .screenOn(seconds: try duration())
    case "open_app": action = .openApp(seconds: try duration())
    case "install": action = .installApp(seconds: try duration())
    case "force_quit":
      try noValue()
      action = .forceQuit
    case "wifi_off":
      try noValue()
      action = .network(.cellular)
    case "wifi_on":
      try noValue()
      action = .network(.wifi)
    case "network":
      guard let value, let kind = NetworkKind(rawValue: value) else {
        throw fail("network needs wifi, cellular or none (got '\(value ?? "")')")
      }
      action = .network(kind)
    case "low_power":
      guard let value, ["on", "off"].contains(value) else { throw fail("low_power needs on or off") }
      action = .lowPowerMode(value == "on")
    case "battery":
      guard let value, let level = Double(value), (0...100).contains(level) else {
        throw fail("battery needs a level in [0, 100] (got '\(value ?? "")')")
      }
      action = .battery(level)
    case "thermal":
      guard let value, let state = ThermalState(text: value) else {
        throw fail("thermal needs nominal, fair, serious or critical")
      }
      action = .thermal(state)
    default:
      throw fail(
        "unknown event '\(name)'\(NearestName.hint(name, among: eventNames)) (events: \(eventNames.joined(separator: ", ")))"
      )
    }
    return TimelineEvent(time: SimTime(seconds: seconds), action: action, line: line)
  }
}
