import Experiments
import FileFormats
import Foundation
import Randomness
import Results
import Synchronization

/// `bgsim calibrate`: every validation case run on the default parameters. A fleet case
/// prints its figure over all owners with a 95 % interval beside its reported band; a
/// one-phone case prints the real figure beside the owners' p5–p95 and the typical
/// (median) owner; every case whose figure one owner has alone prints the owners' spread
/// and its width.
public enum Scorecard {
  public struct Row: Sendable {
    public let validationCase: ValidationCase
    /// The figure the case is judged on: over all owners (fleet), or the median owner's
    /// (typical owner, one phone); nil when the case is not expressible or the figure is
    /// undefined.
    public let figure: Double?
    /// Fleet and typical-owner cases: a 95 % interval, percentiles of the figure over
    /// owners resampled with replacement (owners are the independent units). One-phone
    /// cases: nil.
    public let lower: Double?
    public let upper: Double?
    /// The owners' own figures at the case's percentiles (p5–p95 by default), and the
    /// median owner's; nil when the metric describes a population, or fewer than two
    /// owners have the figure.
    public var spread: (low: Double, typical: Double, high: Double)? = nil
    /// Owners whose own figure is undefined (no gap to take a median of, say).
    public var ownersWithoutFigure = 0
    /// One-phone cases: a 95 % interval for each end of the owners' spread (the owners'
    /// figures resampled with replacement), how far the ends move with another sample
    /// of owners; nil for other cases.
    public var spreadIntervals: (low: ClosedRange<Double>, high: ClosedRange<Double>)? = nil

    public var expressible: Bool { validationCase.notExpressible == nil }

    public var inBand: Bool { expressible && figure != nil && reason.isEmpty }

    /// Every owner has the same figure (their p5–p95 has width 0) though the case does
    /// not say its report shows no variation: a finding, not a pass.
    public var alike: Bool {
      guard validationCase.noVariation == nil, let s = spread else { return false }
      return s.high - s.low <= 1e-9 * max(1, abs(s.typical))
    }

    /// A case whose verdict the sample of its owners decides. A fleet or typical-owner
    /// case: its figure's 95 % interval reaches across an end of the band. A one-phone
    /// case: with the spread's ends anywhere in their 95 % intervals (``spreadIntervals``,
    /// read at the report's precision), the real figure would be in band for some and out
    /// for others. Never a case whose owners are all alike (out whatever the sample).
    public var atEdge: Bool {
      let c = validationCase
      guard expressible, !alike else { return false }
      guard c.test == .onePhone else {
        guard let lower, let upper else { return false }
        let inside = c.band.contains(lower) && c.band.contains(upper)
        let beside = upper < c.band.lowerBound || lower > c.band.upperBound
        return !inside && !beside
      }
      guard let i = spreadIntervals else { return false }
      let readings = c.reading.values(of: c.real)
      func holds(_ low: Double, _ high: Double) -> Bool {
        readings.allSatisfy { c.atPrecision(low) <= $0 && $0 <= c.atPrecision(high) }
      }
      return holds(i.low.lowerBound, i.high.upperBound) != holds(i.low.upperBound, i.high.lowerBound)
    }

    /// Where a one-phone case's real figure lies against the owners' spread: 0 at the
    /// spread's middle, ±1 at its ends, beyond ±1 outside it by that many half-widths
    /// (``ABCFit/distance(_:_:)`` reads it against the band [−1, 1]); with `reading: ends`
    /// the end farther out. Nil for other cases.
    public var realPosition: Double? {
      guard validationCase.test == .onePhone, let s = spread else { return nil }
      let (low, high) = (validationCase.atPrecision(s.low), validationCase.atPrecision(s.high))
      let mid = (low + high) / 2
      let half = max((high - low) / 2, max(abs(mid) / 10, 1e-6))
      let positions = validationCase.reading.values(of: validationCase.real).map { ($0 - mid) / half }
      return positions.max { abs($0) < abs($1) }
    }

