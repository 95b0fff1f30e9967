/// The scheduler's account of its decisions: how many it made, and, when asked
/// (`bgsim explain`), each one in full.
struct DecisionLog {
  /// Whether to keep every decision; off for large runs.
  var keeps: Bool
  var decisions: [Decision] = []
  /// Decisions made so far (kept or not).
  var count = 0
  /// What dasd's fair share suspended for the launch being recorded.
  var madeRoom: String?
}
