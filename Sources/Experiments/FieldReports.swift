import DeviceModel
import Foundation
import IOSModel
import Randomness
import SimKernel

/// The developers' field reports in the facts file, each reproduced by a scenario in
/// `experiments/scenarios/field-*.yaml` and summarised by the figure the report gives.
/// `bgsim calibrate` prints the simulated figure beside the reported one. The same
/// parameters serve every scenario: nothing is special-cased.
public enum FieldReports {
  public struct Report: Sendable {
    public let file: String
    public let reported: String
    public let figure: String
  }

  /// The scenario files and what each report says.
  public static let reports: [(file: String, reported: String)] = [
    ("field-legacy-fetch-12h.yaml", "9–10 fetches a day"),
    (
      "field-legacy-fetch-15m.yaml",
      "1–2 a day, some days none; or once a day; or every 15 min, then none for > 20 h"
    ),
    ("field-refresh-15m.yaml", "intervals 15 min – 1 h, then stopped after about a day"),
    ("field-refresh-in-use.yaml", "intervals of 16, 17, 19, 25 min"),
    ("field-no-opens.yaml", "no runs on days the app is not opened"),
    ("field-refresh-expiry.yaml", "expired 2–5 s after launch"),
    ("field-processing-score.yaml", "repeated vetoes (device active, CPU), then ran with score 0.05"),
  ]

  /// Runs every field-report scenario over `devices` owners.
  public static func run(folder: String, devices: Int, progress: (Int, Int) -> Void = { _, _ in })
    throws(UserError)
    -> [Report]
  {
    var out: [Report] = []
    for (i, entry) in reports.enumerated() {
      let path = URL(fileURLWithPath: folder).appendingPathComponent(entry.file).path
      let scenario = try Scenario.load(file: path)
      let outcomes = (0..<devices).map { scenario.run(device: $0) }
      out.append(
        Report(file: entry.file, reported: entry.reported, figure: figure(entry.file, scenario, outcomes)))
      progress(i + 1, reports.count)
    }
    return out
  }

  static func launches(_ o: Scenario.Outcome, _ id: String) -> [SimTime] {
    o.appLog.filter { $0.kind == .launch && $0.identifier == id }.map(\.time)
  }

  static func gapsMinutes(_ times: [SimTime]) -> [Double] {
    zip(times, times.dropFirst()).map { ($1 - $0).seconds / 60 }
  }

  static func q(_ xs: [Double], _ p: Double) -> String {
    xs.isEmpty ? "-" : Format.fixed(Statistics.quantile(xs, p), digits: 0)
  }

  static func figure(_ file: String, _ s: Scenario, _ outcomes: [Scenario.Outcome]) -> String {
    let days = Double(s.days - 1)
    func perDay(_ id: String) -> [Double] {
      outcomes.flatMap { o -> [Double] in
        let cal = o.calendar
        var counts = [Double](repeating: 0, count: s.days)
        for t in launches(o, id) { counts[cal.day(of: t)] += 1 }
        return Array(counts.dropFirst())
      }
    }
    switch file {
    case "field-legacy-fetch-12h.yaml":
      let d = perDay("legacy_fetch")
      return
        "\(Format.fixed(Statistics.mean(d), digits: 1)) fetches a day (days 1–\(Int(days)), \(outcomes.count) owners)"
    case "field-legacy-fetch-15m.yaml":
      let d = perDay("legacy_fetch")
      let none = d.filter { $0 == 0 }.count
      let gaps = outcomes.flatMap { gapsMinutes(launches($0, "legacy_fetch")) }
      return
        "\(Format.fixed(Statistics.mean(d), digits: 1)) a day; \(none) of \(d.count) days with none; gaps median \(q(gaps, 0.5)) min, p90 \(q(gaps, 0.9)) min, max \(q(gaps, 1)) min"
    case "field-refresh-15m.yaml", "field-refresh-in-use.yaml":
      let gaps = outcomes.flatMap { gapsMinutes(launches($0, "refresh")) }
      let d = perDay("refresh")
      return
        "\(Format.fixed(Statistics.mean(d), digits: 1)) a day; gaps p10 \(q(gaps, 0.1)), p25 \(q(gaps, 0.25)), median \(q(gaps, 0.5)), p75 \(q(gaps, 0.75)), p90 \(q(gaps, 0.9)) min"
    case "field-no-opens.yaml":
      var withOpens: [Double] = []
      var without: [Double] = []
      for o in outcomes {
        let cal = o.calendar
        let openDays = Set(o.deviceLog.filter { $0.kind == .appOpened }.map { cal.day(of: $0.time) })
        var counts = [Double](repeating: 0, count: s.days)
        for t in launches(o, "refresh") { counts[cal.day(of: t)] += 1 }
        for day in 1..<s.days {
          if openDays.contains(day) { withOpens.append(counts[day]) } else { without.append(counts[day]) }
        }
      }
      return
        "\(Format.fixed(Statistics.mean(withOpens), digits: 1)) launches on days with opens, \(Format.fixed(Statistics.mean(without), digits: 2)) on days without"
    case "field-refresh-expiry.yaml":
      let runs = outcomes.flatMap { o -> [Double] in
        let starts = o.appLog.filter { $0.kind == .launch && $0.identifier == "refresh" }.map(\.time)
        let expiries = o.appLog.filter { $0.kind == .expire && $0.identifier == "refresh" }.map(\.time)
        return zip(starts, expiries).map { ($1 - $0).seconds }
      }
      return "expired \(q(runs, 0.5)) s after launch (median of \(runs.count) runs)"
    case "field-processing-score.yaml":
      var scores: [Double] = []
      var vetoes: [Double] = []
      var byPolicy: [String: Int] = [:]
      for o in outcomes {
        let ds = o.decisions.filter { $0.activity.identifier == "cleanup" }
        guard let first = ds.firstIndex(where: { $0.outcome == .launched }) else { continue }
        scores.append(ds[first].total ?? 0)
        let before = ds[..<first].filter { if case .vetoed = $0.outcome { true } else { false } }
        vetoes.append(Double(before.count))
        for d in before { if case .vetoed(let p) = d.outcome { byPolicy[p, default: 0] += 1 } }
      }
      let top = byPolicy.sorted { $0.value > $1.value }.prefix(3).map { "\($0.key) \($0.value)" }.joined(
        separator: ", ")
      return
        "score at first launch median \(Format.fixed(Statistics.median(scores), digits: 2)); \(q(vetoes, 0.5)) vetoes before it (\(top))"
    default:
      return "-"
    }
  }
}
