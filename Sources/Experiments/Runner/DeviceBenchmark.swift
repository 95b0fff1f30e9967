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
    public var perSecond: Double { Double(deviceDays) / wallSeconds }
    public var eventsPerDeviceDay: Double { Double(events) / Double(deviceDays) }
  }

  public func run() throws(UserError) -> Result {
    var request = RunRequest()
    request.days = 30
    request.devices = max(1, Int((Double(deviceDays) / 60).rounded(.up)))
    request.seed = seed
    request.jobs = 1
    let spec = try request.load()
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "bgsim-bench-\(ProcessInfo.processInfo.processIdentifier)"
    ).path
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let options = ExperimentRunner.Options(outputDirectory: dir, jobs: 1, resume: false, commandLine: [])
    let result = try ExperimentRunner(spec: spec, options: options).run()
    return Result(deviceDays: result.deviceDays, events: result.events, wallSeconds: result.wallSeconds)
  }
}
