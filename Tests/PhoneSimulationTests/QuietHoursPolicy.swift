import IOSModel

@testable import PhoneAssembly

/// A toy policy, to show that adding one is one file plus one line of registration
/// (`model.policies.append(QuietHoursPolicy())`): refresh-like work scores low in the
/// small hours. Its declarations (what it reads, the weight it scores with) are all the
/// scheduler's shortcuts need; debug builds check them against its rule.
struct QuietHoursPolicy: SchedulingPolicy {
  var name: String { "quiet_hours" }
  /// Weight of its score for work that launches the app.
  var weight = 10.0
  /// The quiet hours [h of the day]: from `start` to `end`.
  var start = 1.0
  var end = 5.0

  var reads: PolicyInputs { [.time] }
  func scoreWeight(for activity: Activity) -> Double? { activity.launchesApp ? weight : nil }

  func evaluate(_ activity: Activity, _ c: PolicyContext) -> PolicyVerdict {
    guard activity.launchesApp else { return .skip(name) }
    let hour = c.now.seconds.truncatingRemainder(dividingBy: 86_400) / 3600
    let quiet = hour >= start && hour < end
    return .score(name, quiet ? 0.1 : 1, weight: weight, c, quiet ? "quiet hours" : "awake hours")
  }
}
