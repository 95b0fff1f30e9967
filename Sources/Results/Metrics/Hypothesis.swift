import Randomness

/// A claim about the results, checked after a run:
/// - `processing share_while_charging >= 0.99`
/// - `refresh median delay_after_earliest_s < 1h`
/// - `refresh launches_per_device_day > processing launches_per_device_day (paired, alpha = 0.05)`
/// - `refresh launches_per_device_day[app.opens_per_day=8] > refresh launches_per_device_day[app.opens_per_day=2]`
///
/// The last compares two cells of a sweep that differ in one swept key (``Cells``): a
/// paired comparison over the same owners in both, decided as between two arms, once
/// for each combination of the other swept keys.
///
/// Against a number, the claim holds when the whole 95 % confidence interval of the
/// statistic lies on its side. Between two arms it is a paired comparison over owners:
/// it holds when the difference is on the claimed side and its p-value, read from the
/// paired interval, is below alpha.
public struct Hypothesis: Sendable, Hashable {
  public enum Statistic: String, Sendable, Hashable {
    case mean, median, p10, p90

    /// The quantile level [0…1] of a median, p10 or p90 (0.5 for a mean).
    var quantileLevel: Double {
      switch self {
      case .p10: 0.1
      case .p90: 0.9
      case .mean, .median: 0.5
      }
    }
  }
  public enum Comparison: String, Sendable, Hashable, CaseIterable {
    case greaterOrEqual = ">="
    case lessOrEqual = "<="
    case greater = ">"
    case less = "<"

    /// Whether the claim is that the figure is above the value (`>`, `>=`).
    public var claimsAbove: Bool { self == .greater || self == .greaterOrEqual }

    /// The rule for a claim against a number (a hypothesis, or `advise`'s goal): it
    /// holds when the whole interval [`low`, `high`] is on the claimed side of `value`.
    public func holds(low: Double, high: Double, against value: Double) -> Bool {
      switch self {
      case .greaterOrEqual: low >= value
      case .greater: low > value
      case .lessOrEqual: high <= value
      case .less: high < value
      }
    }

    /// Whether the whole interval [`low`, `high`] is on the other side of `value`: the
    /// claim is false.
    public func fails(low: Double, high: Double, against value: Double) -> Bool {
      switch self {
      case .greaterOrEqual: high < value
      case .greater: high <= value
      case .lessOrEqual: low > value
      case .less: low >= value
      }
    }
  }

  public let text: String
  public let arm: String
  public let statistic: Statistic
  public let metric: String
  public let comparison: Comparison
  /// The constant compared against, or nil for a paired comparison.
  public let value: Double?
  public let otherArm: String?
  public let alpha: Double
  /// For a claim between two sweep cells: the swept key and its values on the left and
  /// on the right; nil otherwise.
  public let cells: Cells?

  /// Whether `other` claims the same of the same figures, however it is written or
  /// whatever its alpha: it would count twice in the Holm adjustment of every claim.
  public func isSameClaim(as other: Hypothesis) -> Bool {
    (arm, statistic, metric, comparison, value, otherArm) == (
      other.arm, other.statistic, other.metric, other.comparison, other.value, other.otherArm
    ) && cells == other.cells
  }

  /// Why two arms or cells cannot be compared by `metric`, or nil: a delay or a staleness
  /// is pooled over every launch or day, not one figure per owner, so there is no owner's
  /// difference to pair (such a claim printed "–" and "fewer than 2 with the figure").
  static func unpairedProblem(_ metric: String, arm: String) -> String? {
    guard let m = MetricName(rawValue: metric), m.observation != "owner" else { return nil }
    return "\(metric) is pooled over every \(m.observation), not one figure per owner, so two arms or cells "
      + "have no owner's difference to compare; claim each against a number, as \(arm) median \(metric) < 1h"
  }

  /// Two cells of a sweep, named by the one swept key in which they differ.
  public struct Cells: Sendable, Hashable {
    public let key: String
    public let left: String
    public let right: String
  }

