import Experiments
import FileFormats
import Foundation
import Results

/// The files of a fit (``ABCFit``) and the table it prints.
public enum FitOutput {
  /// `draws.csv`: every draw; `posterior.csv`: the kept draws with their weights;
  /// `fit_summary.csv`: each parameter's prior and posterior; `fitted.yaml`: the
  /// posterior medians as sections to paste into an experiment; `scorecard.csv`: the
  /// whole suite on the fitted values (a suite's fit), or `log_figures.csv`: the log's
  /// figures beside those simulated on the fitted values (a log's fit).
  static func write(_ r: ABCFit.Result, spec: FitSpec, directory: String) throws(UserError) {
    let dir = URL(fileURLWithPath: directory)
    func file(_ name: String, _ text: String) throws(UserError) {
      let writer = try AtomicFileWriter(path: dir.appendingPathComponent(name).path)
      writer.write(text)
      try writer.commit()
    }
    let keys = spec.parameters.map { CSVField.quoted($0.key) }
    var draws =
      (["draw"] + keys + ["distance", "kept"] + spec.target.figureNames.map { "figure_\($0)" })
      .joined(separator: ",") + "\n"
    let kept = Set(r.kept.map(\.index))
    for d in r.draws {
      let fields =
        ["\(d.index)"] + d.values.map(number) + [number(d.distance), kept.contains(d.index) ? "1" : "0"]
        + d.figures.map { $0.map(number) ?? "" }
      draws += fields.joined(separator: ",") + "\n"
    }
    try file("draws.csv", draws)
    var posterior = (["draw"] + keys + ["distance", "weight"]).joined(separator: ",") + "\n"
    for (d, w) in zip(r.kept, r.weights) {
      posterior +=
        (["\(d.index)"] + d.values.map(number) + [number(d.distance), number(w)]).joined(separator: ",")
        + "\n"
    }
    try file("posterior.csv", posterior)
    var summary = CSVSchema.fitSummary.header
    for e in r.estimates {
      summary +=
        ([CSVField.quoted(e.parameter.key), CSVField.quoted(e.parameter.priorText)]
        + [
          e.prior.median, e.prior.low, e.prior.high, e.posterior.median, e.posterior.low, e.posterior.high,
          e.shrinkage,
        ].map(number)).joined(separator: ",") + "\n"
    }
    try file(CSVSchema.fitSummary.file, summary)
    try file("fitted.yaml", fittedYAML(r, spec: spec))
    if let log = spec.target as? LogTarget {
      var figures = CSVSchema.logFigures.header
      for (k, name) in log.figureNames.enumerated() {
        figures += "\(name),\(log.observed[k].map(number) ?? ""),\(r.fittedFigures[k].map(number) ?? "")\n"
      }
      try file(CSVSchema.logFigures.file, figures)
    } else {
      try file("scorecard.csv", Scorecard.csv(r.fitted))
    }
  }

  static func number(_ x: Double) -> String { x.isFinite ? String(format: "%.6g", x) : "" }

  /// A posterior median as the configuration files read it (durations in seconds, `s`).
  static func value(_ e: ABCFit.Estimate) -> String {
    number(e.posterior.median) + (e.parameter.isDuration ? "s" : "")
  }

  /// The posterior medians as YAML sections: `scheduler:` and `app:` as an experiment
  /// writes them, persona keys as the overrides of a persona.
  static func fittedYAML(_ r: ABCFit.Result, spec: FitSpec) -> String {
    var out = """
      # Fitted by `bgsim fit \(URL(fileURLWithPath: spec.file).lastPathComponent)`: the posterior medians of the \
      \(r.kept.count) draws of \(r.draws.count) closest to the cases (largest distance kept \(number(r.tolerance))).
      # Paste the sections into an experiment or a scenario.

      """
    for section in ParameterSetting.sections {
      let entries = r.estimates.filter { $0.parameter.key.hasPrefix(section + ".") }
      guard !entries.isEmpty else { continue }
      if section == "persona" {
        out += "persona:\n  name: typical   # or the persona you fitted for\n  overrides:\n"
        for e in entries {
          out += "    \(e.parameter.key.dropFirst(section.count + 1)): \(value(e))\n"
        }
        continue
      }
      out += "\(section):\n"
      // Nested keys (scheduler.owners.leniency_sigma) as nested mappings.
      var open: [Substring] = []
      for e in entries.sorted(by: { $0.parameter.key < $1.parameter.key }) {
        let path = e.parameter.key.split(separator: ".").dropFirst()
        let parents = Array(path.dropLast())
        var common = 0
        while common < min(open.count, parents.count), open[common] == parents[common] { common += 1 }
        for (depth, key) in parents.enumerated().dropFirst(common) {
          out += String(repeating: "  ", count: depth + 1) + "\(key):\n"
        }
        open = parents
        out +=
          String(repeating: "  ", count: parents.count + 1) + "\(path.last!): \(value(e))\n"
      }
    }
    return out
  }

  /// The table printed at the end of a fit, laid out by ``TextTable`` (its own padding
  /// to fixed widths glued a long figure name to its value: "launches_per_day0.2").
  public static func text(_ r: ABCFit.Result, spec: FitSpec) -> String {
    func interval(_ t: (median: Double, low: Double, high: Double)) -> String {
      "\(Format.compact(t.median)) [\(Format.compact(t.low)), \(Format.compact(t.high))]"
    }
    var lines = TextTable.lines(
      [["parameter", "prior median [90 %]", "posterior median [90 %]", "shrinkage"]]
        + r.estimates.map {
          [$0.parameter.key, interval($0.prior), interval($0.posterior), Format.compact($0.shrinkage)]
        }, trimmed: true)
    lines.append(
      "kept \(r.kept.count) of \(r.draws.count) draws (distance at most \(Format.compact(r.tolerance)); "
        + "closest \(Format.compact(r.kept.first?.distance ?? .nan)))"
        + (r.resumed > 0 ? "; \(r.resumed) draws reused from the interrupted fit" : ""))
    if let log = spec.target as? LogTarget {
      lines.append("the log's figures, observed against simulated on the fitted values:")
      let rows = log.figureNames.enumerated().map { k, name in
        [name, log.observed[k].map(Format.compact) ?? "-", r.fittedFigures[k].map(Format.compact) ?? "-"]
      }
      lines += TextTable.lines(rows, trimmed: true).map { "  " + $0 }
    } else {
      lines.append(
        "scorecard of the fitted values: in_band=\(Scorecard.inBand(r.fitted)) of \(r.fitted.count) "
          + "(defaults: \(Scorecard.inBand(r.defaults)) of \(r.defaults.count))")
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
