import Foundation
import TestScratch
import Testing

/// `bgsim merge` checks every field of every `shard.json` and every part it merges:
/// a forged or damaged shard gets one line and exit 2, never a trap or a mixed output.
@Suite struct MergeFaultTests {
  static let args = ["run", "--days", "3", "--warmup-days", "1", "--devices", "30", "--quiet"]

  /// Two finished shards of the default experiment.
  func shards() throws -> (URL, [URL]) {
    let dir = scratchFolder("merge-fault")
    var folders: [URL] = []
    for k in 1...2 {
      let out = dir.appendingPathComponent("shard-\(k)")
      let r = try BGSimBinary.run(Self.args + ["--shard", "\(k)/2", "--out", out.path])
      #expect(r.status == 0, "\(r.standardError)")
      folders.append(out)
    }
    return (dir, folders)
  }

  func edit(_ folder: URL, _ change: (inout [String: Any]) -> Void) throws {
    let path = folder.appendingPathComponent("shard.json")
    var o = try JSONSerialization.jsonObject(with: Data(contentsOf: path)) as! [String: Any]
    change(&o)
    try JSONSerialization.data(withJSONObject: o).write(to: path)
  }

  func merge(_ dir: URL, _ folders: [URL]) throws -> BGSimBinary.Outcome {
    try BGSimBinary.run(
      ["merge"] + folders.map(\.path) + ["--out", dir.appendingPathComponent("merged").path])
  }

  @Test(arguments: [
    "of-zero", "shard-past-of", "chunks-off", "version", "fingerprint", "garbled-part", "seal", "huge-total",
  ])
  func aForgedOrDamagedShardIsRefusedWithOneLine(fault: String) throws {
    let (dir, folders) = try shards()
    switch fault {
    case "of-zero": try edit(folders[0]) { $0["of"] = 0 }
    case "shard-past-of": try edit(folders[0]) { $0["shard"] = 5 }
    case "chunks-off": try edit(folders[0]) { $0["chunks"] = [0, 1, 2] }
    case "version": try edit(folders[0]) { $0["bgsim_version"] = "9.9.9" }
    case "fingerprint": try edit(folders[0]) { $0["fingerprint"] = "0123456789abcdef" }
    case "huge-total": try edit(folders[0]) { $0["total_chunks"] = 1 << 60 }
    case "garbled-part":
      let part = folders[1].appendingPathComponent("parts/chunk-000001.days")
      var bytes = try Data(contentsOf: part)
      bytes[bytes.count / 2] ^= 0x01
      try bytes.write(to: part)
    default:
      try "bgsim chunk seal 1\n".write(
        to: folders[0].appendingPathComponent("parts/chunk-000000.seal"), atomically: true, encoding: .utf8)
    }
    let r = try merge(dir, folders)
    #expect(r.status == 2, "\(fault): \(r.standardError)")
    #expect(r.standardError.split(separator: "\n").count == 1, "\(fault): \(r.standardError)")
    #expect(r.standardError.hasPrefix("bgsim: "))
    #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("merged/launches.csv").path))
  }

  @Test func untouchedShardsMerge() throws {
    let (dir, folders) = try shards()
    let r = try merge(dir, folders)
    #expect([0, 1, 3, 4].contains(r.status), "\(r.standardError)")
  }
}
