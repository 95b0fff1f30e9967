import DeviceModel
import Dispatch
import FileFormats
import Foundation
import IOSModel
import Synchronization

/// Runs an experiment: every (cell, replication, owner) in every arm, in chunks that
/// run in parallel and land in `OUT/.parts/`, then merged in a fixed order into the
/// output files. The same configuration and seed give the same bytes whatever the
/// number of jobs; `resume` keeps finished chunks and redoes only the missing ones.
public struct ExperimentRunner: Sendable {
  public struct Options: Sendable {
    public var outputDirectory: String
    public var jobs: Int
    public var resume: Bool
    public var commandLine: [String]
    /// Owners per chunk, the unit of parallel work and of resuming; nil for
    /// ``ExperimentRunner/ownersPerChunk(days:arms:)``.
    public var ownersPerChunk: Int?
    /// Run only shard `index` of `count` (1-based), leaving its parts for `bgsim merge`.
    public var shard: Shard?
    /// Where the experiment came from, kept in a shard's record so `merge` can rebuild it.
    public var source = ExperimentSource(text: "", label: "", overrides: [])

    public init(outputDirectory: String, jobs: Int, resume: Bool, commandLine: [String]) {
      self.outputDirectory = outputDirectory
      self.jobs = jobs
      self.resume = resume
      self.commandLine = commandLine
    }
  }

  /// One slice of the work.
  struct Chunk: Sendable {
    let index: Int
    let cell: Int
    let replication: Int
    let devices: Range<Int>
  }

  public let spec: ExperimentSpec
  public let options: Options

  public init(spec: ExperimentSpec, options: Options) {
    self.spec = spec
    self.options = options
  }

  /// Owners per chunk, by default enough for about 1,200 device-days (20 owners of the
  /// default 30-day, two-arm experiment), at most 20 and at least 1: chunks of a long run
  /// hold few owners, so that a few owners still keep every job busy and `--resume`
  /// loses little, while short runs do not pay for creating and syncing many part files.
  /// It depends on the experiment alone, never on `--jobs`, so any number of jobs (or
  /// shards) gives the same chunks.
  public static func ownersPerChunk(days: Int, arms: Int) -> Int {
    max(1, min(20, (1200 + days * arms - 1) / max(1, days * arms)))
  }

  var chunkOwners: Int {
    options.ownersPerChunk ?? Self.ownersPerChunk(days: spec.days, arms: spec.arms.count)
  }

  func chunks() -> [Chunk] {
    var out: [Chunk] = []
    for cell in spec.cells.indices {
      for r in 0..<spec.replications {
        for start in stride(from: 0, to: spec.devices, by: chunkOwners) {
          out.append(
            Chunk(
              index: out.count, cell: cell, replication: r,
              devices: start..<min(spec.devices, start + chunkOwners)))
        }
      }
    }
    return out
  }

  var partsDirectory: String {
    URL(fileURLWithPath: options.outputDirectory).appendingPathComponent(
      options.shard == nil ? ".parts" : "parts"
    )
    .path
  }

  func partPath(_ chunk: Int, _ kind: String) -> String { Self.partPath(in: partsDirectory, chunk, kind) }

  /// A chunk's part file (`launches`, `days`, `timelines` or `seal`) in a parts folder.
  static func partPath(in parts: String, _ chunk: Int, _ kind: String) -> String {
    URL(fileURLWithPath: parts).appendingPathComponent(String(format: "chunk-%06d.%@", chunk, kind)).path
  }

  /// A fingerprint of everything that decides the output, so that `resume` and `merge`
  /// never mix runs: the resolved configuration, the bytes of every file the experiment
  /// names (persona and timeline files), and the bgsim version.
  var fingerprint: String {
    var text =
      "bgsim \(Manifest.version)|\(spec.name)|\(spec.days)|\(spec.devices)|\(spec.replications)|\(spec.seed)|\(chunkOwners)|"
    text += ConfigDump.yaml(spec.tree)
    var sum = FileChecksum()
    text.utf8CString.withUnsafeBytes { sum.add($0) }
    for file in spec.namedFiles() + (spec.posterior.map { [$0.file] } ?? []) {
      let content = FileChecksum.of(file: file) ?? "unreadable"
      "|\(file)|\(content)".utf8CString.withUnsafeBytes { sum.add($0) }
    }
    return sum.text
  }

  func sealPath(_ chunk: Int) -> String { partPath(chunk, "seal") }

  /// A line for the user about something the run did on its own (a damaged part redone).
  func note(_ line: String) {
    FileHandle.standardError.write(Data("bgsim: \(line)\n".utf8))
  }