    /// Why the case is out, in one line; empty when in band.
    public var reason: String {
      let c = validationCase
      if let why = c.notExpressible { return "not expressible yet: \(why)" }
      guard let f = figure else { return "no figure: no \(c.figure.task) launch to measure" }
      if c.test == .onePhone {
        guard let s = spread else { return "no figure: fewer than two owners have one" }
        let p = c.percentiles
        // The owners' percentiles read at the report's precision, as its figure was.
        let (low, high) = (c.atPrecision(s.low), c.atPrecision(s.high))
        for x in c.reading.values(of: c.real) {
          if x < low {
            return
              "the real figure \(Format.compact(x)) lies below p\(Format.compact(p.lowerBound)) by \(Format.compact(low - x))"
          }
          if x > high {
            return
              "the real figure \(Format.compact(x)) lies above p\(Format.compact(p.upperBound)) by \(Format.compact(x - high))"
          }
        }
        return alike ? Self.alikeReason : ""
      }
      if f < c.band.lowerBound { return "below the band by \(Format.compact(c.band.lowerBound - f))" }
      if f > c.band.upperBound { return "above the band by \(Format.compact(f - c.band.upperBound))" }
      return alike ? Self.alikeReason : ""
    }

    static let alikeReason = "width 0: every owner alike, and the report varies"
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
    let (spread, without) = Self.spread(c, owners)
    if c.test == .onePhone {
      var row = Row(validationCase: c, figure: spread?.typical, lower: nil, upper: nil)
      (row.spread, row.ownersWithoutFigure) = (spread, without)
      if spread != nil { row.spreadIntervals = spreadIntervals(c, owners, seed: scenario.seed) }
      return row
    }
    let judged: ([ValidationOwner]) -> Double? =
      c.test == .typicalOwner ? { Self.spread(c, $0).0?.typical } : { c.figure.value($0) }
    guard let figure = judged(owners) else {
      return Row(validationCase: c, figure: nil, lower: nil, upper: nil)
    }
    let stream = RandomStreams(seed: scenario.seed).stream("validation/bootstrap")
    let interval = intervals(of: owners, stream: stream) { [judged($0)] }[0]
    var row = Row(validationCase: c, figure: figure, lower: interval?.lowerBound, upper: interval?.upperBound)
    (row.spread, row.ownersWithoutFigure) = (spread, without)
    return row
  }

  /// The owners' own figures at the case's percentiles and the median, and how many
  /// owners have no figure; nil spread when the metric describes a population or fewer
  /// than two owners have the figure.
  static func spread(_ c: ValidationCase, _ owners: [ValidationOwner]) -> (
    (low: Double, typical: Double, high: Double)?, Int
  ) {
    guard c.figure.metric.describesOneOwner else { return (nil, 0) }
    let values = owners.compactMap { c.figure.value([$0]) }
    guard values.count >= 2 else { return (nil, owners.count - values.count) }
    let p = c.percentiles
    return (
      (
        Statistics.quantile(values, p.lowerBound / 100), Statistics.median(values),
        Statistics.quantile(values, p.upperBound / 100)
      ), owners.count - values.count
    )
  }

  /// 95 % intervals for the ends of the owners' spread: the owners' own figures resampled
  /// with replacement ``resamples`` times, each resample's percentiles taken as
  /// ``spread(_:_:)`` takes them, from a stream of the scenario's seed that nothing else
  /// draws from.
  static func spreadIntervals(_ c: ValidationCase, _ owners: [ValidationOwner], seed: UInt64) -> (
    low: ClosedRange<Double>, high: ClosedRange<Double>
  )? {
    let values = owners.compactMap { c.figure.value([$0]) }
    let p = c.percentiles
    let stream = RandomStreams(seed: seed).stream("validation/owners-spread")
    let ends = intervals(of: values, stream: stream) { sample in
      let sorted = sample.sorted()
      return [
        Statistics.quantile(sorted: sorted, p.lowerBound / 100),
        Statistics.quantile(sorted: sorted, p.upperBound / 100),
      ]
    }
    guard let low = ends[0], let high = ends[1] else { return nil }
    return (low, high)
  }

