import FileFormats
import Foundation
import Randomness
import SimKernel

/// `bgsim trace`: simulates devices on their own (no app, no scheduler), writes every
/// change of state to `device_events.csv`, and summarises each day.
public struct DeviceTraceRun: Sendable {
  public var persona: Persona
  public var timeline: Timeline?
  public var trace: RecordedTrace?
  public var devices: Int
  public var days: Int
  public var seed: UInt64
  public var startDate: CivilDate
  /// Output folder; nil runs without writing.
  public var outputDirectory: String?

  public init(
    persona: Persona, timeline: Timeline? = nil, trace: RecordedTrace? = nil, devices: Int, days: Int,
    seed: UInt64, startDate: CivilDate, outputDirectory: String?
  ) {
    self.persona = persona
    self.timeline = timeline
    self.trace = trace
    self.devices = devices
    self.days = days
    self.seed = seed
    self.startDate = startDate
    self.outputDirectory = outputDirectory
  }

  /// The columns of `device_events.csv`, in order.
  public static let columns = ["device", "time", "time_iso", "event", "value", "battery_pct"]

  public struct Result: Sendable {
    /// Statistics per device (outer) and day (inner).
    public let days: [[DeviceDayStats]]
    public let events: Int64
    public let changes: Int
    public let wallSeconds: Double
    public var deviceDays: Int { days.reduce(0) { $0 + $1.count } }
  }

  /// Runs every device, streaming rows to disk.
  public func run(progress: ((Int, Int) -> Void)? = nil) throws(UserError) -> Result {
    let simulation = DeviceSimulation(
      persona: persona, timeline: timeline, trace: trace, days: days, seed: seed, startDate: startDate)
    let writer: AtomicFileWriter?
    if let outputDirectory {
      try OutputFolder.prepare(directory: outputDirectory)
      writer = try AtomicFileWriter(
        path: URL(fileURLWithPath: outputDirectory).appendingPathComponent("device_events.csv").path)
      writer?.write(Self.columns.joined(separator: ",") + "\n")
    } else {
      writer = nil
    }
    let clock = ContinuousClock()
    let began = clock.now
    var allDays: [[DeviceDayStats]] = []
    var events: Int64 = 0
    var changes = 0
    var rows = CSVBuffer()
    for d in 0..<devices {
      let outcome = simulation.run(device: d) { change in
        guard let writer else { return }
        Self.appendRow(&rows, device: d, change: change, calendar: simulation.calendar)
        if rows.count > 1 << 18 {
          writer.write(rows.bytes)
          rows.removeAll()
        }
      }
      events += outcome.events
      changes += outcome.changes
      allDays.append(outcome.days)
      progress?(d + 1, devices)
    }
    writer?.write(rows.bytes)
    try writer?.commit()
    let elapsed = clock.now - began
    let wall = elapsed.inSeconds
    return Result(days: allDays, events: events, changes: changes, wallSeconds: wall)
  }

  static func appendRow(_ rows: inout CSVBuffer, device: Int, change: DeviceChange, calendar: SimCalendar) {
    rows.integer(Int64(device))
    rows.comma()
    rows.seconds(change.time)
    rows.comma()
    rows.iso(change.time, calendar: calendar)
    rows.comma()
    rows.text(change.kind.rawValue)
    rows.comma()
    rows.field(change.value)
    rows.comma()
    rows.fixed(change.batteryPercent, digits: 1)
    rows.newline()
  }
}
