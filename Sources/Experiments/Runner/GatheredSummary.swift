import Foundation
import Synchronization

/// The summary's share of the chunks run in this process, gathered owner by owner as
/// their rows are written (``OwnerSummary``), so that the summary reads back from the
/// part files only the chunks an interrupted run had finished
/// (``ExperimentRunner/Options/resume``).
///
/// Per-owner counts and per-(cell, arm) pooled values are added up here (exact sums, so
/// the order in which owners finish does not matter); the pooled values themselves go
/// to a scratch file at once, as the summary's own reading spills them, for the order
/// statistics. Memory holds one owner's values at a time per job.
final class GatheredSummary: Sendable {
  let spillPath: String
  private let state: Mutex<(partial: SummaryTables.Partial, spill: PooledValueSpill)>

  /// Opens the scratch file for the pooled values in `directory`.
  init(directory: String) throws(UserError) {
    // Scratch files 0 and 1 are the summary's own, for the parts it reads back.
    spillPath = SummaryTables.spillPath(directory, 2)
    let spill = try PooledValueSpill(path: spillPath)
    state = Mutex((SummaryTables.Partial(), spill))
  }

  /// Adds an owner's rows in arm `arm` (index `armIndex` of `arms`), from any thread.
  func add(_ s: OwnerSummary, cell: Int, arm: String, armIndex: Int, arms: Int, replication: Int, device: Int)
  {
    let group = SummaryTables.group(cell: cell, arm: armIndex, arms: arms, .delayAfterEarliest)
    let owner = "\(cell)|\(arm)|\(replication)|\(device)"
    let key = "\(cell)|\(arm)"
    state.withLock { g in
      g.partial.counts[owner] = s.counts
      var b = g.partial.buckets.removeValue(forKey: key) ?? SummaryTables.Bucket()
      for d in s.delays {
        b.delays.add(d)
        g.spill.append(group: group, milliseconds: d)
      }
      for v in s.staleness {
        b.staleness.add(v)
        g.spill.append(group: group + 1, milliseconds: v)
      }
      for h in 0..<24 { b.hours[h] += s.hours[h] }
      g.partial.buckets[key] = b
    }
  }

  /// What was gathered; the scratch file is complete on return.
  func finish() throws(UserError) -> SummaryTables.Partial {
    try state.withLock { s throws(UserError) in
      try s.spill.finish()
      return s.partial
    }
  }
}
