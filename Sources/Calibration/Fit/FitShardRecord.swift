import Experiments
import FileFormats
import Foundation
import Results

/// `fit-shard.json`: what a shard of a fit (`bgsim fit --shard K/N`) ran, written last, so
/// that its presence marks a finished shard. Its draws are in the folder's `.fit-draws`
/// (``FitRecord``). `bgsim merge` checks that the shards belong together and finishes
/// the fit (``merge(_:out:jobs:)``), with the same files as an unsharded fit.
struct FitShardRecord {
  let version: String
  let fingerprint: String
  let shard: Shard
  let draws: Int
  /// The fit file and the launch log (if any), as the shard read them.
  let fitFile: String
  let log: String?
  /// The draws this shard simulated.
  let done: Int

  static let fileName = "fit-shard.json"

  func write(to directory: String) throws(UserError) {
    let object: [String: Any] = [
      "bgsim_fit_shard": 1, "bgsim_version": version, "fingerprint": fingerprint, "shard": shard.index,
      "of": shard.count, "draws": draws, "fit_file": Self.absolute(fitFile),
      "log": log.map(Self.absolute) ?? "",
      "done": done,
    ]
    try JSONFile.write(object, to: URL(fileURLWithPath: directory).appendingPathComponent(Self.fileName).path)
  }

  static func absolute(_ path: String) -> String { URL(fileURLWithPath: path).standardizedFileURL.path }

  /// Whether `directory` holds a shard of a fit.
  static func isShard(_ directory: String) -> Bool {
    FileManager.default.fileExists(
      atPath: URL(fileURLWithPath: directory).appendingPathComponent(fileName).path)
  }

  static func read(from directory: String) throws(UserError) -> FitShardRecord {
    let path = URL(fileURLWithPath: directory).appendingPathComponent(fileName).path
    guard let data = FileManager.default.contents(atPath: path) else {
      throw UserError(
        "\(directory): not a finished shard of a fit (no \(fileName)); run it again with --resume")
    }
    guard data.count <= 1 << 20, let o = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      o["bgsim_fit_shard"] as? Int == 1, let version = o["bgsim_version"] as? String,
      let fingerprint = o["fingerprint"] as? String, let index = o["shard"] as? Int,
      let count = o["of"] as? Int,
      (1...1_000_000).contains(count), (1...count).contains(index), let draws = o["draws"] as? Int,
      (1...FitSpec.maximumDraws).contains(draws), let fitFile = o["fit_file"] as? String, !fitFile.isEmpty,
      let log = o["log"] as? String, let done = o["done"] as? Int, (0...draws).contains(done),
      let shard = Shard(text: "\(index)/\(count)")
    else { throw UserError("\(path): damaged or forged; run the shard again") }
    return FitShardRecord(
      version: version, fingerprint: fingerprint, shard: shard, draws: draws, fitFile: fitFile,
      log: log.isEmpty ? nil : log, done: done)
  }
}

extension ABCFit {
  /// Whether `directory` holds a shard of a fit rather than of an experiment.
  public static func isShard(_ directory: String) -> Bool { FitShardRecord.isShard(directory) }

  /// Finishes a fit from the folders of its shards: every shard present once, all of one
  /// fit (the fingerprint, which the fit file, its targets and the bgsim version decide,
  /// recomputed from the files now), every draw recorded. Writes the fit's files to `out`.
  public static func merge(_ directories: [String], out: String, jobs: Int) throws(UserError) -> (
    FitSpec, Result
  ) {
    guard !directories.isEmpty else { throw UserError("give the shard folders to merge") }
    var records: [(String, FitShardRecord)] = []
    for dir in directories { records.append((dir, try FitShardRecord.read(from: dir))) }
    let first = records[0].1
    for (dir, r) in records where r.fingerprint != first.fingerprint || r.shard.count != first.shard.count {
      throw UserError("\(dir) is a shard of another fit than \(records[0].0); merge only shards of one fit")
    }
    for (n, (dir, r)) in records.enumerated() {
      if let other = records[..<n].first(where: { $0.1.shard.index == r.shard.index }) {
        throw UserError("shard \(r.shard.index)/\(r.shard.count) is given twice (\(other.0) and \(dir))")
      }
    }
    let missing = (1...first.shard.count).filter { k in !records.contains { $0.1.shard.index == k } }
    guard missing.isEmpty else {
      throw UserError(
        "incomplete set: \(Format.named(missing.map { "\($0)/\(first.shard.count)" }, "shard")) missing"
      )
    }
    let spec = try FitSpec.load(file: first.fitFile, log: first.log)
    try OutputFolder.prepare(directory: out)
    let lock = try OutputLock(directory: out)
    defer { withExtendedLifetime(lock) {} }
    let fit = ABCFit(spec: spec, options: Options(outputDirectory: out, jobs: jobs))
    guard fit.fingerprint() == first.fingerprint, first.draws == spec.draws else {
      throw UserError(
        "\(first.fitFile), its targets or bgsim changed since the shards ran; run the shards again")
    }
    var figures = [[Double?]?](repeating: nil, count: spec.draws)
    for (dir, r) in records {
      let path = URL(fileURLWithPath: dir).appendingPathComponent(FitRecord.fileName).path
      guard
        let found = FitRecord.read(
          path: path, fingerprint: first.fingerprint, figures: spec.target.figureNames.count)
      else { throw UserError("\(path): missing or of another fit; run the shard again") }
      for (i, f) in found {
        guard i < spec.draws, i % r.shard.count == r.shard.index - 1 else {
          throw UserError("\(path): draw \(i) is not one of shard \(r.shard.index)/\(r.shard.count)'s")
        }
        figures[i] = f
      }
    }
    if let gap = figures.firstIndex(where: { $0 == nil }) {
      throw UserError(
        "incomplete set: draw \(gap) is missing from shard \(gap % first.shard.count + 1)/\(first.shard.count); run it again with --resume"
      )
    }
    let result = try fit.finish(figures.map { $0 ?? [] }, resumed: 0, wallSeconds: 0, directory: out)
    return (spec, result)
  }
}
