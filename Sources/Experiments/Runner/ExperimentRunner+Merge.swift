import FileFormats
import Foundation
import IOSModel
import Results

extension ExperimentRunner {
  /// Ends a shard: records what it ran (``ShardRecord``), last. Returns the wall time
  /// recorded [s].
  func finishShard(_ shard: Shard, _ work: Work, fingerprint: String, wallSeconds: () -> Double)
    throws(UserError) -> Double
  {
    let wall = wallSeconds()
    try ShardRecord(
      version: BGSimVersion.text, fingerprint: fingerprint, index: shard.index, count: shard.count,
      totalChunks: work.all.count, chunks: work.mine.map(\.index),
      sealChecksums: work.mine.map { FileChecksum.of(file: sealPath($0.index)) ?? "" },
      source: options.source,
      wallSeconds: wall, warmupDays: spec.warmupDays
    ).write(to: options.outputDirectory)
    return wall
  }

  /// Ends a whole run: merges the parts into the output files, computes the summary
  /// (the gathered share of the chunks run now, the rest read back from the parts an
  /// interrupted run had finished), then writes the manifest, which marks a finished
  /// run, last. Returns the summary and the wall time recorded [s].
  func finishRun(
    _ work: Work, commits: DeferredCommits, gathered: GatheredSummary?, wallSeconds: () -> Double
  ) throws(UserError) -> (SummaryTables, Double) {
    // The merged files are synced while the summary is computed; its files are committed
    // after them, and dropped if one of them fails.
    let written = try mergeParts(work.all, commits: commits)
    let ran = Set(work.todo.map(\.index))
    let summary = Swift.Result { () throws(UserError) in
      try SummaryTables.compute(
        parts: work.all.filter { !ran.contains($0.index) }.map {
          (partPath($0.index, .days), partPath($0.index, .launches))
        },
        gathered: try gathered?.finish() ?? SummaryTables.Partial(), gatheredSpill: gathered?.spillPath,
        directory: options.outputDirectory, plan: spec.summaryPlan, jobs: options.jobs, commits: commits)
    }
    try commits.wait()
    var tables = try summary.get()
    _ = try OtherAppSummary.compute(directory: options.outputDirectory, plan: spec.summaryPlan)
    if SystemScheduler.checksShortcuts, gathered != nil { try checkGatheredSummary(tables, spec: spec) }
    tables = try tables.addingCellDifferences(directory: options.outputDirectory, plan: spec.summaryPlan)
    let wall = wallSeconds()
    try Manifest.write(
      spec: spec, options: options, wallSeconds: wall, chunks: work.all.count, transient: tables.transient,
      checksums: written)
    try? FileManager.default.removeItem(atPath: partsDirectory)
    return (tables, wall)
  }

  /// The summary gathered as the rows were written (``GatheredSummary``) is a shortcut:
  /// the summary is defined as the tables of the merged files' rows
  /// (``SummaryTables/compute(directory:plan:write:)``). Checked in debug builds.
  func checkGatheredSummary(_ tables: SummaryTables, spec: ExperimentSpec) throws(UserError) {
    let reference = try SummaryTables.compute(
      directory: options.outputDirectory, plan: spec.summaryPlan, write: false)
    precondition(
      String(reflecting: reference.rows) == String(reflecting: tables.rows)
        && String(reflecting: reference.verdicts) == String(reflecting: tables.verdicts)
        && reference.transient == tables.transient,
      "bgsim: the summary gathered during the run differs from the summary of the files it wrote")
  }

  /// Concatenates the parts in chunk order under one header per file; returns each
  /// file's checksum by name.
  func mergeParts(_ all: [Chunk], commits: DeferredCommits) throws(UserError) -> [String: String] {
    try Self.concatenate(
      chunks: all.map { ($0.index, $0.cell) }, spec: spec, into: options.outputDirectory, commits: commits
    ) {
      partPath($0, $1)
    }
  }

  /// Writes each per-owner CSV (``PartKind/rows``) in `directory` from the parts of
  /// `chunks` (each with its sweep cell), in order, under a header with the swept keys
  /// (``ExperimentSpec/layout(_:)``; each part's rows carry their values); commits them with `commits` (in the background) or,
  /// without, before returning. Returns each file's checksum (``AtomicFileWriter/Finished/checksum``) by name.
  @discardableResult
  static func concatenate(
    chunks: [(index: Int, cell: Int)], spec: ExperimentSpec, into directory: String,
    commits: DeferredCommits? = nil,
    part: (Int, PartKind) -> String
  )
    throws(UserError) -> [String: String]
  {
    var checksums: [String: String] = [:]
    let dir = URL(fileURLWithPath: directory)
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 64)
    defer { buffer.deallocate() }
    for kind in PartKind.rows {
      guard let schema = kind.schema else { continue }
      // The other apps' files only when some chunk wrote a part of them.
      if !kind.isAlwaysOutput,
        !chunks.contains(where: { FileManager.default.fileExists(atPath: part($0.index, kind)) })
      {
        continue
      }
      let writer = try AtomicFileWriter(path: dir.appendingPathComponent(schema.file).path)
      writer.write(spec.layout(schema).header)
      for chunk in chunks {
        // Only chunks with a kept day write a timelines part (with other apps, an
        // other-apps part).
        if !kind.isInEveryChunk, !FileManager.default.fileExists(atPath: part(chunk.index, kind)) { continue }
        try FileDescriptorOutput.append(part: part(chunk.index, kind), to: writer, buffer: buffer)
      }
      let finished = try writer.finish()
      checksums[schema.file] = finished.checksum
      if let commits { commits.commit([finished]) } else { try finished.commit() }
    }
    return checksums
  }
}
