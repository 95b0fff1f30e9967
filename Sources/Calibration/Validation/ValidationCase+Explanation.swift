import Experiments
import FileFormats
import Results

/// `bgsim explain CASE.yaml`: one owner of a validation case, as `bgsim calibrate`
/// simulates it, with the decisions behind its launches and its own figure beside the
/// owners' spread and the report's figure. A case that is out says which owners sit at
/// the ends of its spread; explaining them shows what holds the figure there.
extension ValidationCase {
  /// What `bgsim explain` needs of a case: the owner and the decision lines.
  public struct ExplainRequest: Sendable {
    /// The owner, from 0 (below the case's `owners`).
    public var device = 0
    /// The task to show (default: the case's figure's task).
    public var task: String?
    /// Most decision lines per task.
    public var limit = 60

    public init() {}
  }

  /// The explanation of owner `request.device` of the case in `file`.
  public static func explanation(file: String, _ request: ExplainRequest) throws(UserError) -> String {
    let c = try load(file: file)
    guard let scenario = c.scenario else {
      throw UserError(
        "\(file): case \(c.id) is not expressible (\(c.notExpressible ?? "")); nothing to explain")
    }
    guard (0..<c.owners).contains(request.device) else {
      throw UserError(
        "\(file): --device \(request.device) is out of range; bgsim calibrate simulates owners 0…\(c.owners - 1) of case \(c.id)"
      )
    }
    var check = Explanation(file: file)
    check.task = request.task
    try check.checkTask(among: [scenario.app])
    let task = request.task ?? (["any", "background_time"].contains(c.figure.task) ? nil : c.figure.task)
    let owners = Scorecard.owners(c, scenario)
    let gaps = c.figure.gapsAtMostMinutes.map { " (gaps of at most \(Format.compact($0)) min)" } ?? ""
    let own =
      c.figure.metric.describesOneOwner
      ? "this owner \(c.figure.value([owners[request.device]]).map(Format.compact) ?? "none"); " : ""
    var out = [
      "case \(c.id) (\(c.test.rawValue)): \(c.report)",
      "owner \(request.device) of the \(c.owners) that bgsim calibrate simulates, \(Format.count(scenario.days, "day")), seed \(scenario.seed)",
      "\(c.figure.metric.rawValue) of \(c.figure.task)\(gaps): \(own)\(spreadText(c, owners))",
    ]
    let log = scenario.run(device: request.device, recordDecisions: true)
    if c.figure.task == "background_time", request.task == nil {
      out.append(
        "background_time is the app's own beginBackgroundTask time: no scheduler decision is behind it")
    } else {
      out.append(DecisionReport.render(log, identifier: task, limit: request.limit))
    }
    return out.joined(separator: "\n")
  }

  /// The case's figure (a fleet's over all owners, the typical owner's), the owners'
  /// spread where one owner has the figure alone, the report's figure or band, and which
  /// owners sit at the spread's ends.
  static func spreadText(_ c: ValidationCase, _ owners: [ValidationOwner]) -> String {
    let report = c.reportedText
    var parts: [String] = []
    if c.test == .fleet {
      parts.append(
        "all \(c.owners) owners \(c.figure.value(owners).map(Format.compact) ?? "none") (the case's figure)")
    }
    if let s = Scorecard.spread(c, owners).0 {
      let (p, q) = (Format.compact(c.percentiles.lowerBound), Format.compact(c.percentiles.upperBound))
      let typical = c.test == .typicalOwner ? " (the case's figure)" : ""
      parts.append(
        "the owners' p\(p) \(Format.compact(s.low)), median \(Format.compact(s.typical))\(typical), p\(q) \(Format.compact(s.high))"
      )
      parts.append(report)
      let values = owners.map { c.figure.value([$0]) }
      func nearest(_ x: Double) -> Int {
        values.indices.filter { values[$0] != nil }.min { abs(values[$0]! - x) < abs(values[$1]! - x) } ?? 0
      }
      parts.append("nearest p\(p): owner \(nearest(s.low)), nearest p\(q): owner \(nearest(s.high))")
    } else {
      parts.append(report)
    }
    return parts.joined(separator: "; ")
  }
}
