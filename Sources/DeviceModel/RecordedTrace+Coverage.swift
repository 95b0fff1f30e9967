import FileFormats

extension RecordedTrace {
  /// The days a run can replay: through the day of the trace's last observation (at
  /// least 1).
  public var daysCovered: Int {
    guard let last = observations.last?.time.seconds else { return 1 }
    return max(1, Int((last / 86_400).rounded(.down)) + 1)
  }

  /// Why a run of `days` days cannot replay the trace, or nil. Past the day of its last
  /// observation the phone would stay as the trace left it (on the charger, the screen
  /// off) for whole days, and those made-up days would enter every figure.
  public func pastTheEndProblem(days: Int) -> String? {
    guard days > daysCovered, let last = observations.last?.time.seconds else { return nil }
    let (whole, hours) = (Int(last / 86_400), Int(last.truncatingRemainder(dividingBy: 86_400) / 3600))
    return
      "\(days) days run past the end of the trace, which ends \(Format.count(whole, "day")) \(hours) h after the start; "
      + "run \(daysCovered) days or fewer"
  }
}