  public struct Result: Sendable {
    public let deviceDays: Int
    public let events: Int64
    public let wallSeconds: Double
    /// The part of `wallSeconds` spent simulating and writing each owner's rows, before
    /// the parts are merged and summarised [s].
    public let simulationSeconds: Double
    public let chunksRun: Int
    public let chunksKept: Int
    /// Nil for a shard, which leaves summarising to `bgsim merge`.
    public let summary: SummaryTables?
  }

  /// Runs, merges and summarises. `progress(done, total)` (in device-days) is called
  /// from worker threads.
  public func run(progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in }) throws(UserError) -> Result
  {
    let clock = ContinuousClock()
    let began = clock.now
    try DeviceTraceRun.prepare(directory: options.outputDirectory)
    let lock = try OutputLock(directory: options.outputDirectory)
    defer { withExtendedLifetime(lock) {} }
    AtomicFileWriter.removeStale(in: options.outputDirectory)
    AtomicFileWriter.removeStale(in: partsDirectory)
    // A run's files replace the last run's as a whole: the old ones go first (the
    // manifest, which marks a finished run, before the rest), so that no failure leaves
    // files of two runs side by side.
    if options.shard == nil { Self.removeOutputs(in: options.outputDirectory) }
    let fm = FileManager.default
    // Computed once: it reads every file the experiment names.
    let fingerprint = self.fingerprint
    let fingerprintFile = URL(fileURLWithPath: partsDirectory).appendingPathComponent("fingerprint").path
    var resume = options.resume
    if resume, fm.fileExists(atPath: partsDirectory) {
      if let old = fm.contents(atPath: fingerprintFile).map({ String(decoding: $0, as: UTF8.self) }) {
        if old != fingerprint {
          throw UserError(
            "--resume: \(options.outputDirectory) holds a run of a different configuration, seed or input files; use another --out or drop --resume"
          )
        }
      } else {
        // Parts without a fingerprint cannot be trusted: start again.
        note("resume: \(partsDirectory) has no fingerprint; starting the run again")
        resume = false
      }
    }
    if !resume { try? fm.removeItem(atPath: partsDirectory) }
    do {
      try fm.createDirectory(atPath: partsDirectory, withIntermediateDirectories: true)
      try Data(fingerprint.utf8).write(to: URL(fileURLWithPath: fingerprintFile), options: .atomic)
    } catch { throw UserError("cannot write to \(partsDirectory): \(error.localizedDescription)") }
    let cellSpecs: [ExperimentSpec]
    var specs: [ExperimentSpec] = []
    for cell in spec.cells {
      do { specs.append(try spec.spec(for: cell)) } catch { throw UserError(error.description) }
    }
    cellSpecs = specs
    // With a posterior sample, each replication has its own parameters: decoded once per
    // (cell, replication), as the chunks come.
    let replicationSpecs = Mutex<[Int: ExperimentSpec]>([:])
    @Sendable func chunkSpec(_ chunk: Chunk) throws(UserError) -> ExperimentSpec {
      guard spec.posterior != nil else { return cellSpecs[chunk.cell] }
      let key = chunk.cell * spec.replications + chunk.replication
      if let known = replicationSpecs.withLock({ $0[key] }) { return known }
      let made: ExperimentSpec
      do { made = try spec.spec(cell: chunk.cell, replication: chunk.replication) } catch {
        throw UserError(error.description)
      }
      replicationSpecs.withLock { $0[key] = made }
      return made
    }
    let all = chunks()
    let mine = options.shard.map { shard in all.filter { $0.index % shard.count == shard.index - 1 } } ?? all
    // A chunk is done when its seal, committed last, vouches for its parts.
    let todo = mine.filter { chunk in
      guard resume else { return true }
      let problem = ChunkSeal.problem(sealPath: sealPath(chunk.index), fingerprint: fingerprint) {
        partPath(chunk.index, $0)
      }
      guard let problem else { return false }
      if problem != "not finished" { note("resume: chunk \(chunk.index): \(problem); running it again") }
      for kind in ["seal", "launches", "days", "timelines"] {
        try? fm.removeItem(atPath: partPath(chunk.index, kind))
      }
      return true
    }
    let next = Atomic<Int>(0)
    // Progress is counted in device-days (owners × days × arms of each chunk).
    let perOwner = spec.days * spec.arms.count
    func deviceDays(_ chunks: [Chunk]) -> Int { chunks.reduce(0) { $0 + $1.devices.count } * perOwner }
    let total = deviceDays(mine)
    let finished = Atomic<Int>(total - deviceDays(todo))
    let events = Atomic<Int64>(0)
    let failure = Mutex<String?>(nil)
    let jobs = max(1, min(options.jobs, todo.count))
    // Part files are synced and renamed in the background while the next chunks run.
    // Every way out waits for them: no file lands after the run has returned.
    let commits = DeferredCommits()
    defer { try? commits.wait() }
    // The summary's share of the chunks run here is gathered as they run (a shard leaves
    // summarising to `bgsim merge`, which reads the merged files).
    SummaryTables.removeLeftoverSpills(options.outputDirectory)
    let gathered =
      options.shard == nil
      ? try GatheredSummary(
        directory: options.outputDirectory, arms: spec.arms.map(\.name), cells: spec.cells.count,
        byReplication: spec.posterior != nil, launchedBy: spec.launchedBy) : nil
    defer { if let gathered { try? fm.removeItem(atPath: gathered.spillPath) } }
    progress(total - deviceDays(todo), total)
    DispatchQueue.concurrentPerform(iterations: jobs) { _ in
      while true {
        let i = next.add(1, ordering: .relaxed).oldValue
        guard i < todo.count, failure.withLock({ $0 == nil }) else { return }
        do {
          let n = try runChunk(
            todo[i], try chunkSpec(todo[i]), fingerprint: fingerprint, commits: commits, gathered: gathered)
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
    let simulated = (clock.now - began).inSeconds
    if let shard = options.shard {
      let elapsed = clock.now - began
      let wall = elapsed.inSeconds
      try ShardRecord(
        version: Manifest.version, fingerprint: fingerprint, index: shard.index, count: shard.count,
        totalChunks: all.count, chunks: mine.map(\.index),
        sealChecksums: mine.map { FileChecksum.of(file: sealPath($0.index)) ?? "" }, source: options.source,
        wallSeconds: wall
      ).write(to: options.outputDirectory)
      return Result(
        deviceDays: mine.reduce(0) { $0 + $1.devices.count } * spec.days * spec.arms.count,
        events: events.load(ordering: .relaxed), wallSeconds: wall, simulationSeconds: simulated,
        chunksRun: todo.count, chunksKept: mine.count - todo.count, summary: nil)
    }
    // The merged files are synced while the summary is computed; its files are committed
    // after them, and dropped if one of them fails.
    try mergeParts(all, commits: commits)
    // Only the chunks that an interrupted run had finished are read back from their parts.
    let ran = Set(todo.map(\.index))
    let summary = Swift.Result { () throws(UserError) in
      try SummaryTables.compute(
        parts: all.filter { !ran.contains($0.index) }.map {
          (partPath($0.index, "days"), partPath($0.index, "launches"))
        },
        gathered: try gathered?.finish() ?? SummaryTables.Partial(), gatheredSpill: gathered?.spillPath,
        directory: options.outputDirectory, spec: spec, jobs: options.jobs, commits: commits)
    }
    try commits.wait()
    let elapsed = clock.now - began
    let wall = elapsed.inSeconds
    let tables = try summary.get()
    if SystemScheduler.checksShortcuts, gathered != nil {
      try checkGatheredSummary(tables, spec: spec)
    }
    try Manifest.write(spec: spec, options: options, wallSeconds: wall, chunks: all.count)
    try? fm.removeItem(atPath: partsDirectory)
    return Result(
      deviceDays: spec.cells.count * spec.replications * spec.devices * spec.days * spec.arms.count,
      events: events.load(ordering: .relaxed), wallSeconds: wall, simulationSeconds: simulated,
      chunksRun: todo.count, chunksKept: all.count - todo.count, summary: tables)
  }

  /// The summary gathered as the rows were written (``GatheredSummary``) is a shortcut:
  /// the summary is defined as the tables of the merged files' rows
  /// (``SummaryTables/compute(directory:spec:write:)``). Checked in debug builds.
  func checkGatheredSummary(_ tables: SummaryTables, spec: ExperimentSpec) throws(UserError) {
    let reference = try SummaryTables.compute(directory: options.outputDirectory, spec: spec, write: false)
    precondition(
      String(reflecting: reference.rows) == String(reflecting: tables.rows)
        && String(reflecting: reference.verdicts) == String(reflecting: tables.verdicts),
      "bgsim: the summary gathered during the run differs from the summary of the files it wrote")
  }

  /// Simulates one chunk and writes its part files. Its seal (``ChunkSeal``) is
  /// committed last and marks the chunk done; a timelines part is written only by a chunk with an owner
  /// whose day is kept (``OwnerSimulation/keepsTimeline(_:cell:replication:device:)``):
  /// creating files is not free (a third of a millisecond each on ext4 after many runs).
  /// Rows go to the (temporary) part files whenever a buffer passes 256 KiB, so a chunk's
  /// memory does not grow with the number of days. The parts are committed by `commits`,
  /// in the background; each owner's share of the summary goes to `gathered`.
  func runChunk(
    _ chunk: Chunk, _ cellSpec: ExperimentSpec, fingerprint: String, commits: DeferredCommits,
    gathered: GatheredSummary?
  ) throws(UserError) -> Int64 {
    var launches = CSVBuffer(capacity: 1 << 16)
    var days = CSVBuffer(capacity: 1 << 16)
    var timelines = CSVBuffer(capacity: 1 << 10)
    let launchFile = try AtomicFileWriter(path: partPath(chunk.index, "launches"))
    let dayFile = try AtomicFileWriter(path: partPath(chunk.index, "days"))
    let keepsTimelines = chunk.devices.contains {
      OwnerSimulation.keepsTimeline(cellSpec, cell: chunk.cell, replication: chunk.replication, device: $0)
        != nil
    }
    let timelineFile = keepsTimelines ? try AtomicFileWriter(path: partPath(chunk.index, "timelines")) : nil
    func drain(_ buffer: inout CSVBuffer, _ file: AtomicFileWriter?, under limit: Int) {
      guard let file, buffer.count >= limit else { return }
      buffer.withBytes { file.write($0) }
      buffer.removeAll()
    }
    var events: Int64 = 0
    for device in chunk.devices {
      // The owner's arms, one after another, share its usage draws.
      let usage = UsageDraws()
      var summaries: [OwnerSummary] = []
      for arm in cellSpec.arms {
        events += OwnerSimulation.run(
          cellSpec, cell: chunk.cell, replication: chunk.replication, device: device, arm: arm, usage: usage,
          launches: &launches,
          days: &days, timelines: &timelines,
          drain: {
            drain(&$0, launchFile, under: 1 << 18)
            drain(&$1, dayFile, under: 1 << 18)
          },
          summary: { summaries.append($0) })
        drain(&launches, launchFile, under: 1 << 18)
        drain(&days, dayFile, under: 1 << 18)
        drain(&timelines, timelineFile, under: 1 << 18)
      }
      gathered?.add(summaries, cell: chunk.cell, replication: chunk.replication, device: device)
    }
    drain(&launches, launchFile, under: 0)
    drain(&days, dayFile, under: 0)
    drain(&timelines, timelineFile, under: 0)
    var finished: [AtomicFileWriter.Finished] = []
    var sums: [String: String] = [:]
    for (kind, file) in [("launches", launchFile), ("timelines", timelineFile), ("days", dayFile)] {
      guard let file else { continue }
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

  /// Removes a finished run's outputs from `directory`, the manifest first.
  static func removeOutputs(in directory: String) {
    let dir = URL(fileURLWithPath: directory)
    for name in ["manifest.json"] + CSVSchema.experimentOutputs.map(\.file) + ["report.html", "advice.txt"] {
      _ = unlink(dir.appendingPathComponent(name).path)
    }
  }

  /// Concatenates the parts in chunk order under one header per file.
  func mergeParts(_ all: [Chunk], commits: DeferredCommits) throws(UserError) {
    try Self.concatenate(
      chunks: all.map { ($0.index, $0.cell) }, spec: spec, into: options.outputDirectory, commits: commits
    ) {
      partPath($0, $1)
    }
  }

  /// Writes `launches.csv`, `days.csv` and `timelines.csv` in `directory` from the parts of `chunks` (each
  /// with its sweep cell), in order, under a header with the swept keys
  /// (``ExperimentSpec/layout(_:)``; each part's rows carry their values); commits them with `commits` (in the background) or,
  /// without, before returning.
  static func concatenate(
    chunks: [(index: Int, cell: Int)], spec: ExperimentSpec, into directory: String,
    commits: DeferredCommits? = nil,
    part: (Int, String) -> String
  )
    throws(UserError)
  {
    let dir = URL(fileURLWithPath: directory)
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 64)
    defer { buffer.deallocate() }
    for (kind, schema) in [("launches", CSVSchema.launches), ("days", .days), ("timelines", .timelines)] {
      let writer = try AtomicFileWriter(path: dir.appendingPathComponent(schema.file).path)
      writer.write(spec.layout(schema).header)
      for chunk in chunks {
        // Only chunks with a kept day write a timelines part.
        if kind == "timelines", !FileManager.default.fileExists(atPath: part(chunk.index, kind)) { continue }
        try FileDescriptorOutput.append(part: part(chunk.index, kind), to: writer, buffer: buffer)
      }
      if let commits { commits.commit([try writer.finish()]) } else { try writer.commit() }
    }
  }
}
