import Experiments
import Foundation
import TestScratch
import Testing

@testable import FileFormats
@testable import Results

/// `--resume` verifies what it reuses: a changed input file is refused, damaged parts
/// are redone, and parts without a fingerprint are not trusted. Every run that goes
/// through ends with the bytes of a clean run.
@Suite struct ResumeFaultTests {
  static let outputs = ["launches.csv", "days.csv", "timelines.csv", "summary.csv", "hour_of_day.csv"]

  /// A small experiment whose persona is a file beside it.
  static func folder() throws -> URL {
    let dir = scratchFolder("fault")
    let persona = try String(
      contentsOf: repoRoot.appendingPathComponent("experiments/personas/typical.yaml"), encoding: .utf8)
    try persona.write(to: dir.appendingPathComponent("owner.yaml"), atomically: true, encoding: .utf8)
    let text = DefaultExperiment.text
      .replacingOccurrences(of: "persona: typical", with: "persona: owner.yaml")
      .replacingOccurrences(of: "days: 30", with: "days: 3").replacingOccurrences(
        of: "warmup_days: auto", with: "warmup_days: 1"
      )
      .replacingOccurrences(of: "devices: 200", with: "devices: 60")
    try text.write(to: dir.appendingPathComponent("e.yaml"), atomically: true, encoding: .utf8)
    return dir
  }

