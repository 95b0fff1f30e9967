import Foundation
import TestScratch
import Testing

@Suite struct ShardMergeTests {
  func scratch() -> URL {
    scratchFolder("shard")
  }

  static let args = ["run", "--days", "3", "--warmup-days", "1", "--devices", "35", "--quiet"]
  static let files = ["launches.csv", "days.csv", "summary.csv", "hour_of_day.csv", "hypotheses.csv"]

  @Test(arguments: [1, 2, 3, 7])
  func mergedShardsEqualAnUnshardedRun(shards: Int) throws {
    let dir = scratch()
    let whole = dir.appendingPathComponent("whole")
    // Exit 1 or 3 is a failed or undecided claim: the bytes are what this test compares.
    let run = try BGSimBinary.run(Self.args + ["--out", whole.path])
    #expect([0, 1, 3, 4].contains(run.status))
    var folders: [String] = []
    for k in 1...shards {
      let out = dir.appendingPathComponent("shard-\(k)")
      let r = try BGSimBinary.run(Self.args + ["--shard", "\(k)/\(shards)", "--out", out.path])
      #expect(r.status == 0, "\(r.standardError)")
      folders.append(out.path)
    }
    let merged = dir.appendingPathComponent("merged")
    let m = try BGSimBinary.run(["merge"] + folders.reversed() + ["--out", merged.path])
    // The merge says what the run said, warnings and exit code alike (35 owners × 3
    // days: the warm-up warning, so 4 unless a claim fails).
    #expect(m.status == run.status, "\(m.standardError)")
    let warnings = { (text: String) in text.split(separator: "\n").filter { $0.contains("warning:") } }
    #expect(warnings(m.standardError) == warnings(run.standardError) && !warnings(run.standardError).isEmpty)
    for f in Self.files {
      #expect(
        try Data(contentsOf: whole.appendingPathComponent(f))
          == Data(contentsOf: merged.appendingPathComponent(f)), "\(f)")
    }
  }

  @Test(arguments: ["5/4", "0/0", "a/b", "0/3", "2"])
  func badShardsExitWithTwo(shard: String) throws {
    let r = try BGSimBinary.run(Self.args + ["--shard", shard, "--out", scratch().path])
    #expect(r.status == 2)
    #expect(r.standardError.contains("--shard must be K/N"))
  }

  @Test func mergeRefusesStrangersUnfinishedAndIncompleteSets() throws {
    let dir = scratch()
    let s1 = dir.appendingPathComponent("s1")
    let s2 = dir.appendingPathComponent("s2")
    _ = try BGSimBinary.run(Self.args + ["--shard", "1/2", "--out", s1.path])
    _ = try BGSimBinary.run(Self.args + ["--shard", "2/2", "--out", s2.path])
    let other = dir.appendingPathComponent("other")
    _ = try BGSimBinary.run(Self.args + ["--seed", "7", "--shard", "2/2", "--out", other.path])
    func merge(_ folders: [URL]) throws -> (Int32, String) {
      let r = try BGSimBinary.run(
        ["merge"] + folders.map(\.path) + ["--out", dir.appendingPathComponent("m").path])
      return (r.status, r.standardError)
    }
    let incomplete = try merge([s1])
    #expect(incomplete.0 == 2 && incomplete.1.contains("incomplete set: shard 2/2 missing"))
    let mixed = try merge([s1, other])
    #expect(mixed.0 == 2 && mixed.1.contains("different configuration or seed"))
    // The same folder named twice is one shard given twice, not a complete set.
    let twice = try merge([s1, s1, s2])
    #expect(twice.0 == 2 && twice.1.contains("shard 1/2 is given twice (\(s1.path) and \(s1.path))"))
    let stranger = try merge([s1, dir])
    #expect(stranger.0 == 2 && stranger.1.contains("not a bgsim shard folder"))
    try FileManager.default.removeItem(at: s2.appendingPathComponent("shard.json"))
    let unfinished = try merge([s1, s2])
    #expect(unfinished.0 == 2 && unfinished.1.contains("unfinished"))
    #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("m/launches.csv").path))
  }
}
