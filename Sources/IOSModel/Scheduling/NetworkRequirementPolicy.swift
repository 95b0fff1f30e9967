import FileFormats

/// Network requirement: a request that needs the network waits for one, and a
/// discretionary background transfer or work that asks for an inexpensive network
/// (Apple's iCloud backup) waits for Wi-Fi.
public struct NetworkRequirementPolicy: SchedulingPolicy {
  public var name: String { "network" }
  /// Discretionary transfers wait for Wi-Fi (Apple, `URLSessionConfiguration.isDiscretionary`:
  /// the system may delay large transfers until the device is on Wi-Fi and power).
  public var discretionaryTransfersNeedWiFi = true
  public var reads: PolicyInputs { [.network] }
  public func scoreWeight(for activity: Activity) -> Double? { nil }
  public init() {}

  public func evaluate(_ activity: Activity, _ c: PolicyContext) -> PolicyVerdict { answer(activity, c) }

  /// The rules, for a full verdict or for its outcome alone.
  public func answer<A: PolicyAnswer>(_ activity: Activity, _ c: PolicyContext) -> A {
    let needs =
      activity.requiresNetwork || activity.kind == .backgroundTransfer || activity.kind == .silentPush
    if needs, c.network == .none { return .veto(name, c, "no network") }
    if activity.requiresInexpensiveNetwork, c.network != .wifi { return .veto(name, c, "waits for Wi-Fi") }
    if discretionaryTransfersNeedWiFi, activity.kind == .backgroundTransfer, activity.discretionary,
      c.network != .wifi
    {
      return .veto(name, c, "discretionary transfer waits for Wi-Fi")
    }
    return .skip(name)
  }
}

extension NetworkRequirementPolicy: BuiltInPolicy {
  static var configKey: String? { "network" }
  static var configKeys: [String] { ["discretionary_transfers_need_wifi"] }
  var compiled: CompiledPolicy { .networkRequirement(self) }

  mutating func configure(_ s: ConfigSection) throws(ConfigError) {
    discretionaryTransfersNeedWiFi = try s.flag(
      "discretionary_transfers_need_wifi", default: discretionaryTransfersNeedWiFi)
  }
}
