import DeviceModel
import Dispatch
import Foundation
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
    /// Owners per chunk: the unit of parallel work and of resuming.
    public var ownersPerChunk = 10

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

  func chunks() -> [Chunk] {
    var out: [Chunk] = []
    for cell in spec.cells.indices {
      for r in 0..<spec.replications {
        for start in stride(from: 0, to: spec.devices, by: options.ownersPerChunk) {
          out.append(
            Chunk(
              index: out.count, cell: cell, replication: r,
              devices: start..<min(spec.devices, start + options.ownersPerChunk)))
        }
      }
    }
    return out
  }

  var partsDirectory: String {
    URL(fileURLWithPath: options.outputDirectory).appendingPathComponent(".parts").path
  }

  func partPath(_ chunk: Int, _ kind: String) -> String {
    URL(fileURLWithPath: partsDirectory).appendingPathComponent(String(format: "chunk-%06d.%@", chunk, kind))
      .path
  }

  /// A fingerprint of everything that decides the output, so that `resume` never mixes runs.
  var fingerprint: String {
    var text =
      "\(spec.name)|\(spec.days)|\(spec.devices)|\(spec.replications)|\(spec.seed)|\(options.ownersPerChunk)|"
    text += ConfigDump.yaml(spec.tree)
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for b in text.utf8 {
      hash ^= UInt64(b)
      hash = hash &* 0x0000_0100_0000_01B3
    }
    return String(hash, radix: 16)
  }

  public struct Result: Sendable {
    public let deviceDays: Int
    public let events: Int64
    public let wallSeconds: Double
    public let chunksRun: Int
    public let chunksKept: Int
    public let summary: SummaryTables
  }

  /// Runs, merges and summarises. `progress(done, total)` is called from worker threads.
  public func run(progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in }) throws(UserError) -> Result
  {
    let clock = ContinuousClock()
    let began = clock.now
    try DeviceTraceRun.prepare(directory: options.outputDirectory)
    let fm = FileManager.default
    let fingerprintFile = URL(fileURLWithPath: partsDirectory).appendingPathComponent("fingerprint").path
    if options.resume,
      let old = fm.contents(atPath: fingerprintFile).map({ String(decoding: $0, as: UTF8.self) }),
      old != fingerprint
    {
      throw UserError(
        "--resume: \(options.outputDirectory) holds a run of a different configuration or seed; use another --out or drop --resume"
      )
    }
    if !options.resume { try? fm.removeItem(atPath: partsDirectory) }
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
    let all = chunks()
    let todo = all.filter { !(options.resume && fm.fileExists(atPath: partPath($0.index, "done"))) }
    let next = Atomic<Int>(0)
    let finished = Atomic<Int>(all.count - todo.count)
    let events = Atomic<Int64>(0)
    let failure = Mutex<String?>(nil)
    let total = all.count
    let jobs = max(1, min(options.jobs, todo.count))
    progress(all.count - todo.count, total)
    DispatchQueue.concurrentPerform(iterations: jobs) { _ in
      while true {
        let i = next.add(1, ordering: .relaxed).oldValue
        guard i < todo.count, failure.withLock({ $0 == nil }) else { return }
        do {
          let n = try runChunk(todo[i], cellSpecs[todo[i].cell])
          events.add(n, ordering: .relaxed)
          let done = finished.add(1, ordering: .relaxed).newValue
          progress(done, total)
        } catch {
          let message = (error as? UserError)?.message ?? "\(error)"
          failure.withLock { $0 = $0 ?? message }
        }
      }
    }
    if let message = failure.withLock({ $0 }) { throw UserError(message) }
    try mergeParts(all)
    let summary = try SummaryTables.compute(directory: options.outputDirectory, spec: spec)
    let elapsed = clock.now - began
    let wall = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    try Manifest.write(spec: spec, options: options, wallSeconds: wall, chunks: all.count)
    try? fm.removeItem(atPath: partsDirectory)
    return Result(
      deviceDays: spec.cells.count * spec.replications * spec.devices * spec.days * spec.arms.count,
      events: events.load(ordering: .relaxed), wallSeconds: wall, chunksRun: todo.count,
      chunksKept: all.count - todo.count, summary: summary)
  }

  /// Simulates one chunk and writes its part files; the `done` marker comes last.
  func runChunk(_ chunk: Chunk, _ cellSpec: ExperimentSpec) throws(UserError) -> Int64 {
    var launches = CSVBuffer(capacity: 1 << 16)
    var days = CSVBuffer(capacity: 1 << 16)
    var events: Int64 = 0
    for device in chunk.devices {
      for arm in cellSpec.arms {
        events += OwnerSimulation.run(
          cellSpec, cell: chunk.cell, replication: chunk.replication, device: device, arm: arm,
          launches: &launches,
          days: &days)
      }
    }
    for (kind, buffer) in [("launches", launches), ("days", days)] {
      let writer = try AtomicFileWriter(path: partPath(chunk.index, kind))
      writer.write(buffer.bytes)
      try writer.commit()
    }
    let marker = try AtomicFileWriter(path: partPath(chunk.index, "done"))
    try marker.commit()
    return events
  }

  /// Concatenates the parts in chunk order under one header per file.
  func mergeParts(_ all: [Chunk]) throws(UserError) {
    let dir = URL(fileURLWithPath: options.outputDirectory)
    for (kind, columns) in [
      ("launches", OwnerSimulation.launchColumns), ("days", OwnerSimulation.dayColumns),
    ] {
      let writer = try AtomicFileWriter(path: dir.appendingPathComponent("\(kind).csv").path)
      writer.write(columns.joined(separator: ",") + "\n")
      for chunk in all {
        guard let data = FileManager.default.contents(atPath: partPath(chunk.index, kind)) else {
          throw UserError("missing part \(partPath(chunk.index, kind)); run again with --resume")
        }
        writer.write([UInt8](data))
      }
      try writer.commit()
    }
  }
}
