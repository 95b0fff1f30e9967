import FileFormats
import Foundation
import Randomness

/// `bgsim advise`: of the (cell, arm) pairs of a run whose sweep varies task keys, the
/// cheapest that meets a goal (the experiment is prepared by `Advice.prepare`).
///
/// The goal is `METRIC OP VALUE` (`launched_by_08:00 >= 0.9`), met when the metric's
/// whole 95 % interval is on the claimed side, as a hypothesis is. Of the (cell, arm)
/// pairs that meet it, the one with the least mean of `minimise` wins; when none meets
/// it, the nearest (the best estimate of the goal's metric) is given instead.
public struct Advice: Sendable {
  public struct Goal: Sendable {
    public let metric: MetricName
    public let comparison: Hypothesis.Comparison
    public let value: Double

    /// Parses `METRIC OP VALUE`; one line saying what is wrong otherwise.
    public init(parsing text: String) throws(UserError) {
      var words = text.split(separator: " ").map(String.init)
      // A goal is on a metric's mean (its 95 % interval), not on a quantile.
      if words.count == 4, Hypothesis.Statistic(rawValue: words[0]) != nil,
        Hypothesis.Comparison(rawValue: words[2]) != nil
      {
        throw UserError(
          "--goal '\(text)': a goal is met by a metric's mean, its 95 % interval; write \(words[1]) \(words[2]) \(words[3]), or claim the \(words[0]) in the experiment's hypotheses"
        )
      }
      // A value may be written with a space before its unit or percent sign: `90 %`, `1 h`.
      if words.count > 3 { words = Array(words[..<2]) + [words[2...].joined(separator: " ")] }
      guard words.count == 3, let comparison = Hypothesis.Comparison(rawValue: words[1]) else {
        throw UserError("--goal '\(text)': write METRIC OP VALUE, e.g. \"launched_by_08:00 >= 0.9\"")
      }
      if let problem = MetricName.familyProblem(words[0]) { throw UserError("--goal: \(problem)") }
      guard let metric = MetricName(rawValue: words[0]), metric.isTestable else {
        let names = MetricName.allCases.filter(\.isTestable).map(\.rawValue)
        throw UserError(
          "--goal: unknown metric '\(words[0])'\(NearestName.hint(words[0], among: names)) (metrics: \(names.joined(separator: ", ")), launched_by_HH:MM, share_owners_at_least_N_per_day)"
        )
      }
      // A share may be written as a percentage, as in a hypothesis.
      let number = words[2].replacingOccurrences(of: " ", with: "")
      let percent = number.hasSuffix("%")
      guard let q = DurationText.parseQuantity(percent ? String(number.dropLast()) : number)?.value,
        q.isFinite
      else {
        throw UserError("--goal: '\(words[2])' is not a number or a duration")
      }
      let value = percent ? q / 100 : q
      if let problem = comparison.slipProblem(metric: metric, value: value) {
        throw UserError("--goal '\(text)': \(problem)")
      }
      (self.metric, self.comparison, self.value) = (metric, comparison, value)
    }

    /// Whether an interval meets the goal: by the rule of a hypothesis against a number.
    func isMet(low: Double, high: Double) -> Bool { comparison.holds(low: low, high: high, against: value) }

    /// How far an estimate is from meeting the goal (0 or less when it does).
    func shortfall(_ estimate: Double) -> Double {
      comparison.claimsAbove ? value - estimate : estimate - value
    }
  }

  /// One (cell, arm) of the run.
  public struct Option: Sendable {
    public let cell: Int
    public let arm: String
    public let overrides: [(path: String, value: String)]
    public let goal: (estimate: Double, low: Double, high: Double)
    public let cost: (mean: Double, low: Double, high: Double)
    public let meetsGoal: Bool
  }

  /// The options, and the chosen one: the cheapest meeting the goal, or the nearest.
  public let options: [Option]
  /// The goal the options are judged by.
  public let goal: Goal
  public private(set) var chosen: Option? = nil
  public var met: Bool { chosen?.meetsGoal ?? false }
  /// What no option reaches, read from the run's rows when no option meets a
  /// `launched_by_HH:MM` goal (``AdviceReach``); printed after the nearest option.
  public var reach: AdviceReach?

  /// Reads the options from a run's summary; when none meets a `launched_by_HH:MM` goal
  /// and the run's rows are in `directory`, also what no option reaches (``AdviceReach``).
  public init(
    summary: SummaryTables, plan: SummaryPlan, goal: Goal, minimise: MetricName, directory: String? = nil
  ) throws(UserError) {
    var options: [Option] = []
    for cell in plan.cells {
      let overrides = zip(plan.sweptKeys, plan.cellValues[cell]).map { (path: $0, value: $1) }
      for arm in plan.arms {
        func row(_ m: MetricName) -> SummaryTables.Row? {
          summary.rows.first { $0.cell == cell && $0.kind == .arm && $0.arm == arm && $0.metric == m }
        }
        guard let g = row(goal.metric), let c = row(minimise) else { continue }
        let (estimate, low, high) = g.shown
        options.append(
          Option(
            cell: cell, arm: arm, overrides: overrides, goal: (estimate, low, high),
            cost: (c.mean, c.low, c.high), meetsGoal: !estimate.isNaN && goal.isMet(low: low, high: high)))
      }
    }
    self.options = options
    self.goal = goal
    chosen = ranked.first { !$0.goal.estimate.isNaN }
    if !met, let directory, let by = goal.metric.launchedBySeconds {
      reach = try AdviceReach(directory: directory, sweptKeys: plan.sweptKeys, bySeconds: by)
    }
  }

