import Foundation

/// `shard.json`: what a shard ran, written last so that its presence marks a finished
/// shard. `bgsim merge` reads it to check that shards belong together: the bgsim
/// version, the run's fingerprint, the chunks and the checksum of each chunk's seal
/// (``ChunkSeal``), which holds the checksums of its parts.
struct ShardRecord {
  let version: String
  let fingerprint: String
  let index: Int
  let count: Int
  let totalChunks: Int
  let chunks: [Int]
  /// The checksum of each chunk's seal file, in the order of `chunks`.
  let sealChecksums: [String]
  let source: ExperimentSource
  let wallSeconds: Double

  static let fileName = "shard.json"

  func write(to directory: String) throws(UserError) {
    let object: [String: Any] = [
      "bgsim_shard": 1, "bgsim_version": version, "fingerprint": fingerprint, "shard": index, "of": count,
      "total_chunks": totalChunks, "chunks": chunks, "seal_checksums": sealChecksums,
      "experiment_text": source.text, "experiment_label": source.label,
      "overrides": source.overrides.map { [$0.key, $0.value] }, "wall_time_s": wallSeconds,
    ]
    try JSONFile.write(object, to: URL(fileURLWithPath: directory).appendingPathComponent(Self.fileName).path)
  }

  static func read(from directory: String) throws(UserError) -> ShardRecord {
    let fm = FileManager.default
    var isDirectory: ObjCBool = false
    guard fm.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
      throw UserError("\(directory): no such folder")
    }
    let path = URL(fileURLWithPath: directory).appendingPathComponent(fileName).path
    guard let data = fm.contents(atPath: path) else {
      if fm.fileExists(atPath: URL(fileURLWithPath: directory).appendingPathComponent("parts").path) {
        throw UserError(
          "\(directory): this shard's run is unfinished (no \(fileName)); run it again with --resume")
      }
      throw UserError(
        "\(directory): not a bgsim shard folder (no \(fileName)); run bgsim run --shard K/N --out \(directory)"
      )
    }
    guard data.count <= 64 << 20, let o = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      o["bgsim_shard"] as? Int == 1, let version = o["bgsim_version"] as? String,
      let fingerprint = o["fingerprint"] as? String, let index = o["shard"] as? Int,
      let count = o["of"] as? Int,
      let total = o["total_chunks"] as? Int, let chunks = o["chunks"] as? [Int],
      let seals = o["seal_checksums"] as? [String],
      let text = o["experiment_text"] as? String,
      let label = o["experiment_label"] as? String, let overrides = o["overrides"] as? [[String]]
    else { throw UserError("\(path): not a bgsim shard record") }
    guard version == Manifest.version else {
      throw UserError(
        "\(path): written by bgsim \(version), this is \(Manifest.version); run the shards again with this version"
      )
    }
    // Every field within what one run can hold, before anything is built from it.
    guard (1...1_000_000).contains(count), (1...count).contains(index), (1...100_000_000).contains(total),
      chunks.count == seals.count, chunks.allSatisfy({ (0..<total).contains($0) }),
      chunks == Array(stride(from: index - 1, to: total, by: count))
    else {
      throw UserError(
        "\(path): its shard, of, total_chunks or chunks do not fit together; run the shard again")
    }
    return ShardRecord(
      version: version, fingerprint: fingerprint, index: index, count: count, totalChunks: total,
      chunks: chunks,
      sealChecksums: seals,
      source: ExperimentSource(
        text: text, label: label, overrides: overrides.compactMap { $0.count == 2 ? ($0[0], $0[1]) : nil }),
      wallSeconds: o["wall_time_s"] as? Double ?? 0)
  }
}

/// `bgsim merge`: combines shard folders into the output of one unsharded run.
public enum ShardMerge {
  /// Checks that `directories` are the complete shards of one run, then writes the
  /// merged outputs to `out`. Returns the printable summary.
  public static func merge(_ directories: [String], out: String) throws(UserError) -> String {
    guard !directories.isEmpty else { throw UserError("give the shard folders to merge") }
    var records: [(String, ShardRecord)] = []
    for dir in directories { records.append((dir, try ShardRecord.read(from: dir))) }
    let first = records[0].1
    for (dir, r) in records where r.fingerprint != first.fingerprint || r.count != first.count {
      throw UserError(
        "\(dir) comes from a different configuration or seed than \(records[0].0); merge only shards of one run"
      )
    }
    var owner: [Int: String] = [:]
    for (n, (dir, r)) in records.enumerated() {
      // By position: the same folder named twice is caught too.
      if let other = records[..<n].first(where: { $0.1.index == r.index }) {
        throw UserError("shard \(r.index)/\(r.count) is given twice (\(other.0) and \(dir))")
      }
      for c in r.chunks { owner[c] = dir }
    }
    let missing = (1...first.count).filter { k in !records.contains { $0.1.index == k } }
    guard missing.isEmpty else {
      throw UserError(
        "incomplete set: shard(s) \(missing.map { "\($0)/\(first.count)" }.joined(separator: ", ")) missing")
    }
    guard owner.count == first.totalChunks else {
      throw UserError("incomplete set: \(owner.count) of \(first.totalChunks) chunks present")
    }
    let spec = try first.source.spec()
    let options = ExperimentRunner.Options(
      outputDirectory: out, jobs: 1, resume: false, commandLine: CommandLine.arguments)
    let expected = ExperimentRunner(spec: spec, options: options).fingerprint
    guard first.fingerprint == expected else {
      throw UserError(
        "\(records[0].0): its fingerprint does not match its experiment (an input file changed, or the record was edited); run the shards again"
      )
    }
    // Each chunk's seal is the one recorded, and its parts are the ones the seal lists.
    for (dir, r) in records {
      for (chunk, sealSum) in zip(r.chunks, r.sealChecksums) {
        let parts = URL(fileURLWithPath: dir).appendingPathComponent("parts").path
        func part(_ kind: String) -> String { ExperimentRunner.partPath(in: parts, chunk, kind) }
        guard FileChecksum.of(file: part("seal")) == sealSum,
          ChunkSeal.problem(sealPath: part("seal"), fingerprint: expected, part: part) == nil
        else {
          throw UserError("\(dir): chunk \(chunk) is missing or damaged; run this shard again with --resume")
        }
      }
    }
    try DeviceTraceRun.prepare(directory: out)
    let lock = try OutputLock(directory: out)
    defer { withExtendedLifetime(lock) {} }
    AtomicFileWriter.removeStale(in: out)
    ExperimentRunner.removeOutputs(in: out)
    let cells = ExperimentRunner(spec: spec, options: options).chunks().map { ($0.index, $0.cell) }
    try ExperimentRunner.concatenate(chunks: cells, spec: spec, into: out) { chunk, kind in
      ExperimentRunner.partPath(
        in: URL(fileURLWithPath: owner[chunk]!).appendingPathComponent("parts").path, chunk, kind)
    }
    let summary = try SummaryTables.compute(directory: out, spec: spec)
    let wall = records.map(\.1.wallSeconds).reduce(0, +)
    try Manifest.write(spec: spec, options: options, wallSeconds: wall, chunks: first.totalChunks)
    let result = ExperimentRunner.Result(
      deviceDays: spec.cells.count * spec.replications * spec.devices * spec.days * spec.arms.count,
      events: 0,
      wallSeconds: wall, simulationSeconds: wall, chunksRun: first.totalChunks, chunksKept: 0,
      summary: summary)
    return "merged \(records.count) shards\n" + RunReport.render(spec: spec, result: result, directory: out)
  }
}
