import FileFormats
import IOSModel
import PhoneAssembly
import Results
import SimKernel

/// `bgsim explain`: for one task identifier, why it ran when it did, or why it did not
/// run, in the manner of dasd's log lines.
public enum DecisionReport {
  /// The report for `identifier` (all identifiers when nil); at most `limit` lines of
  /// decisions, keeping every launch and every change of outcome.
  public static func render(_ outcome: PhoneLog, identifier: String?, limit: Int = 60) -> String {
    let calendar = outcome.calendar
    let rejections = outcome.appLog.filter { $0.kind == .submitFailed || $0.kind == .registerFailed }
    let ids =
      identifier.map { [$0] }
      ?? Array(Set(outcome.decisions.map(\.activity.identifier) + rejections.map(\.identifier))).sorted()
    var out: [String] = outcome.notes.isEmpty ? [] : outcome.notes + [""]
    let records = outcome.launchRecords
    for id in ids {
      let decisions = outcome.decisions.filter { $0.activity.identifier == id }
      let launches = records.filter { $0.launched != nil && $0.name.text == id }
      let rejected = rejections.filter { $0.identifier == id }
      out.append(
        "\(id): \(Format.count(decisions.count, "decision")), \(Format.count(launches.count, "launch", "launches"))"
          + (rejected.isEmpty ? "" : ", \(rejected.count) rejected by the app's BGTaskScheduler"))
      out +=
        folded(
          rejected.map { e in
            (rejectionText(e), true, { "  \(calendar.isoString(e.time))  \(rejectionText(e))" })
          }, limit: limit
        ).lines
      let shown = folded(
        decisions.map { d in (summaryKey(d), d.outcome != .launched, { line(d, calendar) }) }, limit: limit)
      out += shown.lines
      if shown.cut { out.append("    (first \(limit) changes shown; use --limit for more)") }
      out.append(verdict(id, decisions, launches, calendar))
      out.append("")
    }
    if ids.isEmpty, outcome.notes.isEmpty {
      out.append("no decisions were made: nothing was pending (check the app's tasks and submit policies)")
    }
    return out.joined(separator: "\n")
  }

  /// Lines for `entries` in order: an entry with the key of the one before, where it
  /// may fold, is counted into "… the same N more times" instead; at most `limit`
  /// groups are shown, and `cut` says whether the limit was reached.
  static func folded(_ entries: [(key: String, folds: Bool, line: () -> String)], limit: Int) -> (
    lines: [String], cut: Bool
  ) {
    var out: [String] = []
    var groups = 0
    var previous: String?
    var repeats = 0
    // Whether the current group's first line was shown: past the limit, its repeats are not.
    var shown = false
    func flush() {
      if repeats > 0, shown { out.append("    … the same \(Format.count(repeats, "more time"))") }
      repeats = 0
    }
    for e in entries {
      if e.key == previous, e.folds {
        repeats += 1
        continue
      }
      flush()
      previous = e.key
      shown = groups < limit
      guard shown else { continue }
      out.append(e.line())
      groups += 1
    }
    flush()
    return (out, groups >= limit)
  }

  /// A rejected registration or submission, as explain spells it.
  static func rejectionText(_ e: AppEvent) -> String {
    guard e.kind == .submitFailed else { return "register rejected: \(e.detail)" }
    let code = BGTaskSchedulerError.Code(rawValue: Int(e.value ?? 0))
    return
      "submit rejected: \(code.map { BGTaskSchedulerError($0).description } ?? "unknown error") (\(e.detail) request)"
  }

  /// What makes two decisions "the same" for folding: the outcome, and for a veto its
  /// policy and reason with the numbers left out (a rate limit's "217 s ago" and "526 s
  /// ago" are one reason; the first line of a group shows its numbers).
  static func summaryKey(_ d: Decision) -> String {
    switch d.outcome {
    case .launched: "launched"
    case .vetoed(let p): "veto \(p) \(String((d.verdicts.last?.reason ?? "").filter { !$0.isNumber }))"
    case .belowThreshold: "below"
    case .refused(let r): "refused \(r)"
    }
  }

