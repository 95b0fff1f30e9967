import DeviceModel
import FileFormats
import IOSModel
import PhoneAssembly
import Results
import SimKernel

extension LaunchLog {
  /// The log that an app logging every event of the format would have written on a
  /// simulated phone: its device changes and its app's events, in time order.
  public init(outcome o: PhoneLog) {
    let cal = o.calendar
    let start = cal.startOfDay(0)
    var rows: [Row] = []
    func add(_ time: SimTime, _ event: Event, _ task: String = "", _ value: String = "") {
      rows.append(
        Row(seconds: (time - start).seconds, event: event, taskID: task, value: value, line: rows.count + 2))
    }
    let device = o.deviceLog
    let app = o.appLog
    PhoneLogOrder.visit(
      device, app,
      device: { i in
        let c = device[i]
        switch c.kind {
        case .plugged: add(c.time, .plug)
        case .unplugged: add(c.time, .unplug)
        case .screenOn: add(c.time, .screenOn)
        case .screenOff: add(c.time, .screenOff)
        case .appOpened: add(c.time, .openApp)
        case .appClosed: add(c.time, .closeApp)
        case .network: add(c.time, .network, "", c.value)
        case .batteryLevel, .batterySet: add(c.time, .battery, "", Format.compact(c.batteryPercent))
        default: break
        }
      },
      app: { j in
        let e = app[j]
        switch e.kind {
        case .submit:
          add(e.time, .submit, e.identifier, e.value.map { cal.isoString(start + .seconds($0)) } ?? "")
        case .launch: add(e.time, .launch, e.identifier)
        case .complete: add(e.time, .complete, e.identifier)
        case .expire: add(e.time, .expire, e.identifier)
        default: break
        }
      })
    self.init(file: "", startDate: cal.startDate, rows: rows)
  }

  /// The log as CSV text. Times are written to the second, as an app's logging would.
  public var text: String {
    let cal = SimCalendar(startDate: startDate)
    var out = Self.header + "\n"
    for r in rows {
      out += "\(cal.isoString(SimTime(seconds: r.seconds))),\(r.event.rawValue),\(r.taskID),\(r.value)\n"
    }
    return out
  }

  /// The device's conditions in the log as a scripted timeline (random habits off): the
  /// charger, the screen, the app's opens, the network and the battery happen as the
  /// log says, not as a persona's habits would have them.
  public var timeline: Timeline {
    var events: [TimelineEvent] = []
    // The end of each screen session and app visit, to give each its length.
    func end(after k: Int, _ closing: Event) -> Double? {
      rows[(k + 1)...].first { $0.event == closing }?.seconds
    }
    for (k, r) in rows.enumerated() {
      let time = SimTime(seconds: r.seconds)
      switch r.event {
      case .plug: events.append(TimelineEvent(time: time, action: .plug, line: r.line))
      case .unplug: events.append(TimelineEvent(time: time, action: .unplug, line: r.line))
      case .screenOn:
        let length = max(1, (end(after: k, .screenOff) ?? r.seconds + 60) - r.seconds)
        events.append(TimelineEvent(time: time, action: .screenOn(seconds: length), line: r.line))
      case .openApp:
        let length = max(1, (end(after: k, .closeApp) ?? r.seconds + 60) - r.seconds)
        events.append(TimelineEvent(time: time, action: .openApp(seconds: length), line: r.line))
      case .network:
        if let kind = NetworkKind(rawValue: r.value) {
          events.append(TimelineEvent(time: time, action: .network(kind), line: r.line))
        }
      case .battery:
        if let level = Double(r.value) {
          events.append(TimelineEvent(time: time, action: .battery(level), line: r.line))
        }
      default: break
      }
    }
    return Timeline(events: events, randomHabits: false)
  }
}
