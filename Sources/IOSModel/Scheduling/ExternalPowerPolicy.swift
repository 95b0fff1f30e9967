import FileFormats

/// External power. On an iPhone the system runs processing only on power, whatever
/// `requiresExternalPower` says (dasd; developers report the same). With
/// `processingAlwaysNeedsPower` off, only the stated requirement counts.
public struct ExternalPowerPolicy: SchedulingPolicy {
  public var name: String { "external_power" }
  public var reads: PolicyInputs { [.pluggedIn] }
  public func scoreWeight(for activity: Activity) -> Double? { nil }
  public var processingAlwaysNeedsPower = true
  /// Discretionary background transfers wait for external power (Apple,
  /// `URLSessionConfiguration.isDiscretionary`).
  public var discretionaryTransfersNeedPower = true

  public init() {}

  public func evaluate(_ activity: Activity, _ c: PolicyContext) -> PolicyVerdict { answer(activity, c) }

  /// The rules, for a full verdict or for its outcome alone.
  public func answer<A: PolicyAnswer>(_ activity: Activity, _ c: PolicyContext) -> A {
    let needs =
      activity.requiresExternalPower || (processingAlwaysNeedsPower && activity.kind == .processing)
      || (discretionaryTransfersNeedPower && activity.kind == .backgroundTransfer && activity.discretionary)
    if needs, !c.isPluggedIn { return .veto(name, c, "not on external power") }
    return .skip(name)
  }
}

extension ExternalPowerPolicy: BuiltInPolicy {
  static var configKey: String? { "external_power" }
  static var configKeys: [String] { ["processing_always_needs_power", "discretionary_transfers_need_power"] }
  var compiled: CompiledPolicy { .externalPower(self) }

  mutating func configure(_ s: ConfigSection) throws(ConfigError) {
    processingAlwaysNeedsPower = try s.flag(
      "processing_always_needs_power", default: processingAlwaysNeedsPower)
    discretionaryTransfersNeedPower = try s.flag(
      "discretionary_transfers_need_power", default: discretionaryTransfersNeedPower)
  }
}
