/// A model of the system scheduler: its policies and the weighted score an activity
/// needs to launch. Ship your own by listing other policies.
public struct SchedulingModel: Sendable {
  /// `ios`, `naive`, or a researcher's own name.
  public var name: String
  public var policies: [any SchedulingPolicy] { didSet { compiled = CompiledPolicy.List(policies) } }
  /// `policies`, ready for the decision loop; compiled once per model rather than once
  /// per simulated phone (each compile is up to 18 dynamic casts per policy).
  var compiled: CompiledPolicy.List
  /// Weighted mean score an activity other than processing needs to launch [0…1].
  /// dasd's own threshold was not found in the decompilation; see the calibration notes.
  public var threshold: Double
  /// Weighted mean score a processing task needs to launch [0…1] (a dasd log: 0.91,
  /// field observation P1).
  public var processingThreshold: Double
  /// Whether a request is judged at the instant its `earliestBeginDate` arrives, so that
  /// work can start then: what developers expect (`naive`). No source says dasd does; the
  /// `ios` model sets a timer at the request's start (the later of that date and the
  /// 450-s hold), which does not wake a phone asleep on battery (dasd-decisions.md §1, §4).
  public var decidesAtEarliestBegin = false
  /// The bar of an activity that bypasses dasd's predictions
  /// (``Activity/bypassesPredictions``) [0…1]: 0.01 (dasd-decisions.md §2, grade H: push
  /// launches, priority at or above UserInitiated and fast-pass get it). Fixed: the
  /// owner's leniency moves the model's thresholds, not this one. The `naive` model
  /// judges every activity against its own threshold.
  public static let bypassThreshold = 0.01

  public init(
    name: String, policies: [any SchedulingPolicy], threshold: Double, processingThreshold: Double? = nil
  ) {
    self.name = name
    self.policies = policies
    compiled = CompiledPolicy.List(policies)
    self.threshold = threshold
    self.processingThreshold = processingThreshold ?? threshold
  }

  /// The threshold `activity` must reach: its own relative one where the scheduler set
  /// it (``RelativeThreshold``), dasd's bar for work that bypasses its predictions
  /// (``bypassThreshold``), otherwise the model's for its kind.
  @inline(__always)
  public func threshold(for activity: Activity) -> Double {
    if !activity.relativeThreshold.isNaN { return activity.relativeThreshold }
    if activity.bypassesPredictions, !decidesAtEarliestBegin { return Self.bypassThreshold }
    return activity.kind == .processing ? processingThreshold : threshold
  }

  /// Whether the model runs processing only on external power whatever a request asks
  /// (``ExternalPowerPolicy/processingAlwaysNeedsPower``): then a request's
  /// `requiresExternalPower` changes nothing.
  public var processingAlwaysNeedsPower: Bool {
    policies.contains { ($0 as? ExternalPowerPolicy)?.processingAlwaysNeedsPower == true }
  }

  /// The model on one owner's phone: each threshold moved by the owner's leniency,
  /// 1 − (1 − threshold) × leniency, kept in [0, 1].
  public func forOwner(_ effects: OwnerEffects) -> SchedulingModel {
    var m = self
    m.threshold = Self.moved(threshold, by: effects)
    m.processingThreshold = Self.moved(processingThreshold, by: effects)
    return m
  }

  /// A threshold moved by an owner's leniency: 1 − (1 − threshold) × leniency, kept in
  /// [0, 1] (the model's thresholds, and each request's relative one).
  @inline(__always)
  static func moved(_ threshold: Double, by effects: OwnerEffects) -> Double {
    min(1, max(0, 1 - (1 - threshold) * effects.leniency))
  }

  /// The model of iOS described in the calibration notes.
  public static func ios() -> SchedulingModel {
    SchedulingModel(
      name: "ios",
      policies: CompiledPolicy.builtIn.map { $0.init() },
      threshold: 0.827, processingThreshold: 0.91)
  }

  /// What many developers expect: run as soon as `earliestBeginDate` has passed and
  /// the stated requirements hold (network, external power as requested).
  public static func naive() -> SchedulingModel {
    var power = ExternalPowerPolicy()
    power.processingAlwaysNeedsPower = false
    var naive = SchedulingModel(
      name: "naive", policies: [PowerStatePolicy(), NetworkRequirementPolicy(), power], threshold: 0)
    naive.decidesAtEarliestBegin = true
    return naive
  }

  /// The names of the policies in the `ios` model, for configuration files.
  public static var policyNames: [String] { ios().policies.map(\.name) }
}
