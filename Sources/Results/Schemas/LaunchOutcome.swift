/// How a request ended, as its row's `outcome` spells it (a request still running at
/// the end is `running`, one never launched `never_ran`).
package enum LaunchOutcome: UInt8 {
  case completed, failed, expired, killed, cancelled, rejected

  package var text: String {
    switch self {
    case .completed: "completed"
    case .failed: "failed"
    case .expired: "expired"
    case .killed: "killed"
    case .cancelled: "cancelled"
    case .rejected: "rejected"
    }
  }

  /// The one reading of a run's end, for every reader of the phone's events (the rows,
  /// the report's day view): `completion` is a `complete` event's detail as the trace
  /// spells it (IOSModel's `TaskCompletion`), `expired` whether the system expired the
  /// run before it ended. A run that did its work is completed, unless it had expired
  /// first; one that ended unsuccessfully after an expiry, or expired with no handler,
  /// is expired; any other unsuccessful end is failed.
  package init(completion: String, expired: Bool) {
    switch completion {
    case "success", "new_data", "no_data", "done": self = expired ? .expired : .completed
    case "expired_without_handler": self = .expired
    default: self = expired ? .expired : .failed
    }
  }
}
