import FileFormats
import Foundation
import Results

/// The summary `bgsim run` prints: the run's size and warm-up, then the summary's
/// tables (``SummaryTables/consoleLines(plan:)``) and the files written.
public enum RunReport {
  static func f(_ x: Double, _ d: Int = 2) -> String { x.isFinite ? Format.fixed(x, digits: d) : "–" }

  /// What a finished run says: its summary (``render(spec:result:directory:)``), the
  /// claims' result, and whether its own data show a transient longer than its warm-up.
  static func outcome(spec: ExperimentSpec, result: ExperimentRunner.Result, directory: String, label: String)
    -> (report: String, result: SummaryTables.Verdict.Result, warnings: [String])
  {
    let warmup = result.summary.flatMap {
      StartupTransient.warning(
        $0.transient, auto: spec.warmupIsAuto, warmupDays: result.warmupDays, days: spec.days, label: label)
    }
    return (
      render(spec: spec, result: result, directory: directory), result.summary?.overallResult ?? .pass,
      (warmup.map { [$0] } ?? [])
        + (result.summary.flatMap { daysOffWarning($0.daysOff, label: label) }.map { [$0] } ?? [])
    )
  }

  /// One line when any owner's phone was off a whole day: flat and not charged (a
  /// timeline that stops plugging in, say), its launches counted as none.
  static func daysOffWarning(_ days: (off: Int, of: Int), label: String) -> String? {
    guard days.off > 0 else { return nil }
    return
      "\(label): warning: on \(days.off) of \(days.of) owner-days the phone was off from midnight to midnight "
      + "(it ran flat and was not charged); their launches count as none: check the persona's charging or the "
      + "timeline's plug events (days.csv: off_s)"
  }

  public static func render(spec: ExperimentSpec, result: ExperimentRunner.Result, directory: String)
    -> String
  {
    var out: [String] = []
    out.append(
      "\(spec.name): \(Format.count(spec.days, "day")) × \(Format.count(spec.devices, "owner")) × \(Format.count(spec.replications, "replication")) × \(Format.count(spec.arms.count, "arm"))"
        + (spec.cells.count > 1 ? " × \(spec.cells.count) cells" : "")
        + " = \(Format.count(result.deviceDays, "device-day"))"
        + (result.pilotDeviceDays > 0 ? ", and \(result.pilotDeviceDays) in the warm-up pilot," : "")
        + " in \(f(result.wallSeconds, 1)) s"
        + " (\(f(Double(result.deviceDays + result.pilotDeviceDays) / max(result.wallSeconds, 1e-9), 0)) device-days/s)"
        + (spec.installedDaysBefore > 0
          ? "; the app installed \(Format.count(spec.installedDaysBefore, "day")) before day 0"
          : "; the app installed on day 0")
    )
    if let posterior = spec.posterior {
      out.append(
        "intervals of owner means: over \(Format.count(spec.replications, "replication")), each with parameters drawn from "
          + "\(posterior.file) (what the fit left unknown, with the simulation's noise)")
    }
    if let t = result.summary?.transient {
      out.append(t.line(warmupDays: result.warmupDays, auto: spec.warmupIsAuto, cells: spec.cells.count))
    }
    if result.chunksKept > 0 {
      out.append(
        "(resumed: \(result.chunksKept) of \(result.chunksKept + result.chunksRun) chunks kept from the interrupted run)"
      )
    }
    out += (result.summary ?? SummaryTables(rows: [], verdicts: [])).consoleLines(plan: spec.summaryPlan)
    out.append("")
    // The other apps' files, when the run wrote them.
    let others = CSVSchema.otherAppOutputs.map(\.file).filter {
      FileManager.default.fileExists(atPath: (directory as NSString).appendingPathComponent($0))
    }
    out.append(
      "wrote "
        + (CSVSchema.experimentOutputs.map(\.file) + others
        + ["manifest.json"]).joined(separator: ", ")
        + " to \(directory)/"
    )
    return out.joined(separator: "\n")
  }
}
