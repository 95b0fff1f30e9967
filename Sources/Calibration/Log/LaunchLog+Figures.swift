import Randomness

extension LaunchLog {
  /// The figures of a task's launches that a fit to a log compares
  /// (``LogTarget``), in the order of ``figureNames``; nil where one is undefined.
  public func figures(task: String) -> [Double?] {
    var launches: [Double] = []
    var delays: [Double] = []
    var earliest: Double?
    for r in rows where r.taskID == task {
      switch r.event {
      case .submit: earliest = r.value.isEmpty ? r.seconds : seconds(iso: r.value)
      case .launch:
        launches.append(r.seconds)
        if let e = earliest { delays.append(max(0, r.seconds - e)) }
        earliest = nil
      default: break
      }
    }
    let gaps = zip(launches, launches.dropFirst()).map { ($1 - $0) / 3600 }
    func median(_ xs: [Double]) -> Double? { xs.isEmpty ? nil : Statistics.quantile(xs, 0.5) }
    var out: [Double?] = [
      Double(launches.count) / Double(days), median(gaps), median(delays.map { $0 / 60 }),
    ]
    for block in 0..<4 {
      let inBlock = launches.filter { Int($0.truncatingRemainder(dividingBy: 86_400) / 21_600) == block }
      out.append(launches.isEmpty ? nil : Double(inBlock.count) / Double(launches.count))
    }
    return out
  }

  /// The names of ``figures(task:)``.
  public static let figureNames = [
    "launches_per_day", "median_gap_hours", "median_delay_minutes", "share_00_06", "share_06_12",
    "share_12_18", "share_18_24",
  ]
}
