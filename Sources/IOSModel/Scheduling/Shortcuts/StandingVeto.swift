/// Every due activity was vetoed by a policy whose veto reads only the kept state.
struct StandingVeto: Equatable {
  /// The state the vetoes were judged in.
  var inputs: StateInputs
  /// Decisions at each decision point (the due activities).
  var decisions: Int
  /// When a request not yet due becomes due [µs]; the vetoes may not cover it.
  var until: Int64
}
