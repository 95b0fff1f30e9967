import Dispatch
import FileFormats
import Foundation
import IOSModel
import Results
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
    /// The warm-up pilot's time before this run [s]: counted in the run's wall time.
    var pilotSeconds = 0.0
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

  func partPath(_ chunk: Int, _ kind: PartKind) -> String { Self.partPath(in: partsDirectory, chunk, kind) }

  /// A chunk's part file of `kind` in a parts folder.
  static func partPath(in parts: String, _ chunk: Int, _ kind: PartKind) -> String {
    URL(fileURLWithPath: parts).appendingPathComponent(String(format: "chunk-%06d.%@", chunk, kind.rawValue))
      .path
  }

  /// A fingerprint of everything that decides the output, so that `resume` and `merge`
  /// never mix runs: the resolved configuration, the bytes of every file the experiment
  /// names (persona and timeline files), and the bgsim version.
  var fingerprint: String {
    var text =
      "bgsim \(BGSimVersion.text)|\(spec.name)|\(spec.days)|\(spec.devices)|\(spec.replications)|\(spec.seed)|\(chunkOwners)|"
    text += ConfigDump.yaml(spec.tree)
    var sum = FileChecksum()
    text.utf8CString.withUnsafeBytes { sum.add($0) }
    for file in spec.namedFiles() + (spec.posterior.map { [$0.file] } ?? []) {
      let content = FileChecksum.of(file: file) ?? "unreadable"
      "|\(file)|\(content)".utf8CString.withUnsafeBytes { sum.add($0) }
    }
    return sum.text
  }

  func sealPath(_ chunk: Int) -> String { partPath(chunk, .seal) }

  /// A line for the user about something the run did on its own (a damaged part redone).
  func note(_ line: String) {
    FileHandle.standardError.write(Data("bgsim: \(line)\n".utf8))
  }

  public struct Result: Sendable {
    public let deviceDays: Int
    public let events: Int64
    /// [s], with the pilot run of `warmup_days: auto`, as the manifest records it.
    public var wallSeconds: Double
    /// The device-days the pilot of `warmup_days: auto` simulated before the run.
    public var pilotDeviceDays = 0
    /// The part of `wallSeconds` spent simulating and writing each owner's rows, before
    /// the parts are merged and summarised [s].
    public let simulationSeconds: Double
    public let chunksRun: Int
    public let chunksKept: Int
    /// Nil for a shard, which leaves summarising to `bgsim merge`.
    public let summary: SummaryTables?
    /// The warm-up days left out of the summary: the experiment's, or for
    /// `warmup_days: auto` what the pilot read.
    public var warmupDays = 0
  }

  /// Runs, merges and summarises. `progress(done, total)` (in device-days) is called
  /// from worker threads.
  public func run(progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in }) throws(UserError) -> Result
  {
    try OutputFolder.cleaningUp(directory: options.outputDirectory) { () throws(UserError) in
      try runInFolder(progress: progress)
    }
  }

  private func runInFolder(progress: @escaping @Sendable (Int, Int) -> Void) throws(UserError) -> Result {
    // `warmup_days: auto`: a pilot reads the warm-up, then the run proper.
    let clock = ContinuousClock()
    let began = clock.now
    if let resolved = try resolvingAutoWarmup(progress: progress) {
      var result = try resolved.run { done, total in progress(total + done, 2 * total) }
      result.pilotDeviceDays = result.deviceDays
      return result
    }
    let output = try prepareOutput()
    defer { withExtendedLifetime(output.lock) {} }
    let specs = try CellSpecs(spec)
    let work = chunksToRun(resume: output.resume, fingerprint: output.fingerprint)
    // Part files are synced and renamed in the background while the next chunks run.
    // Every way out waits for them: no file lands after the run has returned.
    let commits = DeferredCommits()
    defer { try? commits.wait() }
    let gathered = try gatheredSummary()
    defer { if let gathered { try? FileManager.default.removeItem(atPath: gathered.spillPath) } }
    let events = try simulate(
      work, specs, fingerprint: output.fingerprint, commits: commits, gathered: gathered, progress: progress)
    let simulated = (clock.now - began).inSeconds
    let wallSeconds = { (clock.now - began).inSeconds + options.pilotSeconds }
    if let shard = options.shard {
      let wall = try finishShard(shard, work, fingerprint: output.fingerprint, wallSeconds: wallSeconds)
      return Result(
        deviceDays: work.mine.reduce(0) { $0 + $1.devices.count } * spec.days * spec.arms.count,
        events: events,
        wallSeconds: wall, simulationSeconds: simulated, chunksRun: work.todo.count,
        chunksKept: work.mine.count - work.todo.count, summary: nil)
    }
    let (tables, wall) = try finishRun(work, commits: commits, gathered: gathered, wallSeconds: wallSeconds)
    var result = Result(
      deviceDays: spec.cells.count * spec.replications * spec.devices * spec.days * spec.arms.count,
      events: events, wallSeconds: wall, simulationSeconds: simulated,
      chunksRun: work.todo.count, chunksKept: work.all.count - work.todo.count, summary: tables)
    result.warmupDays = spec.warmupDays
    return result
  }
}