  /// The 95 % percentile intervals of `statistics` over ``resamples`` resamples of `items`
  /// with replacement, drawn from `stream`; a statistic that is nil for a resample is
  /// left out of it, and nil where it is nil for all.
  static func intervals<Item>(
    of items: [Item], stream: RandomStream, _ statistics: ([Item]) -> [Double?]
  ) -> [ClosedRange<Double>?] {
    var draws: [[Double]] = []
    for _ in 0..<resamples {
      let values = statistics((0..<items.count).map { _ in items[stream.uniformInt(below: items.count)] })
      if draws.isEmpty { draws = Array(repeating: [], count: values.count) }
      for (k, v) in values.enumerated() { if let v { draws[k].append(v) } }
    }
    return draws.map { d in
      d.isEmpty ? nil : Statistics.quantile(d, 0.025)...Statistics.quantile(d, 0.975)
    }
  }

  /// The case's owners, simulated.
  static func owners(_ c: ValidationCase, _ scenario: Scenario) -> [ValidationOwner] {
    let needsScores = c.figure.metric.readsDecisions
    return (0..<c.owners).map { i in
      let log = scenario.run(device: i, recordDecisions: needsScores)
      var owner = ValidationOwner(outcome: log, task: c.figure.task, days: scenario.days)
      if !c.figure.over.isEmpty {
        owner.over = ValidationOwner(outcome: log, task: c.figure.over, days: scenario.days).launches
      }
      if c.figure.backgroundOnly {
        owner.launches.removeAll(where: \.appOnScreen)
        owner.over.removeAll(where: \.appOnScreen)
      }
      if c.figure.heldOnly {
        owner.launches.removeAll { $0.delaySeconds <= 0 }
        owner.over.removeAll { $0.delaySeconds <= 0 }
      }
      return owner
    }
  }

  /// The figure a fit compares with the case's ``ValidationCase/fitBand`` (no interval):
  /// a fleet case's figure, the typical owner's, or where a one-phone case's real figure
  /// lies against the owners' spread (``Row/realPosition``); nil when it is not defined.
  static func figure(for c: ValidationCase) -> Double? {
    guard let scenario = c.scenario else { return nil }
    let owners = owners(c, scenario)
    switch c.test {
    case .fleet: return c.figure.value(owners)
    case .typicalOwner: return spread(c, owners).0?.typical
    case .onePhone:
      var row = Row(validationCase: c, figure: nil, lower: nil, upper: nil)
      row.spread = spread(c, owners).0
      return row.realPosition
    }
  }

  /// How many rows are in band.
  public static func inBand(_ rows: [Row]) -> Int { rows.filter(\.inBand).count }

  /// The scorecard as printed: one line per case, then `in_band=N of M`. `reported` is a
  /// fleet or typical-owner case's band, or a one-phone case's real figure; `simulated`
  /// the figure it is judged on, with its 95 % interval for a fleet; `owners` the owners'
  /// own figures at the case's percentiles, with the width between them.
  public static func text(_ rows: [Row]) -> String {
    var table = [
      [
        "case", "grade", "from", "test", "metric", "reported", "simulated [95 %]", "owners p5–p95 (width)",
        "",
      ]
    ]
    for r in rows {
      let c = r.validationCase
      guard r.expressible else {
        table.append([c.id, c.grade, c.provenance, "-", "-", "-", "-", "-", "OUT  \(r.reason)"])
        continue
      }
      var reported: String
      if c.test != .onePhone {
        reported = range(c.band)
      } else if c.real.lowerBound == c.real.upperBound {
        reported = range(c.real) + " real"
      } else {
        reported = range(c.real) + " real at " + c.reading.text
      }
      // The unit the report rounded to, which the owners' percentiles are read at.
      if c.test == .onePhone, let unit = c.precision { reported += " (nearest \(Format.compact(unit)))" }
      let simulated: String
      switch c.test {
      case .fleet:
        simulated =
          "\(r.figure.map(Format.compact) ?? "-") [\(r.lower.map(Format.compact) ?? "-"), \(r.upper.map(Format.compact) ?? "-")]"
      case .typicalOwner, .onePhone: simulated = "typical \(r.figure.map(Format.compact) ?? "-")"
      }
      let owners =
        r.spread.map { s in
          let p = c.percentiles
          let tag = p == 5...95 ? "" : " p\(Format.compact(p.lowerBound))–p\(Format.compact(p.upperBound))"
          return
            "\(Format.compact(s.low))–\(Format.compact(s.high)) (\(Format.compact(s.high - s.low)))\(tag)"
        } ?? "-"
      table.append([
        c.id, c.grade, c.provenance, c.test.shortName, c.figure.metric.rawValue, reported, simulated, owners,
        (r.inBand ? "in" : "OUT") + (r.reason.isEmpty ? "" : "  \(r.reason)") + edgeNote(r),
      ])
    }
    return TextTable.lines(table, trimmed: true).joined(separator: "\n")
      + "\n" + summary(rows) + "\n"
  }

