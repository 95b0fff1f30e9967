import FileFormats
import Foundation
import Synchronization

/// The summary's share of the chunks run in this process, gathered owner by owner as
/// their rows are written (``OwnerSummary``), so that the summary reads back from the
/// part files only the chunks an interrupted run had finished
/// (``ExperimentRunner/Options/resume``).
///
/// Per-(cell, arm) sums are added up here (exact sums, so the order in which owners
/// finish does not matter); the pooled values and the owners' figures themselves go
/// to a scratch file at once, as the summary's own reading spills them, for the order
/// statistics. Memory holds one owner's values at a time per job.
package final class GatheredSummary: Sendable {
  package let spillPath: String
  private let state: Mutex<(partial: SummaryTables.Partial, spill: PooledValueSpill)>
  private let arms: [String]
  /// Whether intervals are over replications (a run with a posterior sample).
  private let byReplication: Bool
  /// An empty stream of owners' figures, copied for each owner (its arm index and
  /// layout are built once, not per owner).
  private let emptyStream: OwnerFigureStream

  /// Opens the scratch file for the pooled values in `directory`.
  package init(
    directory: String, arms: [String], cells: Int, byReplication: Bool = false, families: [MetricName] = []
  )
    throws(UserError)
  {
    // Scratch files 0 and 1 are the summary's own, for the parts it reads back.
    spillPath = SummaryTables.spillPath(directory, 2)
    let spill = try PooledValueSpill(path: spillPath)
    state = Mutex((SummaryTables.Partial(), spill))
    self.arms = arms
    self.byReplication = byReplication
    emptyStream = OwnerFigureStream(
      arms: arms, cells: cells, byReplication: byReplication, figureSet: FigureSet(families: families))
  }

  /// Adds an owner's rows in each of its arms (`summaries[a]` for arm `a`), from any thread.
  package func add(_ summaries: [OwnerSummary], cell: Int, replication: Int, device: Int) {
    var figures = emptyStream
    state.withLock { g in
      for (armIndex, s) in summaries.enumerated() {
        let arm = arms[armIndex]
        let key = SummaryTables.ArmKey(cell: cell, arm: arm)
        var b = g.partial.buckets.removeValue(forKey: key) ?? SummaryTables.Bucket()
        let delays = figures.groups.pooled(cell: cell, arm: armIndex, .delayAfterEarliest)
        let staleness = figures.groups.pooled(cell: cell, arm: armIndex, .stalenessAtOpen)
        var (delayTotal, stalenessTotal) = (ClusterTotal(), ClusterTotal())
        g.spill.appendClusterMarker(cluster: byReplication ? replication : 0)
        for v in s.staleness {
          b.staleness.add(v)
          stalenessTotal.add(v)
          g.spill.append(group: staleness, value: v)
        }
        for d in s.delays {
          b.delays.add(d)
          delayTotal.add(d)
          g.spill.append(group: delays, value: d)
        }
        g.partial.addClusters(
          delays: delayTotal, staleness: stalenessTotal, groups: (delays, staleness),
          replication: replication,
          byReplication: byReplication, to: &b)
        for h in 0..<24 { b.hours[h] += s.hours[h] }
        for (day, launches) in s.dayLaunches.enumerated() {
          b.days.add(day: day, launches: launches, offAllDay: s.daysOff.contains(day))
        }
        g.partial.buckets[key] = b
        if s.counted {
          figures.add(
            cell: cell, arm: arm, replication: replication, device: device, counts: s.counts,
            into: &g.partial,
            spill: g.spill)
        }
      }
      figures.finish(into: &g.partial, spill: g.spill)
    }
  }

  /// What was gathered; the scratch file is complete on return.
  package func finish() throws(UserError) -> SummaryTables.Partial {
    try state.withLock { s throws(UserError) in
      try s.spill.finish()
      return s.partial
    }
  }
}
