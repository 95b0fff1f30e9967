import DeviceModel
import FileFormats
import Results
import SimKernel

/// `bgsim convert-aware`: AWARE battery and screen files to a trace CSV.
public enum AwareConversion {
  /// Converts, writes `out` atomically, and returns the report to print.
  public static func run(battery: String, screen: String, out: String) throws(UserError) -> String {
    let batteryText = try TextFiles.read(battery)
    let screenText = try TextFiles.read(screen)
    let converted: (trace: RecordedTrace, startDate: CivilDate)
    do {
      converted = try AwareTrace.convert(
        batteryCSV: batteryText, screenCSV: screenText, batteryFile: battery, screenFile: screen)
    } catch { throw UserError(error.description) }
    let writer = try AtomicFileWriter(path: out)
    writer.write(converted.trace.csv)
    try writer.commit()
    let last = converted.trace.observations.last?.time.seconds ?? 0
    // The most days a run may replay (``RecordedTrace/pastTheEndProblem(days:)``'s bound).
    let days = converted.trace.daysCovered
    return
      "wrote \(converted.trace.observations.count) observations over \(Format.fixed(last / 86_400, digits: 1)) days to \(out)\n"
      + "replay with: bgsim trace --replay \(out) --start \(converted.startDate) --days \(days) --out DIR"
  }
}
