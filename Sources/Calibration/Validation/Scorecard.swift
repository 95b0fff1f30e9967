import Experiments
import FileFormats
import Foundation
import Randomness
import Results
import Synchronization

/// `bgsim calibrate`: every validation case run on the default parameters, each
/// simulated figure with a 95 % interval beside its reported band.
public enum Scorecard {
  public struct Row: Sendable {
    public let validationCase: ValidationCase
    /// The simulated figure; nil when the case is not expressible or the figure is
    /// undefined.
    public let figure: Double?
    /// 95 % interval: percentiles of the figure over owners resampled with
    /// replacement (owners are the independent units).
    public let lower: Double?
    public let upper: Double?

    public var expressible: Bool { validationCase.notExpressible == nil }
    public var inBand: Bool { figure.map { validationCase.band.contains($0) } ?? false }

    /// Why the case is out, in one line; empty when in band.
    public var reason: String {
      if let why = validationCase.notExpressible { return "not expressible yet: \(why)" }
      guard let f = figure else { return "no figure: no \(validationCase.figure.task) launch to measure" }
      let band = validationCase.band
      if f < band.lowerBound { return "below the band by \(Format.compact(band.lowerBound - f))" }
      if f > band.upperBound { return "above the band by \(Format.compact(f - band.upperBound))" }
      return ""
    }
  }

  /// Bootstrap resamples behind each interval.
  static let resamples = 400

  /// Runs every case; `progress(done, total)` after each.
  public static func run(
    _ cases: [ValidationCase], jobs: Int, progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in }
  ) -> [Row] {
    let rows = Mutex<[Row?]>(Array(repeating: nil, count: cases.count))
    let next = Atomic<Int>(0)
    let done = Atomic<Int>(0)
    DispatchQueue.concurrentPerform(iterations: max(1, min(jobs, cases.count))) { _ in
      while true {
        let i = next.add(1, ordering: .relaxed).oldValue
        guard i < cases.count else { return }
        let r = row(for: cases[i])
        rows.withLock { $0[i] = r }
        progress(done.add(1, ordering: .relaxed).newValue, cases.count)
      }
    }
    return rows.withLock { $0.compactMap { $0 } }
  }

  /// One case's row.
  static func row(for c: ValidationCase) -> Row {
    guard let scenario = c.scenario else {
      return Row(validationCase: c, figure: nil, lower: nil, upper: nil)
    }
    let owners = Self.owners(c, scenario)
    guard let figure = c.figure.value(owners) else {
      return Row(validationCase: c, figure: nil, lower: nil, upper: nil)
    }
    let stream = RandomStreams(seed: scenario.seed).stream("validation/bootstrap")
    var draws: [Double] = []
    for _ in 0..<resamples {
      let sample = (0..<owners.count).map { _ in owners[stream.uniformInt(below: owners.count)] }
      if let v = c.figure.value(sample) { draws.append(v) }
    }
    let lower = draws.isEmpty ? nil : Statistics.quantile(draws, 0.025)
    let upper = draws.isEmpty ? nil : Statistics.quantile(draws, 0.975)
    return Row(validationCase: c, figure: figure, lower: lower, upper: upper)
  }

  /// The case's owners, simulated.
  static func owners(_ c: ValidationCase, _ scenario: Scenario) -> [ValidationOwner] {
    let needsScores = c.figure.metric.readsDecisions
    return (0..<c.owners).map { i in
      ValidationOwner(
        outcome: scenario.run(device: i, recordDecisions: needsScores), task: c.figure.task,
        days: scenario.days)
    }
  }

  /// The case's simulated figure alone (no interval); nil when it is not defined.
  static func figure(for c: ValidationCase) -> Double? {
    guard let scenario = c.scenario else { return nil }
    return c.figure.value(owners(c, scenario))
  }

  /// How many rows are in band.
  public static func inBand(_ rows: [Row]) -> Int { rows.filter(\.inBand).count }

  /// The scorecard as printed: one line per case, then `in_band=N of M`.
  public static func text(_ rows: [Row]) -> String {
    var lines: [String] = []
    let width = max(4, rows.map(\.validationCase.id.count).max() ?? 4)
    // The metric column fits the longest name shown, with two spaces after it.
    let metricWidth =
      2 + max(6, rows.filter(\.expressible).map(\.validationCase.figure.metric.rawValue.count).max() ?? 6)
    func pad(_ s: String, _ n: Int) -> String { s + String(repeating: " ", count: max(0, n - s.count)) }
    lines.append(
      pad("case", width) + "  grade  " + pad("metric", metricWidth) + pad("band", 18)
        + pad("simulated [95 %]", 28)
        + "")
    for r in rows {
      let c = r.validationCase
      let figure =
        r.expressible
        ? "\(r.figure.map(Format.compact) ?? "-") [\(r.lower.map(Format.compact) ?? "-"), \(r.upper.map(Format.compact) ?? "-")]"
        : "-"
      let band =
        r.expressible ? "\(Format.compact(c.band.lowerBound))–\(Format.compact(c.band.upperBound))" : "-"
      let verdict = r.inBand ? "in" : "OUT"
      let metric = r.expressible ? "\(c.figure.metric.rawValue)" : "-"
      lines.append(
        pad(c.id, width) + "  " + pad(c.grade, 5) + "  " + pad(metric, metricWidth) + pad(band, 18)
          + pad(figure, 28)
          + verdict + (r.reason.isEmpty ? "" : "  \(r.reason)"))
    }
    lines.append("in_band=\(inBand(rows)) of \(rows.count)")
    return lines.joined(separator: "\n") + "\n"
  }

  /// `scorecard.csv`.
  /// Writes `scorecard.csv` in `folder` (created if needed) and returns its path.
  public static func write(_ rows: [Row], in folder: String) throws(UserError) -> String {
    try OutputFolder.prepare(directory: folder)
    let path = URL(fileURLWithPath: folder).appendingPathComponent(CSVSchema.scorecard.file).path
    let writer = try AtomicFileWriter(path: path)
    writer.write(csv(rows))
    try writer.commit()
    return path
  }

  public static func csv(_ rows: [Row]) -> String {
    var out = CSVSchema.scorecard.header
    for r in rows {
      let c = r.validationCase
      let fields: [String] = [
        c.id, c.grade, CSVField.quoted(c.source), r.expressible ? c.figure.metric.rawValue : "",
        r.expressible ? c.figure.task : "",
        r.expressible ? Format.compact(c.band.lowerBound) : "",
        r.expressible ? Format.compact(c.band.upperBound) : "",
        r.figure.map(Format.compact) ?? "", r.lower.map(Format.compact) ?? "",
        r.upper.map(Format.compact) ?? "",
        r.inBand ? "1" : "0", CSVField.quoted(r.reason),
      ]
      out += fields.joined(separator: ",") + "\n"
    }
    return out
  }
}
