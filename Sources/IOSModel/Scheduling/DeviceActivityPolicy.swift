import FileFormats

/// Device activity: processing needs an idle device (screen off for a while); for
/// refresh-like work the score is the predicted probability that the owner uses the
/// phone now, so launches fall where use is likely.
public struct DeviceActivityPolicy: SchedulingPolicy {
  public var name: String { "device_activity" }
  public var reads: PolicyInputs { [.deviceInUse, .deviceUsePrediction] }
  public var vetoReads: PolicyInputs { [.deviceInUse] }
  public func scoreWeight(for activity: Activity) -> Double? {
    switch activity.kind {
    case .processing: inactivityWeight
    case .refresh, .legacyFetch: weight
    case .silentPush, .backgroundTransfer: nil
    }
  }
  /// Weight for work that launches the app (dasd: 5).
  public var weight: Double = 5
  /// Weight for processing [weight units]. A dasd decision line for a processing task
  /// (field observation P1) shows 5, and its denominator (29.61) fits 5 beside the other
  /// policies, not the 20 the decompiled dasd gives activities that require inactivity.
  public var inactivityWeight: Double = 5
  /// Idle time a processing task waits for [s] (Apple staff: about 5 minutes).
  public var processingIdleSeconds: Double = 300

  public init() {}

  public func evaluate(_ activity: Activity, _ c: PolicyContext) -> PolicyVerdict { answer(activity, c) }

  /// The rules, for a full verdict or for its outcome alone.
  public func answer<A: PolicyAnswer>(_ activity: Activity, _ c: PolicyContext) -> A {
    switch activity.kind {
    case .processing:
      if c.isInUse { return .veto(name, c, "device in use") }
      if c.idleSeconds < processingIdleSeconds {
        return .veto(name, c, "idle only \(Int(c.idleSeconds)) s of \(Int(processingIdleSeconds)) s")
      }
      return .score(
        name, 1 - c.processingIdleUseProbability, weight: inactivityWeight, c,
        "idle \(Int(c.idleSeconds / 60)) min, use predicted p=\(format(c.processingIdleUseProbability))")
    case .refresh, .legacyFetch:
      return .score(
        name, c.deviceUseProbability, weight: weight, c, "use predicted p=\(format(c.deviceUseProbability))")
    case .silentPush, .backgroundTransfer:
      return .skip(name)
    }
  }
}

func format(_ x: Double) -> String {
  let r = (x * 1000).rounded() / 1000
  return String(r)
}

extension DeviceActivityPolicy: BuiltInPolicy {
  static var configKey: String? { "device_activity" }
  static var configKeys: [String] { ["weight", "inactivity_weight", "processing_idle"] }
  var compiled: CompiledPolicy { .deviceActivity(self) }

  mutating func configure(_ s: ConfigSection) throws(ConfigError) {
    weight = try s.weight(default: weight)
    inactivityWeight = try s.weight("inactivity_weight", default: inactivityWeight)
    processingIdleSeconds = try s.duration(
      "processing_idle", default: processingIdleSeconds, range: 0...86_400)
  }
}
