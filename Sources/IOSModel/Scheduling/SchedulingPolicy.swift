/// One rule of the system scheduler: it vetoes an activity or scores it in [0, 1] with
/// a weight. Swap one policy, or the whole list, to test another model of iOS.
///
/// Besides its rule, a policy declares what it reads (``reads``, ``vetoReads``) and the
/// weight it scores an activity with (``scoreWeight(for:)``). The scheduler judges by
/// the rules alone (``SchedulingModel/judge(_:_:)``); its shortcuts, which skip work
/// whose outcome is already known, are derived from the declarations, and debug builds
/// check every shortcut against the rules. See "Adding a policy" in the `IOSModel`
/// documentation.
public protocol SchedulingPolicy: Sendable {
  /// The name used in decision logs and configuration (`battery`, `application`, …).
  var name: String { get }
  /// The policy's answer for `activity` in `context`.
  func evaluate(_ activity: Activity, _ context: PolicyContext) -> PolicyVerdict
  /// Every part of the context the policy's answer reads (besides the activity).
  var reads: PolicyInputs { get }
  /// The parts of the context whether it vetoes depends on (a subset of ``reads``).
  var vetoReads: PolicyInputs { get }
  /// The weight the policy scores `activity` with, or nil when it never scores it
  /// (it only vetoes or skips). Read once per kind of activity when a model is made,
  /// so it may depend on the activity's ``Activity/kind`` and
  /// ``Activity/discretionary`` flag alone.
  func scoreWeight(for activity: Activity) -> Double?
}

extension SchedulingPolicy {
  /// Undeclared: everything, which turns off the shortcuts that would need to know.
  public var reads: PolicyInputs { .all }
  public var vetoReads: PolicyInputs { reads }
  /// Undeclared: a score of up to 1 with an unknown weight, which turns off bounds.
  public func scoreWeight(for activity: Activity) -> Double? { .infinity }

  /// Whether the policy reads the usage predictions, which the scheduler then makes
  /// just before asking it (they are the costly part of a context).
  public var needsPredictions: Bool { !reads.isDisjoint(with: .predictions) }
  /// Whether its veto depends only on the state a standing veto keeps.
  public var vetoesOnStateAlone: Bool { PolicyInputs.standingState.isSuperset(of: vetoReads) }
}
