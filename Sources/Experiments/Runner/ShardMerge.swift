import FileFormats
import Foundation
import Results

/// `bgsim merge`: combines shard folders into the output of one unsharded run.
public enum ShardMerge {
  /// Checks that `directories` are the complete shards of one run, then writes the
  /// merged outputs to `out`. Returns what `bgsim run` would have: the printable
  /// summary, the claims' result and the warnings (``RunRequest/warnings(of:label:)``).
  public static func merge(_ directories: [String], out: String) throws(UserError) -> (
    report: String, result: SummaryTables.Verdict.Result, warnings: [String]
  ) {
    guard !directories.isEmpty else { throw UserError("give the shard folders to merge") }
    var records: [(String, ShardRecord)] = []
    for dir in directories { records.append((dir, try ShardRecord.read(from: dir))) }
    let first = records[0].1
    // Shards of one run left out the same warm-up (`auto`: each shard's pilot was the whole run).
    for (dir, r) in records
    where r.fingerprint != first.fingerprint || r.count != first.count || r.warmupDays != first.warmupDays {
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
        "incomplete set: \(Format.named(missing.map { "\($0)/\(first.count)" }, "shard")) missing")
    }
    guard owner.count == first.totalChunks else {
      throw UserError("incomplete set: \(owner.count) of \(first.totalChunks) chunks present")
    }
    let spec = try first.source.spec().recordingWarmup(first.warmupDays)
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
        func part(_ kind: PartKind) -> String { ExperimentRunner.partPath(in: parts, chunk, kind) }
        guard FileChecksum.of(file: part(.seal)) == sealSum,
          ChunkSeal.problem(sealPath: part(.seal), fingerprint: expected, part: part) == nil
        else {
          throw UserError("\(dir): chunk \(chunk) is missing or damaged; run this shard again with --resume")
        }
      }
    }
    try OutputFolder.prepare(directory: out)
    let lock = try OutputLock(directory: out)
    defer { withExtendedLifetime(lock) {} }
    AtomicFileWriter.removeStale(in: out)
    ExperimentRunner.removeOutputs(in: out)
    let cells = ExperimentRunner(spec: spec, options: options).chunks().map { ($0.index, $0.cell) }
    let written = try ExperimentRunner.concatenate(chunks: cells, spec: spec, into: out) { chunk, kind in
      ExperimentRunner.partPath(
        in: URL(fileURLWithPath: owner[chunk]!).appendingPathComponent("parts").path, chunk, kind)
    }
    let summary = try SummaryTables.compute(directory: out, plan: spec.summaryPlan)
      .addingCellDifferences(directory: out, plan: spec.summaryPlan)
    _ = try OtherAppSummary.compute(directory: out, plan: spec.summaryPlan)
    let wall = records.map(\.1.wallSeconds).reduce(0, +)
    try Manifest.write(
      spec: spec, options: options, wallSeconds: wall, chunks: first.totalChunks,
      transient: summary.transient, checksums: written)
    var result = ExperimentRunner.Result(
      deviceDays: spec.cells.count * spec.replications * spec.devices * spec.days * spec.arms.count,
      events: 0,
      wallSeconds: wall, simulationSeconds: wall, chunksRun: first.totalChunks, chunksKept: 0,
      summary: summary)
    result.warmupDays = spec.warmupDays
    let o = RunReport.outcome(spec: spec, result: result, directory: out, label: first.source.label)
    return (
      "merged \(Format.count(records.count, "shard"))\n" + o.report, o.result,
      RunRequest.warnings(of: spec, label: first.source.label) + o.warnings
    )
  }
}
