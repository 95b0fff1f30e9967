/// The days since the start that the summary's per-day sets keep by index
/// (``FirstCompletedRuns``, ``LaunchHours``): a run's own days. A day before the start or
/// beyond the limit (about 180 years) comes only from a foreign file, and is kept by key
/// so that it cannot make an array of that length.
enum DayIndex {
  static let limit = 65_536

  @inline(__always)
  static func holds(_ day: Int) -> Bool { day >= 0 && day < limit }
}