  static func line(_ d: Decision, _ calendar: SimCalendar) -> String {
    let head =
      "  \(calendar.isoString(d.time))  \(d.trigger.padding(toLength: 19, withPad: " ", startingAt: 0))"
    switch d.outcome {
    case .vetoed(let p):
      let reason = d.verdicts.first { $0.policy == p }?.reason ?? ""
      return "\(head) Must Not Proceed: \(p) (\(reason))"
    case .launched, .belowThreshold, .refused:
      let scores = d.verdicts.compactMap { v -> String? in
        guard case .score(let s, let w) = v.outcome else { return nil }
        return "\(v.policy) \(fixed(s))×\(fixed(w, 0))"
      }
      // As many decimals as it takes for the score and the threshold to read as they
      // compare (0.91 < 0.91 said nothing), up to 6.
      var digits = 2
      if let t = d.total {
        while digits < 6, fixed(t, digits) == fixed(d.threshold, digits), t != d.threshold { digits += 1 }
      }
      let total = d.total.map { fixed($0, digits) } ?? "-"
      let threshold = fixed(d.threshold, digits)
      let result: String
      switch d.outcome {
      case .launched: result = "≥ \(threshold) → launched"
      case .refused(let r) where r.hasPrefix(SystemScheduler.groupFullReason):
        result = "≥ \(threshold) but \(r.dropFirst(SystemScheduler.groupFullReason.count + 2))"
      case .refused(let r): result = "≥ \(threshold) but the app refused (\(r))"
      default: result = "< \(threshold) → wait"
      }
      var line = "\(head) score \(total) \(result) [\(scores.joined(separator: ", "))]"
      if case .belowThreshold = d.outcome, let most = heldBackMost(d) {
        line += "; held back most by \(most.policy): \(most.reason)"
      }
      if let room = d.verdicts.first(where: { $0.policy == "fair_share" }) { line += "; " + room.reason }
      return line
    }
  }

  /// The scored policy that cost a waiting decision the most, weight × (1 − score),
  /// when its reason names something (another app's work, a budget).
  static func heldBackMost(_ d: Decision) -> PolicyVerdict? {
    var best: (PolicyVerdict, Double)?
    for v in d.verdicts {
      guard case .score(let s, let w) = v.outcome, s < 1, !v.reason.isEmpty else { continue }
      let cost = w * (1 - s)
      if cost > (best?.1 ?? 0) { best = (v, cost) }
    }
    return best?.0
  }

  static func verdict(
    _ id: String, _ decisions: [Decision], _ launches: [LaunchRecord], _ calendar: SimCalendar
  )
    -> String
  {
    if !launches.isEmpty {
      return "  ran at " + launches.compactMap(\.launched).map(calendar.isoString).joined(separator: ", ")
        + reasons(launches)
    }
    var vetoes: [String: Int] = [:]
    var below = 0
    for d in decisions {
      switch d.outcome {
      case .vetoed(let p): vetoes[p, default: 0] += 1
      case .belowThreshold: below += 1
      default: break
      }
    }
    let top = vetoes.max { ($0.value, $1.key) < ($1.value, $0.key) }
    var text = "  never ran:"
    if let top { text += " most often vetoed by \(top.key) (\(top.value) of \(decisions.count) decisions)" }
    if below > 0 { text += "\(top == nil ? "" : ";") score below the threshold \(below) times" }
    if decisions.isEmpty { text += " the system never judged it (nothing of it was pending)" }
    return text
  }

  static func fixed(_ x: Double, _ digits: Int = 2) -> String { Format.fixed(x, digits: digits) }

  /// Why the launches ran, as the rule recorded each (``LaunchCause``): how many by each
  /// reason, as `launches.csv`'s `launch_reason` spells it; empty when none was recorded.
  static func reasons(_ launches: [LaunchRecord]) -> String {
    var counts: [LaunchCause.Reason: Int] = [:]
    for r in launches { if let reason = r.snapshot?.cause?.reason { counts[reason, default: 0] += 1 } }
    let parts = LaunchCause.Reason.allCases.compactMap { reason in
      counts[reason].map { "\($0) \(reason.text)" }
    }
    return parts.isEmpty ? "" : "\n  launch_reason: " + parts.joined(separator: ", ")
  }
}
