import DeviceModel
import Experiments
import FileFormats
import Foundation

/// `bgsim bench devices`: device-days per second for the default experiment (typical
/// owners, refresh and processing arms), on one core, outputs included.
public struct DeviceBenchmark: Sendable {
  public var deviceDays: Int
  public var seed: UInt64

  public init(deviceDays: Int, seed: UInt64) {
    self.deviceDays = deviceDays
    self.seed = seed
  }

  public struct Result: Sendable {
    public let deviceDays: Int
    public let events: Int64
    public let wallSeconds: Double
    /// Simulating and writing each owner's rows [s]; the rest of the wall time merges
    /// the parts and computes the summary.
    public let simulationSeconds: Double
    /// Kernel events of the device model run alone (no app, no scheduler, no output) for
    /// the same owners and days, once per arm, the arms of an owner sharing its usage
    /// draws as in the run.
    public let deviceOnlyEvents: Int64
    /// Wall time of that device-only pass [s].
    public let deviceOnlySeconds: Double
    /// Peak resident memory of the process after the run [MiB].
    public let peakResidentMebibytes: Double
    /// The device model's share of the full run's wall time [0…1].
    public var deviceShare: Double { min(1, deviceOnlySeconds / wallSeconds) }
    /// Device-only kernel events per device-day.
    public var deviceEventsPerDeviceDay: Double { Double(deviceOnlyEvents) / Double(deviceDays) }
    public var perSecond: Double { Double(deviceDays) / wallSeconds }
    /// The share of the wall time spent merging parts and summarising [0…1].
    public var summaryShare: Double { max(0, 1 - simulationSeconds / wallSeconds) }
    public var eventsPerDeviceDay: Double { Double(events) / Double(deviceDays) }
  }

  public func run() throws(UserError) -> Result {
    let spec = try DefaultExperimentRun.spec(deviceDays: deviceDays, seed: seed)
    let result = try DefaultExperimentRun.run(spec, label: "")
    let peak = ProcessMemory.peakResidentMebibytes()
    // Where the time goes: the same owners with the device model alone, once per arm,
    // sharing each owner's usage draws between its arms as the run does.
    let alone = DeviceSimulation(
      persona: spec.personas[0].persona, timeline: spec.timeline, days: spec.days, seed: spec.seed,
      startDate: spec.startDate)
    let clock = ContinuousClock()
    var deviceEvents: Int64 = 0
    let elapsed = clock.measure {
      for device in 0..<spec.devices {
        let draws = UsageDraws()
        for _ in spec.arms { deviceEvents += alone.events(device: device, usageDraws: draws) }
      }
    }
    return Result(
      deviceDays: result.deviceDays, events: result.events, wallSeconds: result.wallSeconds,
      simulationSeconds: result.simulationSeconds, deviceOnlyEvents: deviceEvents,
      deviceOnlySeconds: elapsed.inSeconds, peakResidentMebibytes: peak)
  }
}
