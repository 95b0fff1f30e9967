extension Timeline {
  /// What some of the script would silently not do in a run of `days` days, a line each:
  /// events after the run's end (``pastTheEndWarning(days:)``) and charger events that
  /// change nothing (``idleChargerWarning``).
  public func warnings(days: Int) -> [String] {
    [pastTheEndWarning(days: days), idleChargerWarning].compactMap { $0 }
  }

  /// Why some of the script's charger events do nothing, or nil. A timeline with a plug
  /// or an unplug alone moves the charger, from a phone off it at the start, so an unplug
  /// while the phone is off the charger, or a plug while it is on, changes nothing: an
  /// opening `unplug` meant for a phone charged overnight leaves it off the charger
  /// that first night. An event that alone takes the charger from random habits (G8's
  /// opening `unplug`: off the charger throughout) does something, and is not named.
  public var idleChargerWarning: String? {
    var plugged = false
    var idle: [TimelineEvent] = []
    var chargerEvents = 0
    for event in events {
      switch event.action {
      case .plug:
        if plugged { idle.append(event) }
        plugged = true
      case .unplug:
        if !plugged { idle.append(event) }
        plugged = false
      default: continue
      }
      chargerEvents += 1
    }
    // When every charger event is idle, the first takes the charger from random habits.
    if idle.count == chargerEvents, randomHabits { idle.removeFirst(min(1, idle.count)) }
    guard let first = idle.first else { return nil }
    let line = first.line > 0 ? " (line \(first.line))" : ""
    let seconds = Int(first.time.seconds.rounded(.down))
    let clock = [seconds % 86_400 / 3600, seconds % 3600 / 60].map { $0 < 10 ? "0\($0)" : "\($0)" }
    let (name, place) = first.action == .plug ? ("plug", "on") : ("unplug", "off")
    let count =
      idle.count == 1
      ? "1 charger event of the timeline changes" : "\(idle.count) charger events of the timeline change"
    return
      "\(count) nothing, the first the \(name) on day \(seconds / 86_400) at "
      + "\(clock.joined(separator: ":"))\(line): the phone is already \(place) the charger there "
      + "(a scripted charger starts with the phone off it); drop the event, or script the change before it"
  }
}
