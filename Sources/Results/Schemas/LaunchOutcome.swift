import FileFormats

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
}
