import FileFormats

extension Timeline {
  /// Why some of the script never plays in a run of `days` days, or nil: its events at
  /// or after the run's end never happen, and the days they script stay as habit leaves
  /// them.
  public func pastTheEndWarning(days: Int) -> String? {
    let end = Double(days) * 86_400
    let late = events.filter { $0.time.seconds >= end }
    guard let first = late.first, let last = events.last else { return nil }
    let line = first.line > 0 ? " (line \(first.line))" : ""
    let (come, happen) = late.count == 1 ? ("comes", "happens") : ("come", "happen")
    return
      "\(late.count) of the timeline's \(Format.count(events.count, "event")) \(come) "
      + "after the run's \(Format.count(days, "day")), "
      + "the first on day \(Int(first.time.seconds / 86_400))\(line), and never \(happen); "
      + "run \(Int(last.time.seconds / 86_400) + 1) days to play them all"
  }
}
