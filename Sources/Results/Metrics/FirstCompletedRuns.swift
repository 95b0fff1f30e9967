/// "Launched by HH:MM", defined once. For each day of one owner, the time of day of its
/// first completed run; the owner's `launched_by_HH:MM` is the share of its days (after
/// the warm-up) whose first completed run was launched by HH:MM. The summary's figure
/// (per owner) and the report's curve (over owner-days) are both counted with this type,
/// and both leave out the warm-up with ``SummaryTables/inWarmup(milliseconds:_:)``.
///
/// The days of a run are kept by index (a dictionary's hashing cost about 400
/// instructions at each launch of the summary); a day before the start or past
/// ``DayIndex/limit``, which only a foreign file gives, is kept by key.
package struct FirstCompletedRuns: Sendable {
  /// Day since the start → the time of day of that day's first completed run [ms];
  /// `Int64.max` for a day without one.
  private var byIndex: [Int64] = []
  /// Days out of ``byIndex``'s reach → as above.
  private var byKey: [Int: Int64] = [:]
  /// The days with a completed run.
  package var dayCount: Int { byIndex.count { $0 != Int64.max } + byKey.count }

  package init() {}

  /// Notes a completed run launched `milliseconds` after the start of the run.
  package mutating func add(launchedAtMilliseconds ms: Int64) {
    let day = Int(ms / 86_400_000)
    let timeOfDay = ms % 86_400_000
    guard DayIndex.holds(day) else {
      byKey[day] = min(byKey[day] ?? timeOfDay, timeOfDay)
      return
    }
    if byIndex.count <= day { byIndex += repeatElement(Int64.max, count: day + 1 - byIndex.count) }
    byIndex[day] = min(byIndex[day], timeOfDay)
  }

  /// How many days had their first completed run launched by `secondsIntoDay`.
  package func days(by secondsIntoDay: Int) -> Int {
    let limit = Int64(secondsIntoDay) * 1000
    return byIndex.count { $0 != Int64.max && $0 <= limit } + byKey.values.count { $0 <= limit }
  }
}
