/// "Launched by HH:MM", defined once. For each day of one owner, the time of day of its
/// first completed run; the owner's `launched_by_HH:MM` is the share of its days (after
/// the warm-up) whose first completed run was launched by HH:MM. The summary's figure
/// (per owner) and the report's curve (over owner-days) are both counted with this type,
/// and both leave out the warm-up with ``SummaryTables/inWarmup(milliseconds:_:)``.
package struct FirstCompletedRuns: Sendable {
  /// Day since the start → the time of day of that day's first completed run [ms].
  package private(set) var byDay: [Int: Int64] = [:]

  package init() {}

  /// Notes a completed run launched `milliseconds` after the start of the run.
  package mutating func add(launchedAtMilliseconds ms: Int64) {
    let day = Int(ms / 86_400_000)
    let timeOfDay = ms % 86_400_000
    byDay[day] = min(byDay[day] ?? timeOfDay, timeOfDay)
  }

  /// How many days had their first completed run launched by `secondsIntoDay`.
  package func days(by secondsIntoDay: Int) -> Int {
    byDay.values.count { $0 <= Int64(secondsIntoDay) * 1000 }
  }
}
