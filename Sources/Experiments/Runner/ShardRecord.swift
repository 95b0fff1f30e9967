import FileFormats
import Foundation
import Results

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
  /// The warm-up the shard left out: with `warmup_days: auto`, what its pilot read.
  let warmupDays: Int

  static let fileName = OutputFileNames.shardRecord

  func write(to directory: String) throws(UserError) {
    let object: [String: Any] = [
      "bgsim_shard": 1, "bgsim_version": version, "fingerprint": fingerprint, "shard": index, "of": count,
      "total_chunks": totalChunks, "chunks": chunks, "seal_checksums": sealChecksums,
      "experiment_text": source.text, "experiment_label": source.label,
      "overrides": source.overrides.map { [$0.key, $0.value] }, "wall_time_s": wallSeconds,
      "warmup_days": warmupDays,
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
      let label = o["experiment_label"] as? String, let overrides = o["overrides"] as? [[String]],
      let warmupDays = o["warmup_days"] as? Int
    else { throw UserError("\(path): not a bgsim shard record") }
    guard version == BGSimVersion.text else {
      throw UserError(
        "\(path): written by bgsim \(version), this is \(BGSimVersion.text); run the shards again with this version"
      )
    }
    // Every field within what one run can hold, before anything is built from it.
    guard (1...1_000_000).contains(count), (1...count).contains(index), (1...100_000_000).contains(total),
      chunks.count == seals.count, chunks.allSatisfy({ (0..<total).contains($0) }),
      chunks == Array(stride(from: index - 1, to: total, by: count)), (0...3650).contains(warmupDays)
    else {
      throw UserError(
        "\(path): its shard, of, total_chunks, chunks or warmup_days do not fit together; run the shard again"
      )
    }
    return ShardRecord(
      version: version, fingerprint: fingerprint, index: index, count: count, totalChunks: total,
      chunks: chunks,
      sealChecksums: seals,
      source: ExperimentSource(
        text: text, label: label, overrides: overrides.compactMap { $0.count == 2 ? ($0[0], $0[1]) : nil }),
      wallSeconds: o["wall_time_s"] as? Double ?? 0, warmupDays: warmupDays)
  }
}
