import FileFormats
import Foundation
import Results

/// The summary `bgsim run` prints: each metric per arm with its 95 % interval, the
/// paired differences, and the hypotheses' verdicts.
public enum RunReport {
  static func f(_ x: Double, _ d: Int = 2) -> String { x.isFinite ? Format.fixed(x, digits: d) : "–" }

  static func interval(_ r: SummaryTables.Row, _ d: Int) -> String {
    interval((r.mean, r.low, r.high), d)
  }

  static func interval(_ x: (estimate: Double, low: Double, high: Double), _ d: Int) -> String {
    "\(f(x.estimate, d)) [\(f(x.low, d)), \(f(x.high, d))]"
  }

  /// One hypothesis's verdict, its estimate, interval and p-value, and for one left
  /// inconclusive, how many owners would decide it.
  static func verdictLine(_ v: SummaryTables.Verdict) -> String {
    var p = v.pValue.map { $0 < 0.001 ? ", p < 0.001" : ", p = \(f($0, 3))" } ?? ""
    // Over several cells the verdict reads the Holm-adjusted p-value: printed, and named.
    if let raw = v.pValue, let adjusted = v.pHolm, adjusted != raw {
      p += adjusted < 0.001 ? ", Holm-adjusted p < 0.001" : ", Holm-adjusted p = \(f(adjusted, 3))"
    }
    let more =
      v.result != .inconclusive
      ? ""
      : v.ownersNeeded.map { "; about \($0) owners would decide it" } ?? "; no number of owners decides it"
    return
      "  \(v.result.rawValue)  \(v.hypothesis)   estimate \(f(v.estimate, 3)) [\(f(v.low, 3)), \(f(v.high, 3))]\(p)\(more)"
  }

  public static func render(spec: ExperimentSpec, result: ExperimentRunner.Result, directory: String)
    -> String
  {
    var out: [String] = []
    out.append(
      "\(spec.name): \(spec.days) days × \(spec.devices) owners × \(spec.replications) replication(s) × \(spec.arms.count) arms"
        + (spec.cells.count > 1 ? " × \(spec.cells.count) cells" : "")
        + " = \(result.deviceDays) device-days in \(f(result.wallSeconds, 1)) s"
        + " (\(f(Double(result.deviceDays) / max(result.wallSeconds, 1e-9), 0)) device-days/s)")
    if let posterior = spec.posterior {
      out.append(
        "intervals of owner means: over the \(spec.replications) replications, each with parameters drawn from "
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
    let arms = spec.arms.map(\.name)
    let summary = result.summary ?? SummaryTables(rows: [], verdicts: [])
    for cell in spec.cells {
      if spec.cells.count > 1 {
        out.append("")
        out.append(
          spec.summaryPlan.cellLabel(cell.index) + ":")
      }
      var header = ["metric"] + arms.map { "\($0) [95% CI]" }
      let pairs = arms.indices.flatMap { i in arms.indices.filter { $0 > i }.map { (arms[i], arms[$0]) } }
      header += pairs.map { "\($0.0) − \($0.1)" }
      var table = [header]
      for metric in spec.summaryMetrics {
        let digits = metric == .delayAfterEarliest || metric == .stalenessAtOpen ? 0 : 2
        // Delays and staleness show their median, labelled so; the others their mean.
        var row = [metric.rawValue + (metric.isSummarisedByMedian ? " (median)" : "")]
        for arm in arms {
          if let r = summary.rows.first(where: {
            $0.cell == cell.index && $0.kind == .arm && $0.arm == arm && $0.metric == metric
          }) {
            row.append(interval(r.shown, digits))
          }
        }
        for (a, b) in pairs {
          if let r = summary.rows.first(where: {
            $0.cell == cell.index && $0.kind == .pairedDifference && $0.arm == "\(a) vs \(b)"
              && $0.metric == metric
          }) {
            var p = r.pValue.map { $0 < 0.001 ? "p<0.001" : "p=\(f($0, 3))" } ?? ""
            if let raw = r.pValue, let adjusted = r.pHolm, adjusted != raw {
              p += adjusted < 0.001 ? " (Holm-adjusted p<0.001)" : " (Holm-adjusted p=\(f(adjusted, 3)))"
            }
            row.append("\(interval(r, digits)) \(p)")
          } else {
            row.append("")
          }
        }
        table.append(row)
      }
      out += TextTable.lines(table)
      let verdicts = summary.verdicts.filter { $0.cell == cell.index }
      if !verdicts.isEmpty { out += ["hypotheses:"] + verdicts.map(verdictLine) }
    }
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
