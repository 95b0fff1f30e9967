import Foundation
import Randomness

extension SummaryTables {
  /// The run's result: `fail` if a claim fails, else `inconclusive` if one is, else
  /// `pass` (also for a run without claims).
  public var overallResult: Verdict.Result {
    let results = verdicts.map(\.result)
    return results.contains(.fail) ? .fail : results.contains(.inconclusive) ? .inconclusive : .pass
  }

  /// A claim's figures in one cell, before its p-value is adjusted over the cells.
  struct Evaluation {
    var estimate = Double.nan, low = Double.nan, high = Double.nan
    /// The two-sided p-value of "the statistic equals the claimed value" (or "the
    /// arms do not differ").
    var pValue = Double.nan
    /// Whether the estimate lies on the claimed side.
    var claimedSide = false
    /// For an undecided claim: the owners that would decide it at the estimate.
    var ownersNeeded: (Double) -> Int? = { _ in nil }
  }

  /// The verdicts of `hypotheses` in each of `cells`, in that order. A claim is decided
  /// when its p-value, adjusted by Holm's method over the cells (the same claim tested
  /// in each), is below its alpha: `PASS` when the estimate is on the claimed side,
  /// `FAIL` when it is on the other. With one cell the adjusted p-value is the raw one,
  /// and the rule is the interval's: decided when the (1 − alpha) interval leaves out
  /// the claimed value.
  static func decide(_ hypotheses: [Hypothesis], cells: [Int], _ pooled: Pooled) -> [Verdict] {
    var byCell = cells.map { _ in [Verdict?](repeating: nil, count: hypotheses.count) }
    // A claim between two cells is decided apart, from the cells' paired differences
    // (``addingCellDifferences(directory:plan:)``).
    for (k, h) in hypotheses.enumerated() where h.cells == nil {
      let evaluations = cells.map { evaluate(h, cell: $0, pooled) }
      let adjusted = Statistics.holmAdjusted(evaluations.map(\.pValue))
      for (c, e) in evaluations.enumerated() {
        let decided = adjusted[c] < h.alpha && !e.estimate.isNaN
        let result: Verdict.Result = decided ? (e.claimedSide ? .pass : .fail) : .inconclusive
        byCell[c][k] = Verdict(
          cell: cells[c], hypothesis: h.text, estimate: e.estimate, low: e.low, high: e.high,
          pValue: e.pValue.isNaN ? nil : e.pValue, pHolm: adjusted[c].isNaN ? nil : adjusted[c],
          result: result,
          ownersNeeded: result == .inconclusive ? e.ownersNeeded(h.alpha / Double(max(1, cells.count))) : nil,
          unit: pooled.unit)
      }
    }
    return byCell.flatMap { $0.compactMap { $0 } }
  }

  /// The rows of `kind` (paired differences between arms, or cells' differences from a
  /// baseline) with their p-values adjusted by Holm's method over the cells (one family
  /// per pair of arms, or arm, and metric).
  static func holmAdjusting(_ rows: [Row], kind: SummaryRowKind = .pairedDifference) -> [Row] {
    var rows = rows
    var families: [String: [Int]] = [:]
    for (i, r) in rows.enumerated() where r.kind == kind {
      families[r.arm + "|" + r.metric.rawValue, default: []].append(i)
    }
    for (_, members) in families {
      let adjusted = Statistics.holmAdjusted(members.map { rows[$0].pValue ?? .nan })
      for (k, i) in members.enumerated() { rows[i].pHolm = adjusted[k].isNaN ? nil : adjusted[k] }
    }
    return rows
  }

