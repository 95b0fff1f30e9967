import Experiments
import FileFormats
import Foundation
import IOSModel

/// `bgsim bench phone --apps N`: phone-days per second of the default experiment with N
/// other apps with background work on every phone (the built-in archetype mix, and
/// Apple's maintenance when N > 0), on one core, outputs included. Compare N = 0 (the app
/// alone) with N = 40 for what the other apps cost.
public struct PhoneBenchmark: Sendable {
  public var phoneDays: Int
  public var apps: Int
  public var seed: UInt64
  /// The most other apps a phone may hold.
  public static let maximumApps = AppPopulation.maximumApps

  public init(phoneDays: Int, apps: Int, seed: UInt64) {
    self.phoneDays = phoneDays
    self.apps = apps
    self.seed = seed
  }

  public struct Result: Sendable {
    public let phoneDays: Int
    public let wallSeconds: Double
    public var perSecond: Double { Double(phoneDays) / wallSeconds }
  }

  public func run() throws(UserError) -> Result {
    var spec = try DefaultExperimentRun.spec(deviceDays: phoneDays, seed: seed)
    spec.otherApps.backgroundActive = apps
    spec.otherApps.installed = max(spec.otherApps.installed, apps)
    spec.otherApps.maintenance = apps > 0 ? AppleMaintenance.defaults : [:]
    let result = try DefaultExperimentRun.run(spec, label: "phone-")
    return Result(phoneDays: result.deviceDays, wallSeconds: result.wallSeconds)
  }
}
