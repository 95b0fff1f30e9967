import Foundation
import Synchronization

/// The summary's share of the chunks run in this process, gathered as each chunk
/// finishes (``OwnerSummary``), so that the summary reads back from the part files only
/// the chunks an interrupted run had finished (``ExperimentRunner/Options/resume``).
///
/// Per-owner counts and per-(cell, arm) pooled values are added up here (exact sums, so
/// the order in which chunks finish does not matter); the pooled values themselves go
/// to a scratch file, as the summary's own reading spills them, for the order
/// statistics. Memory holds one chunk's values at a time per job.
final class GatheredSummary: Sendable {
  /// One chunk's share: owners' counts, buckets, and the values to spill (group, ms).
  struct Chunk {
    var partial = SummaryTables.Partial()
    var values: [(group: Int32, milliseconds: Int64)] = []

    /// Adds an owner's rows in arm `arm` (index `armIndex` of `arms`).
    mutating func add(
      _ s: OwnerSummary, cell: Int, arm: String, armIndex: Int, arms: Int, replication: Int, device: Int
    ) {
      partial.counts["\(cell)|\(arm)|\(replication)|\(device)"] = s.counts
      let group = SummaryTables.group(cell: cell, arm: armIndex, arms: arms, .delayAfterEarliest)
      let key = "\(cell)|\(arm)"
      var b = partial.buckets.removeValue(forKey: key) ?? SummaryTables.Bucket()
      for d in s.delays {
        b.delays.add(d)
        values.append((group, d))
      }
      for v in s.staleness {
        b.staleness.add(v)
        values.append((group + 1, v))
      }
      for h in 0..<24 { b.hours[h] += s.hours[h] }
      partial.buckets[key] = b
    }
  }

  let spillPath: String
  private let state: Mutex<(partial: SummaryTables.Partial, spill: PooledValueSpill)>

  /// Opens the scratch file for the pooled values in `directory`.
  init(directory: String) throws(UserError) {
    spillPath = SummaryTables.spillPath(directory, 2)
    let spill = try PooledValueSpill(path: spillPath)
    state = Mutex((SummaryTables.Partial(), spill))
  }

  /// Adds a finished chunk's share (from any thread).
  func add(_ chunk: Chunk) {
    state.withLock { s in
      s.partial.merge(chunk.partial)
      for v in chunk.values { s.spill.append(group: v.group, milliseconds: v.milliseconds) }
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