  static func evaluate(_ h: Hypothesis, cell: Int, _ pooled: Pooled) -> Evaluation {
    let metric = MetricName(rawValue: h.metric)!
    var e = Evaluation()
    let level = 1 - h.alpha
    if let other = h.otherArm {
      guard let i = pooled.arms.firstIndex(of: h.arm), let j = pooled.arms.firstIndex(of: other), i != j
      else { return e }
      // The stream holds arm i − arm j for i < j; the other way round, its negation.
      let g = pooled.pairGroup(cell, min(i, j), max(i, j), metric)
      let pValue = pooled.pairPValue(cell, min(i, j), max(i, j), metric) ?? .nan
      var ci = pooled.pairInterval(cell, min(i, j), max(i, j), metric, level: level)
      let variance = pooled.variance(g, metric)
      if i > j {
        ci = ConfidenceInterval(
          estimate: -ci.estimate, lower: -ci.upper, upper: -ci.lower, level: ci.level, n: ci.n)
      }
      (e.estimate, e.low, e.high, e.pValue) = (ci.estimate, ci.lower, ci.upper, pValue)
      e.claimedSide = h.comparison.claimsAbove ? ci.estimate > 0 : ci.estimate < 0
      let estimate = ci.estimate
      e.ownersNeeded = { alpha in
        ownersNeeded(from: ci.n) { count in
          Statistics.pairedTest(mean: estimate, variance: variance, count: count).pValue < alpha
        }
      }
      return e
    }
    let g = pooled.group(cell, h.arm, metric)
    let value = h.value!
    switch h.statistic {
    case .mean:
      let ci = pooled.boundedInterval(g, metric, level: level)
      (e.estimate, e.low, e.high) = (ci.estimate, ci.lower, ci.upper)
      e.pValue = Statistics.pValue(excluding: value) { pooled.boundedInterval(g, metric, level: $0) }
      let variance = pooled.variance(g, metric)
      let estimate = ci.estimate
      // A count every owner has alike keeps its widening at any number of owners.
      let step = variance == 0 ? pooled.countStep(g, metric) : nil
      e.ownersNeeded = { alpha in
        ownersNeeded(from: ci.n) { count in
          let half = Pooled.alikeHalfWidth(step: step, owners: count, level: 1 - alpha)
          let wider = Pooled.widened(
            Pooled.bounded(mean: estimate, variance: variance, count: count, metric, level: 1 - alpha),
            by: half)
          return value < wider.lower || value > wider.upper
        }
      }
    case .median, .p10, .p90:
      let p = h.statistic.quantileLevel
      (e.estimate, e.low, e.high) = pooled.quantileInterval(g, metric, p, level: level)
      let t = threshold(value, unitsPerValue: pooled.unitsPerValue(metric))
      if pooled.isPooled(metric) {
        e.pValue = quantilePValue(pooled, g, p, value: t)
        if let g, let spread = pooled.spreads[g]?[p], let share = pooled.shareBelow[g]?[t],
          spread.standardError > 0, share != p
        {
          // The share's standard error shrinks as 1/√owners.
          e.ownersNeeded = { alpha in
            let q = Statistics.tQuantile(
              level: 1 - alpha, degreesOfFreedom: Double(max(1, spread.clusters - 1)))
            let ratio = q * spread.standardError / abs(share - p)
            let owners = (Double(spread.clusters) * ratio * ratio).rounded(.up)
            return owners < 1e9 ? max(spread.clusters + 1, Int(owners)) : nil
          }
        }
      } else if pooled.replicationMeans == nil, let g, pooled.clusterMedians[g] == nil,
        let claim = ownerQuantileClaim(
          pooled, g, metric, p, level: level,
          thresholds: claimThresholds(value, unitsPerValue: pooled.unitsPerValue(metric)))
      {
        // Independent owners: the order statistics' interval, an end the owners cannot
        // bound left open, and the p-value and owners needed of the same procedure.
        (e.low, e.high, e.pValue, e.ownersNeeded) = (claim.low, claim.high, claim.pValue, claim.ownersNeeded)
      }
    }
    e.claimedSide = h.comparison.claimsAbove ? e.estimate > value : e.estimate < value
    return e
  }

  /// Roughly how many owners would decide an undecided claim: the smallest count (to
  /// within 5 %) at which `decides(count)` holds, for an interval of the same mean and
  /// spread over that many owners (its width shrinks about as 1/√owners). Nil below two
  /// owners, or when no count up to 10⁹ decides it (a claim at its own estimate).
  static func ownersNeeded(from n: Int, decides: (Int) -> Bool) -> Int? {
    guard n > 1 else { return nil }
    var (low, high) = (n, 2 * n)
    while !decides(high) {
      guard high < 1_000_000_000 else { return nil }
      (low, high) = (high, 2 * high)
    }
    while Double(high) > Double(low) * 1.05 + 1 {
      let middle = (low + high) / 2
      if decides(middle) { high = middle } else { low = middle }
    }
    return high
  }
}
