import DeviceModel
import FileFormats
import Foundation
import Results
import SimKernel

/// What `bgsim trace` asks for, as the command line gives it; ``run(progress:)`` loads
/// the files, runs ``DeviceTraceRun`` and returns the report to print.
public struct TraceRequest: Sendable {
  public var persona = "typical"
  public var days = 7
  public var devices = 1
  public var seed: UInt64 = 42
  public var start = "2026-01-05"
  public var out = ""
  public var timeline: String?
  public var replay: String?

  public init() {}

  /// Checks values that need no files; nil when fine, else the problem.
  public func problem() -> String? {
    if !(1...3650).contains(days) { return "--days must be 1…3650 (got \(days))" }
    if !(1...100_000).contains(devices) { return "--devices must be 1…100000 (got \(devices))" }
    if days * devices > 10_000_000 {
      return "--days × --devices must be at most 10000000 device-days (got \(days * devices)); trace fewer"
    }
    if CivilDate(iso: start) == nil { return "--start must be a date YYYY-MM-DD (got '\(start)')" }
    return nil
  }

  /// Runs the trace; `warning` hears what the files would silently not do, one line each.
  public func run(warning: (String) -> Void = { _ in }, progress: @escaping (Int, Int) -> Void)
    throws(UserError) -> String
  {
    if let problem = problem() { throw UserError(problem) }
    let startDate = CivilDate(iso: start)!
    let spec = try PersonaCatalog.load(persona)
    var script: Timeline?
    if let timeline {
      do { script = try Timeline.load(file: timeline, startDate: startDate) } catch {
        throw UserError(error.description)
      }
    }
    for w in script?.warnings(days: days) ?? [] { warning("\(timeline ?? ""): warning: \(w)") }
    for w in spec.warnings { warning("\(persona): warning: \(w)") }
    var recorded: RecordedTrace?
    if let replay {
      do { recorded = try RecordedTrace.load(file: replay) } catch { throw UserError(error.description) }
      if let p = recorded?.pastTheEndProblem(days: days) { throw UserError("--days: \(p) (\(replay))") }
    }
    let run = DeviceTraceRun(
      persona: spec, timeline: script, trace: recorded, devices: devices, days: days, seed: seed,
      startDate: startDate, outputDirectory: out)
    let result = try run.run(progress: progress)
    let perDay = Double(result.events) / Double(max(result.deviceDays, 1))
    let rate = Double(result.deviceDays) / max(result.wallSeconds, 1e-9)
    return DayTable.render(result.days, calendar: SimCalendar(startDate: startDate)) + "\n"
      + "\(Format.count(result.deviceDays, "device-day")), \(Format.count(result.changes, "row")) in \(out)/device_events.csv; "
      + "\(Format.fixed(perDay, digits: 0)) kernel events per device-day; "
      + "\(Format.fixed(rate, digits: 0)) device-days/s"
  }
}