  /// The options best first: those meeting the goal by cost, then the others by how far
  /// their estimate falls short of it (options without a figure last).
  public var ranked: [Option] {
    options.enumerated().sorted { a, b in
      func key(_ o: Option) -> (Int, Double, Double) {
        if o.meetsGoal { return (0, o.cost.mean, 0) }
        return o.goal.estimate.isNaN ? (2, 0, 0) : (1, shortfall(o), o.cost.mean)
      }
      let (ka, kb) = (key(a.element), key(b.element))
      return (ka.0, ka.1, ka.2, a.offset) < (kb.0, kb.1, kb.2, b.offset)
    }.map(\.element)
  }

  private func shortfall(_ o: Option) -> Double { goal.shortfall(o.goal.estimate) }

  /// What `bgsim advise` prints: the option table, best first (each cell's swept values,
  /// the arm, the goal's figure and the cost's, each with its 95 % interval, and whether
  /// it meets the goal), then the choice.
  public func text(goal: Goal, minimise: MetricName, sweptKeys: [String] = []) -> String {
    // One number of decimals per column, set by its smallest figure that is not 0 (as
    // `Format.compact` sets it for one number), so that a column reads
    // 0.647 [0.565, 0.720] and its smallest estimate keeps its digits.
    func formatter(_ xs: [Double]) -> (Double) -> String {
      let smallest = xs.filter { $0.isFinite && $0 != 0 }.map(abs).min() ?? 1
      let digits = smallest >= 100 ? 0 : smallest >= 10 ? 1 : smallest >= 1 ? 2 : 3
      return { x in x.isFinite ? Format.fixed(x, digits: digits) : "–" }
    }
    let f = formatter(options.map(\.goal.estimate) + [goal.value])
    let g = formatter(options.map(\.cost.mean))
    guard let c = chosen else { return "no (cell, arm) has a figure for \(goal.metric.rawValue)\n" }
    let goalText = "\(goal.metric.rawValue) \(goal.comparison.rawValue) \(Format.compact(goal.value))"
    var table = [
      ["rank", "cell"] + sweptKeys + [
        "arm", "\(goal.metric.rawValue) [95% CI]", "\(minimise.rawValue) [95% CI]", "meets goal",
      ]
    ]
    for (i, o) in ranked.enumerated() {
      let values = sweptKeys.map { key in o.overrides.first { $0.path == key }?.value ?? "" }
      table.append(
        [String(i + 1), String(o.cell)] + values + [
          o.arm, "\(f(o.goal.estimate)) [\(f(o.goal.low)), \(f(o.goal.high))]",
          "\(g(o.cost.mean)) [\(g(o.cost.low)), \(g(o.cost.high))]", o.meetsGoal ? "yes" : "no",
        ])
    }
    var lines = [
      "goal: \(goalText), met when the whole 95 % interval is on its side; cost: \(minimise.rawValue)"
    ]
    lines += TextTable.lines(table, trimmed: true).map { "  " + $0 }
    let setting = CellName.of(keys: c.overrides.map(\.path), values: c.overrides.map(\.value))
    let what =
      "arm \(c.arm), cell \(c.cell)\(setting.isEmpty ? "" : " (\(setting))"): \(goal.metric.rawValue) \(f(c.goal.estimate)) "
      + "[\(f(c.goal.low)), \(f(c.goal.high))], \(minimise.rawValue) \(g(c.cost.mean)) [\(g(c.cost.low)), \(g(c.cost.high))]"
    let count = options.filter(\.meetsGoal).count
    lines.append(
      c.meetsGoal
        ? "cheapest meeting \(goalText) (\(count) of \(options.count) do): \(what)"
        : "none of the \(options.count) meets \(goalText); the nearest: \(what); \(heldBack(c, goal, f))")
    return lines.joined(separator: "\n") + "\n" + (c.meetsGoal ? "" : reach?.text(goal: goal) ?? "")
  }

  /// What keeps the nearest option from the goal: its estimate on the wrong side, or an
  /// interval that still reaches past the goal's value (more owners narrow it).
  private func heldBack(_ o: Option, _ goal: Goal, _ f: (Double) -> String) -> String {
    let above = goal.comparison.claimsAbove
    if goal.shortfall(o.goal.estimate) > 0 {
      return "its estimate \(f(o.goal.estimate)) is itself on the wrong side of \(f(goal.value))"
    }
    let end = above ? o.goal.low : o.goal.high
    return
      "its estimate is on the goal's side, but its interval reaches \(f(end)), \(above ? "below" : "above") \(f(goal.value)): more owners would narrow it"
  }

  /// Keeps the advice's text beside the run's files in `directory`, for its report.
  public static func save(_ text: String, in directory: String) throws(UserError) {
    let writer = try AtomicFileWriter(
      path: URL(fileURLWithPath: directory).appendingPathComponent(OutputFileNames.advice).path)
    writer.write(text)
    try writer.commit()
  }
}
