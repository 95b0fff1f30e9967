import DeviceModel
import Dispatch
import FileFormats
import Foundation
import Results
import Synchronization

extension ExperimentRunner {
  /// The summary's share of the chunks run here, gathered as they run; nil for a shard,
  /// which leaves summarising to `bgsim merge` (it reads the merged files).
  func gatheredSummary() throws(UserError) -> GatheredSummary? {
    SummaryTables.removeLeftoverSpills(options.outputDirectory)
    guard options.shard == nil else { return nil }
    return try GatheredSummary(
      directory: options.outputDirectory, arms: spec.arms.map(\.name), cells: spec.cells.count,
      byReplication: spec.posterior != nil, families: spec.families)
  }

  /// Simulates the chunks of `work.todo` on `options.jobs` threads, each taking the next
  /// chunk in turn. Returns the kernel events handled.
  func simulate(
    _ work: Work, _ specs: CellSpecs, fingerprint: String, commits: DeferredCommits,
    gathered: GatheredSummary?,
    progress: @escaping @Sendable (Int, Int) -> Void
  ) throws(UserError) -> Int64 {
    let todo = work.todo
    let next = Atomic<Int>(0)
    // Progress is counted in device-days (owners × days × arms of each chunk).
    let perOwner = spec.days * spec.arms.count
    func deviceDays(_ chunks: [Chunk]) -> Int { chunks.reduce(0) { $0 + $1.devices.count } * perOwner }
    let total = deviceDays(work.mine)
    let finished = Atomic<Int>(total - deviceDays(todo))
    let events = Atomic<Int64>(0)
    let failure = Mutex<String?>(nil)
    let jobs = max(1, min(options.jobs, todo.count))
    progress(total - deviceDays(todo), total)
    DispatchQueue.concurrentPerform(iterations: jobs) { _ in
      while true {
        let i = next.add(1, ordering: .relaxed).oldValue
        guard i < todo.count, failure.withLock({ $0 == nil }) else { return }
        do {
          let n = try runChunk(
            todo[i], try specs.spec(for: todo[i]), fingerprint: fingerprint, commits: commits,
            gathered: gathered)
          events.add(n, ordering: .relaxed)
          let done = finished.add(todo[i].devices.count * perOwner, ordering: .relaxed).newValue
          progress(done, total)
        } catch {
          let message = (error as? UserError)?.message ?? "\(error)"
          failure.withLock { $0 = $0 ?? message }
        }
      }
    }
    let committed = Swift.Result { () throws(UserError) in try commits.wait() }
    if let message = failure.withLock({ $0 }) { throw UserError(message) }
    try committed.get()
    return events.load(ordering: .relaxed)
  }

  /// Simulates one chunk and writes its part files. Its seal (``ChunkSeal``) is
  /// committed last and marks the chunk done; a timelines part is written only by a chunk with an owner
  /// whose day is kept (``OwnerSimulation/keepsTimeline(_:cell:replication:owner:)``):
  /// creating files is not free (a third of a millisecond each on ext4 after many runs).
  /// Rows go to the (temporary) part files whenever a buffer passes 256 KiB, so a chunk's
  /// memory does not grow with the number of days. The parts are committed by `commits`,
  /// in the background; each owner's share of the summary goes to `gathered`.
  func runChunk(
    _ chunk: Chunk, _ cellSpec: ExperimentSpec, fingerprint: String, commits: DeferredCommits,
    gathered: GatheredSummary?
  ) throws(UserError) -> Int64 {
    var rows = RowBuffers()
    let keepsDay = chunk.devices.contains {
      OwnerSimulation.keepsTimeline(cellSpec, cell: chunk.cell, replication: chunk.replication, owner: $0)
        != nil
    }
    var files: [PartKind: AtomicFileWriter] = [:]
    for kind in PartKind.rows where kind.isWritten(by: cellSpec, keepsDay: keepsDay) {
      files[kind] = try AtomicFileWriter(path: partPath(chunk.index, kind))
    }
    /// Passes every buffer of at least `limit` bytes to its part file.
    func drain(_ rows: inout RowBuffers, under limit: Int) {
      for kind in PartKind.rows {
        guard let file = files[kind], rows[kind].count >= limit else { continue }
        rows[kind].withBytes { file.write($0) }
        rows[kind].removeAll()
      }
    }
    var events: Int64 = 0
    for device in chunk.devices {
      // The owner's arms, one after another, share its usage draws.
      let usage = UsageDraws()
      var summaries: [OwnerSummary] = []
      for arm in cellSpec.arms {
        events += OwnerSimulation.run(
          cellSpec, cell: chunk.cell, replication: chunk.replication, owner: device, arm: arm, usage: usage,
          rows: &rows, drain: { drain(&$0, under: 1 << 18) }, summary: { summaries.append($0) })
        drain(&rows, under: 1 << 18)
      }
      gathered?.add(summaries, cell: chunk.cell, replication: chunk.replication, device: device)
    }
    drain(&rows, under: 0)
    var finished: [AtomicFileWriter.Finished] = []
    var sums: [PartKind: String] = [:]
    for kind in PartKind.rows {
      guard let file = files[kind] else { continue }
      let f = try file.finish()
      sums[kind] = f.checksum
      finished.append(f)
    }
    let seal = try AtomicFileWriter(path: sealPath(chunk.index))
    seal.write(ChunkSeal(fingerprint: fingerprint, parts: sums).text)
    finished.append(try seal.finish())
    commits.commit(finished)
    return events
  }

}
