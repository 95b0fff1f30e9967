import FileFormats

/// The SDK header's promise: a processing request runs within two days "as long as the
/// user has used your app within the past week". Processing waits while the app has
/// not been opened for `maximumDays`; silent pushes launch no app the owner has not
/// opened for `pushMaximumDays` (an Apple engineer: none for an app not launched for a
/// while, developer forums thread 776933).
public struct AppUsagePolicy: SchedulingPolicy {
  public var name: String { "app_usage" }
  public var reads: PolicyInputs { [.daysSinceAppOpened, .time] }
  public func scoreWeight(for activity: Activity) -> Double? { nil }
  /// Days without an open after which processing waits [d].
  public var maximumDays: Double = 7
  /// Days without an open after which silent pushes no longer launch the app [d].
  public var pushMaximumDays: Double = 7
  /// After install, the time before the first refresh, legacy fetch or processing
  /// launch, for an owner factor of 1 [s] (R1: well over a day; R6: events can take
  /// days to start). The owner installs the app when first opening it: counted from the
  /// start of the run, every owner's warm-up ended at the same midnight and released the
  /// night's held processing at once (field-observations-3.md V6).
  public var installWarmupSeconds: Double = 86_400

  public init() {}

  public func evaluate(_ activity: Activity, _ c: PolicyContext) -> PolicyVerdict { answer(activity, c) }

  /// The rules, for a full verdict or for its outcome alone.
  public func answer<A: PolicyAnswer>(_ activity: Activity, _ c: PolicyContext) -> A {
    // Apple's own work is no app the owner uses.
    guard !activity.isSystem else { return .skip(name) }
    if activity.kind == .refresh || activity.kind == .legacyFetch || activity.kind == .processing,
      c.secondsSinceInstall < installWarmupSeconds * c.owner.installWarmupFactor
    {
      let hours = Int(installWarmupSeconds * c.owner.installWarmupFactor / 3600)
      return .veto(name, c, "installed \(Int(c.secondsSinceInstall / 3600)) h ago, < \(hours) h")
    }
    let limit: Double
    switch activity.kind {
    case .processing: limit = maximumDays
    case .silentPush: limit = pushMaximumDays
    case .refresh, .legacyFetch, .backgroundTransfer: return .skip(name)
    }
    guard let days = c.daysSinceAppOpened else { return .veto(name, c, "app never opened") }
    if days > limit { return .veto(name, c, "app not opened for \(Int(days)) days") }
    return .skip(name)
  }
}

extension AppUsagePolicy: BuiltInPolicy {
  static var configKey: String? { "app_usage" }
  static var configKeys: [String] { ["maximum_days", "push_maximum_days", "install_warmup"] }
  var compiled: CompiledPolicy { .appUsage(self) }

  mutating func configure(_ s: ConfigSection) throws(ConfigError) {
    maximumDays = try s.number("maximum_days", default: maximumDays, range: 0...365)
    pushMaximumDays = try s.number("push_maximum_days", default: pushMaximumDays, range: 0...365)
    installWarmupSeconds = try s.duration(
      "install_warmup", default: installWarmupSeconds, range: 0...2_592_000)
  }
}