  static var repoRoot: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
  }

  func run(_ dir: URL, out: String, _ extra: [String] = []) throws -> BGSimBinary.Outcome {
    try BGSimBinary.run(
      ["run", dir.appendingPathComponent("e.yaml").path, "--out", out, "--quiet", "--jobs", "2"] + extra)
  }

  /// Runs into `out`, keeping its parts as a killed run would leave them: the run is
  /// sharded as 1/1, whose parts stay in `parts/`, then moved to `.parts/`.
  func interruptedRun(_ dir: URL, out: URL, seed: String = "42") throws {
    let shard = out.appendingPathComponent("shard")
    let r = try run(dir, out: shard.path, ["--shard", "1/1", "--seed", seed])
    #expect(r.status == 0, "\(r.standardError)")
    try FileManager.default.moveItem(
      at: shard.appendingPathComponent("parts"), to: out.appendingPathComponent(".parts"))
    try FileManager.default.removeItem(at: shard)
  }

  func same(_ a: URL, _ b: URL) throws -> Bool {
    try Self.outputs.allSatisfy {
      try Data(contentsOf: a.appendingPathComponent($0)) == Data(contentsOf: b.appendingPathComponent($0))
    }
  }

  @Test func editingANamedPersonaFileInvalidatesTheResume() throws {
    let dir = try Self.folder()
    let out = dir.appendingPathComponent("out")
    try interruptedRun(dir, out: out)
    let persona = dir.appendingPathComponent("owner.yaml")
    let text = try String(contentsOf: persona, encoding: .utf8)
    try text.replacingOccurrences(of: "unlocks_per_day: 70", with: "unlocks_per_day: 71").write(
      to: persona, atomically: true, encoding: .utf8)
    let r = try run(dir, out: out.path, ["--resume"])
    #expect(r.status == 2)
    #expect(r.standardError.contains("holds a run of a different configuration, seed or input files"))
    #expect(r.standardError.split(separator: "\n").count == 1)
  }

  @Test(arguments: ["truncate", "garble", "delete", "seal"])
  func aDamagedPartIsRedoneWithOneLine(damage: String) throws {
    let dir = try Self.folder()
    let clean = dir.appendingPathComponent("clean")
    #expect([0, 1, 3, 4].contains(try run(dir, out: clean.path).status))
    let out = dir.appendingPathComponent("out")
    try interruptedRun(dir, out: out)
    let part = out.appendingPathComponent(".parts/chunk-000001.launches")
    var bytes = try Data(contentsOf: part)
    switch damage {
    case "truncate": bytes = bytes.prefix(bytes.count / 2)
    case "garble": bytes[bytes.count / 3] ^= 0x20
    case "delete": try FileManager.default.removeItem(at: part)
    default:
      try "bgsim chunk seal 1\nfingerprint 0\n".write(
        to: out.appendingPathComponent(".parts/chunk-000001.seal"), atomically: true, encoding: .utf8)
    }
    if damage == "truncate" || damage == "garble" { try bytes.write(to: part) }
    let r = try run(dir, out: out.path, ["--resume"])
    #expect([0, 1, 3, 4].contains(r.status), "\(r.standardError)")
    let notes = r.standardError.split(separator: "\n").filter { $0.contains("resume: chunk 1:") }
    #expect(notes.count == 1, "\(r.standardError)")
    #expect(try same(out, clean))
  }

  /// A finished run keeps no chunk, so `--resume` on it (or on an empty folder) runs all
  /// of them again, and says so in one line instead of looking like a resumed run.
  @Test func resumingAFinishedRunSaysItRunsEverythingAgain() throws {
    let dir = try Self.folder()
    let out = dir.appendingPathComponent("out")
    #expect([0, 1, 3, 4].contains(try run(dir, out: out.path).status))
    let first = try Data(contentsOf: out.appendingPathComponent("launches.csv"))
    let r = try run(dir, out: out.path, ["--resume"])
    #expect([0, 1, 3, 4].contains(r.status), "\(r.standardError)")
    let notes = r.standardError.split(separator: "\n").filter { $0.contains("resume: ") }
    #expect(notes == ["bgsim: resume: \(out.path) has no finished chunk to keep; running 3 chunks"])
    #expect(try Data(contentsOf: out.appendingPathComponent("launches.csv")) == first)
  }

  @Test func partsWithoutAFingerprintAreNotTrusted() throws {
    let dir = try Self.folder()
    let clean = dir.appendingPathComponent("clean43")
    #expect([0, 1, 3, 4].contains(try run(dir, out: clean.path, ["--seed", "43"]).status))
    let out = dir.appendingPathComponent("out")
    try interruptedRun(dir, out: out, seed: "42")
    try FileManager.default.removeItem(at: out.appendingPathComponent(".parts/fingerprint"))
    let r = try run(dir, out: out.path, ["--resume", "--seed", "43"])
    #expect([0, 1, 3, 4].contains(r.status), "\(r.standardError)")
    #expect(r.standardError.contains("has no fingerprint; starting the run again"))
    #expect(try same(out, clean))
  }

  @Test func aSecondWriterIsRefusedWithTheHoldersPID() throws {
    let dir = try Self.folder()
    let out = dir.appendingPathComponent("out")
    try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
    let lock = try OutputLock(directory: out.path)
    let r = try run(dir, out: out.path)
    #expect(r.status == 2)
    #expect(
      r.standardError
        == "bgsim: \(out.path) is in use by another bgsim (PID \(ProcessInfo.processInfo.processIdentifier)); wait for it to finish or use another --out\n"
    )
    withExtendedLifetime(lock) {}
    #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("launches.csv").path))
  }

  @Test func aPlantedLinkIsNotFollowed() throws {
    let dir = try Self.folder()
    let out = dir.appendingPathComponent("out")
    try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
    let victim = dir.appendingPathComponent("victim.txt")
    try "keep me\n".write(to: victim, atomically: true, encoding: .utf8)
    // Names in the style of a temporary file, and the final names themselves.
    for name in [".launches.csv.partial-1-0", ".days.csv.partial-\(getpid())"] {
      try FileManager.default.createSymbolicLink(
        at: out.appendingPathComponent(name), withDestinationURL: victim)
    }
    #expect([0, 1, 3, 4].contains(try run(dir, out: out.path).status))
    #expect(try String(contentsOf: victim, encoding: .utf8) == "keep me\n")
    let left = try FileManager.default.contentsOfDirectory(atPath: out.path).filter {
      $0.contains(".partial-")
    }
    #expect(left.isEmpty, "\(left)")
  }

  @Test func anExperimentNameIsAPlainName() throws {
    let dir = try Self.folder()
    let file = dir.appendingPathComponent("e.yaml")
    let text = try String(contentsOf: file, encoding: .utf8)
    try text.replacingOccurrences(of: "name: refresh-vs-processing", with: "name: ../../x").write(
      to: file, atomically: true, encoding: .utf8)
    let r = try BGSimBinary.run(["run", file.path, "--quiet"], in: dir)
    #expect(r.status == 2)
    #expect(r.standardError.contains("name: '../../x' is not a plain name"))
    #expect(
      !FileManager.default.fileExists(
        atPath: dir.deletingLastPathComponent().appendingPathComponent("x").path))
  }
}