  /// The claim of `raw` without its options in parentheses, ≥ and ≤ written as >= and
  /// <=, and the options: alpha (0.05 by default) and whether it is paired.
  static func options(of raw: String) throws(HypothesisError) -> (claim: String, alpha: Double, paired: Bool)
  {
    var t = raw.replacingOccurrences(of: "≥", with: ">=").replacingOccurrences(of: "≤", with: "<=")
    var (alpha, paired) = (0.05, false)
    guard let open = t.firstIndex(of: "("), t.hasSuffix(")") else { return (t, alpha, paired) }
    let options = t[t.index(after: open)..<t.index(before: t.endIndex)]
    t = String(t[..<open]).trimmed()
    for option in options.split(separator: ",").map({ String($0).trimmed() }) {
      if option == "paired" {
        paired = true
      } else if option.hasPrefix("alpha") || option.hasPrefix("α") {
        let number = option.split(separator: "=").last.map { String($0).trimmed() } ?? ""
        guard let a = Double(number), a > 0, a < 0.5 else {
          throw HypothesisError(
            raw, "alpha must be a number between 0 and 0.5 (both left out), as in (paired, alpha = 0.05)")
        }
        alpha = a
      } else {
        throw HypothesisError(raw, "unknown option '\(option)'; options are paired and alpha = …")
      }
    }
    return (t, alpha, paired)
  }

  /// Parses one hypothesis; `arms` and `metrics` are the names that exist.
  public init(parsing raw: String, arms: [String], metrics: [String]) throws(HypothesisError) {
    text = raw
    let (t, alpha, paired) = try Self.options(of: raw)
    self.alpha = alpha
    guard let op = Comparison.allCases.first(where: { t.contains(" \($0.rawValue) ") }) else {
      throw HypothesisError(raw, "expected a comparison: >=, <=, > or < between spaces")
    }
    comparison = op
    let sides = t.components(separatedBy: " \(op.rawValue) ")
    guard sides.count == 2 else { throw HypothesisError(raw, "expected one comparison") }
    func side(_ s: String) throws(HypothesisError) -> Side {
      try Side(parsing: s, in: raw, arms: arms, metrics: metrics)
    }
    let left = try side(sides[0].trimmed())
    arm = left.arm
    statistic = left.statistic
    metric = left.metric
    let right = sides[1].trimmed()
    if let l = left.cell {
      let r = try side(right)
      guard let rc = r.cell, rc.key == l.key, rc.value != l.value else {
        throw HypothesisError(
          raw,
          "cells are compared as ARM METRIC[KEY=A] < ARM METRIC[KEY=B], one swept key with two of its values")
      }
      guard r.arm == arm, r.metric == metric, statistic == .mean, r.statistic == .mean else {
        throw HypothesisError(raw, "two cells are compared by the mean of one arm's metric on both sides")
      }
      if let problem = Self.unpairedProblem(metric, arm: arm) { throw HypothesisError(raw, problem) }
      (otherArm, value, cells) = (nil, nil, Cells(key: l.key, left: l.value, right: rc.value))
      return
    }
    cells = nil
    if let q = DurationText.parseQuantity(right.replacingOccurrences(of: "%", with: "")) {
      let number = right.hasSuffix("%") ? q.value / 100 : q.value
      value = number
      otherArm = nil
      if paired { throw HypothesisError(raw, "'paired' needs another arm on the right, not a number") }
      if let name = MetricName(rawValue: metric), let problem = op.slipProblem(metric: name, value: number) {
        throw HypothesisError(raw, problem)
      }
    } else {
      // One word that is not a number: no arm and metric either.
      guard right.contains(" ") else {
        throw HypothesisError(raw, "expected a finite number (0.5, 80%, 15m) or ARM METRIC, found '\(right)'")
      }
      let r = try side(right)
      guard r.cell == nil else {
        throw HypothesisError(raw, "name a cell on both sides, as METRIC[KEY=VALUE], or on neither")
      }
      guard r.metric == metric, r.statistic == statistic else {
        throw HypothesisError(raw, "both sides must compare the same statistic and metric")
      }
      guard statistic == .mean else {
        throw HypothesisError(raw, "arms are compared by their means (paired)")
      }
      // An arm against itself differs by 0 for every owner: no claim, whatever the run.
      guard r.arm != arm else {
        throw HypothesisError(
          raw,
          "both sides name arm '\(arm)'; compare two arms, or one arm's cells as METRIC[KEY=A] < METRIC[KEY=B]"
        )
      }
      if let problem = Self.unpairedProblem(metric, arm: arm) { throw HypothesisError(raw, problem) }
      otherArm = r.arm
      value = nil
    }
  }
}

/// Why a hypothesis could not be read: the text and the problem.
public struct HypothesisError: Error, Sendable, CustomStringConvertible {
  public let text: String
  public let problem: String
  init(_ text: String, _ problem: String) {
    self.text = text
    self.problem = problem
  }
  public var description: String { "'\(text)': \(problem)" }
}