  /// The last line: `in_band=N of M`, then the fitted and held cases' counts apart, and
  /// the cases at the edge (``Row/atEdge``), if any, with their verdicts.
  public static func summary(_ rows: [Row]) -> String {
    let fitted = rows.filter { $0.validationCase.fitted != nil }
    let held = rows.filter { $0.validationCase.fitted == nil }
    let edges = rows.filter(\.atEdge).map { "\($0.validationCase.id) (\($0.inBand ? "in" : "out"))" }
    return
      "in_band=\(inBand(rows)) of \(rows.count) (fitted \(inBand(fitted)) of \(fitted.count), held \(inBand(held)) of \(held.count))"
      + (edges.isEmpty ? "" : "; decided by the owners' sample: \(edges.joined(separator: ", "))")
  }

  /// A case at the edge: a fleet or typical-owner case's interval against its band, a
  /// one-phone case's spread's ends with their 95 % intervals.
  static func edgeNote(_ r: Row) -> String {
    guard r.atEdge else { return "" }
    guard let i = r.spreadIntervals else {
      return "  (edge: the 95 % interval reaches across the band's end)"
    }
    let p = r.validationCase.percentiles
    return
      "  (edge: with other owners p\(Format.compact(p.lowerBound)) \(range(i.low)), p\(Format.compact(p.upperBound)) \(range(i.high)))"
  }

  static func range(_ r: ClosedRange<Double>) -> String {
    r.lowerBound == r.upperBound
      ? Format.compact(r.lowerBound) : "\(Format.compact(r.lowerBound))–\(Format.compact(r.upperBound))"
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
      let e = r.expressible
      let phone = e && c.test == .onePhone
      let banded = e && !phone
      func number(_ x: Double?) -> String { x.map(Format.compact) ?? "" }
      let fields: [String] = [
        c.id, c.grade, CSVField.quoted(c.source), e ? c.test.rawValue : "", e ? c.figure.metric.rawValue : "",
        e ? c.figure.task : "",
        number(banded ? c.band.lowerBound : nil), number(banded ? c.band.upperBound : nil),
        number(phone ? c.real.lowerBound : nil), number(phone ? c.real.upperBound : nil),
        phone ? c.reading.text : "", c.provenance,
        number(r.figure), number(r.lower), number(r.upper),
        number(r.spread?.typical), number(r.spread?.low), number(r.spread?.high),
        number(r.spread.map { $0.high - $0.low }),
        number(e ? c.percentiles.lowerBound : nil), number(e ? c.percentiles.upperBound : nil),
        String(r.ownersWithoutFigure),
        number(r.spreadIntervals?.low.lowerBound), number(r.spreadIntervals?.low.upperBound),
        number(r.spreadIntervals?.high.lowerBound), number(r.spreadIntervals?.high.upperBound),
        r.atEdge ? "1" : "0", r.inBand ? "1" : "0", CSVField.quoted(r.reason),
      ]
      out += fields.joined(separator: ",") + "\n"
    }
    return out
  }
}
