import Randomness

extension Hypothesis {
  /// One side of a claim: `ARM [mean|median|p10|p90] METRIC`, the metric optionally in
  /// one sweep cell, `METRIC[KEY=VALUE]`.
  struct Side {
    let arm: String
    let statistic: Statistic
    let metric: String
    let cell: (key: String, value: String)?

    /// Parses `s`, a side of the claim `raw`; `arms` and `metrics` are the names that exist.
    init(parsing s: String, in raw: String, arms: [String], metrics: [String]) throws(HypothesisError) {
      var words = s.split(separator: " ").map(String.init)
      // METRIC[KEY=VALUE]: the metric in the cell where KEY has VALUE.
      var cell: (key: String, value: String)?
      if let last = words.last, let open = last.firstIndex(of: "["), last.hasSuffix("]") {
        let selector = last[last.index(after: open)..<last.index(before: last.endIndex)]
        let parts = selector.split(separator: "=", maxSplits: 1).map { String($0).trimmed() }
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
          throw HypothesisError(
            raw, "a cell is named as METRIC[KEY=VALUE], e.g. launches_per_device_day[app.opens_per_day=5]")
        }
        cell = (parts[0], parts[1])
        words[words.count - 1] = String(last[..<open])
      }
      guard words.count >= 2, words.count <= 3 else {
        throw HypothesisError(raw, "expected ARM [mean|median|p10|p90] METRIC, found '\(s)'")
      }
      let arm = words.removeFirst()
      guard arms.contains(arm) else {
        throw HypothesisError(
          raw,
          "unknown arm '\(arm)'\(NearestName.hint(arm, among: arms)) (arms: \(arms.joined(separator: ", ")))")
      }
      var statistic = Statistic.mean
      if words.count == 2 {
        guard let st = Statistic(rawValue: words[0]) else {
          throw HypothesisError(raw, "unknown statistic '\(words[0])'; use mean, median, p10 or p90")
        }
        statistic = st
      }
      let metric = MetricName.currentName(words.last!)
      if let problem = MetricName.familyProblem(metric) { throw HypothesisError(raw, problem) }
      if let name = MetricName(rawValue: metric), !name.isTestable {
        throw HypothesisError(raw, "\(metric) is reported in summary.csv, but no claim can test it")
      }
      guard metrics.contains(metric) || MetricName(rawValue: metric)?.isFamilyMember == true else {
        throw HypothesisError(
          raw,
          "unknown metric '\(metric)'\(NearestName.hint(metric, among: metrics)) (metrics: \(metrics.joined(separator: ", ")), launched_by_HH:MM, share_owners_at_least_N_per_day)"
        )
      }
      (self.arm, self.statistic, self.metric, self.cell) = (arm, statistic, metric, cell)
    }
  }
}
