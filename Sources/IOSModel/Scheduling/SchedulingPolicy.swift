/// One rule of the system scheduler: it vetoes an activity or scores it in [0, 1] with
/// a weight. Swap one policy, or the whole list, to test another model of iOS.
public protocol SchedulingPolicy: Sendable {
  /// The name used in decision logs and configuration (`battery`, `application`, …).
  var name: String { get }
  /// The policy's answer for `activity` in `context`.
  func evaluate(_ activity: Activity, _ context: PolicyContext) -> PolicyVerdict
  /// Whether the policy reads the usage predictions, which the scheduler then
  /// computes (they are the costly part of a context, so they are made only on demand).
  var needsPredictions: Bool { get }
}

extension SchedulingPolicy {
  public var needsPredictions: Bool { false }
}
