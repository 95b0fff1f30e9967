import DeviceModel
import Experiments
import FileFormats
import Foundation
import IOSModel
import PropertyBased
import SimKernel
import TestScratch
import Testing

@testable import Calibration
@testable import Results

/// A mutational fuzzer over the shipped input files (experiments, personas, apps,
/// scenarios, validation cases): byte flips, truncations, duplicated and deleted
/// slices, and numbers swapped for extreme ones. Every mutant must load or be refused
/// with a one-line message; a trap ends the test process, which fails the run. A sample
/// of the experiments that load is also run by the binary, which must exit 0, 1, 2 or 3
/// (one line on 2) and write nothing outside its `--out`.
///
/// The budget is fixed and seeded: 3,000 mutants (CI has 15 minutes; 5,000 passed in CI
/// at 4669784 and 10,000 on 2026-11-27) and 20 runs with seed 20261125 by default; `BGSIM_FUZZ_INPUTS`, `BGSIM_FUZZ_RUNS` and `BGSIM_FUZZ_SEED` change them.
@Suite struct FuzzTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
  static let inputs = Int(ProcessInfo.processInfo.environment["BGSIM_FUZZ_INPUTS"] ?? "") ?? 3_000
  static let seed = UInt64(ProcessInfo.processInfo.environment["BGSIM_FUZZ_SEED"] ?? "") ?? 20_261_125
  /// Loaded experiment mutants run by the binary (`BGSIM_FUZZ_RUNS`, default 20).
  static let runs = Int(ProcessInfo.processInfo.environment["BGSIM_FUZZ_RUNS"] ?? "") ?? 20

  enum Kind { case experiment, persona, app, scenario, validation, fit }

  static func corpus() throws -> [(Kind, String, [UInt8])] {
    var out: [(Kind, String, [UInt8])] = []
    func add(_ kind: Kind, _ folder: String) throws {
      let dir = root.appendingPathComponent(folder)
      for name in try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
      where name.hasSuffix(".yaml") {
        out.append((kind, name, Array(try Data(contentsOf: dir.appendingPathComponent(name)))))
      }
    }
    try add(.experiment, "experiments")
    try add(.persona, "experiments/personas")
    try add(.app, "experiments/apps")
    try add(.scenario, "experiments/scenarios")
    try add(.validation, "experiments/validation")
    try add(.fit, "experiments/fits")
    // A fit file's suite is relative to it: named here by its full path, so that the
    // mutants are loaded as deeply as the shipped file is.
    let suite = root.appendingPathComponent("experiments/validation").path
    // Likewise an experiment's other apps' files.
    let apps = root.appendingPathComponent("experiments/apps").path
    for i in out.indices where out[i].0 == .experiment {
      out[i].2 = Array(
        String(decoding: out[i].2, as: UTF8.self).replacingOccurrences(
          of: "file: apps/", with: "file: \(apps)/"
        )
        .utf8)
    }
    for i in out.indices where out[i].0 == .fit {
      out[i].2 = Array(
        String(decoding: out[i].2, as: UTF8.self).replacingOccurrences(
          of: "suite: ../validation", with: "suite: \(suite)"
        ).utf8)
    }
    return out
  }

  static let extremes = [
    "1e308", "-1", "0", "99999999999999999999999", "nan", "inf", "-inf", "1e-320", "4294967297", "-0",
    "9223372036854775807", "1e13s", "1e12h", "999999d", "\"\"",
  ]

  /// One mutation of `bytes`, drawn from `rng`.
  static func mutate(_ bytes: inout [UInt8], _ rng: inout some RandomNumberGenerator) {
    guard !bytes.isEmpty else { return }
    let at = Int.random(in: 0..<bytes.count, using: &rng)
    switch Int.random(in: 0..<6, using: &rng) {
    case 0: bytes[at] ^= UInt8(1 << Int.random(in: 0..<8, using: &rng))
    case 1: bytes.removeSubrange(at...)
    case 2:
      let end = min(bytes.count, at + Int.random(in: 1...200, using: &rng))
      bytes.insert(contentsOf: bytes[at..<end], at: Int.random(in: 0...bytes.count, using: &rng))
    case 3:
      let end = min(bytes.count, at + Int.random(in: 1...80, using: &rng))
      bytes.removeSubrange(at..<end)
    default:
      // Replace the number (a run of digits) at or after `at` with an extreme one.
      guard let start = bytes[at...].firstIndex(where: { (48...57).contains($0) }) else { return }
      var end = start
      while end < bytes.count, (48...57).contains(bytes[end]) || bytes[end] == 46 { end += 1 }
      bytes.replaceSubrange(start..<end, with: Array(extremes.randomElement(using: &rng)!.utf8))
    }
  }

  /// Loads `path` as a `kind` file: nil when it loads, else the message.
  static func load(_ kind: Kind, _ path: String) -> String? {
    FormatFuzzTests.message {
      switch kind {
      case .experiment: _ = try ExperimentSpec.load(file: path)
      case .persona: _ = try PersonaCatalog.load(.file(path))
      case .app: _ = try AppSpec.load(file: path)
      case .scenario: _ = try Scenario.load(file: path)
      case .validation: _ = try ValidationCase.load(file: path)
      case .fit: _ = try FitSpec.load(file: path)
      }
    }
  }

  @Test func mutantsLoadOrAreRefusedInOneLine() throws {
    let corpus = try Self.corpus()
    let dir = scratchFolder("fuzz")
    var rng = Xoshiro(seed: (Self.seed, 0x9E37_79B9_7F4A_7C15, 1, 2))
    var refused = 0
    var loaded: [(Int, String)] = []
    var multiLine: [String] = []
    for i in 0..<Self.inputs {
      let (kind, name, original) = corpus[Int.random(in: 0..<corpus.count, using: &rng)]
      var bytes = original
      for _ in 0..<Int.random(in: 1...3, using: &rng) { Self.mutate(&bytes, &rng) }
      // Mutants live beside copies of the files they may name.
      let path = dir.appendingPathComponent("\(i % 8)-\(name)").path
      _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
      if let message = Self.load(kind, path) {
        refused += 1
        if message.contains("\n") || message.isEmpty { multiLine.append("\(name) #\(i): \(message)") }
      } else if kind == .experiment {
        loaded.append((i, path))
      }
    }
    print(
      "fuzz: seed \(Self.seed), \(Self.inputs) mutants: \(refused) refused in one line, \(Self.inputs - refused) loaded, \(multiLine.count) multi-line, 0 traps"
    )
    #expect(multiLine.isEmpty, "\(multiLine.prefix(3))")
    #expect(refused > Self.inputs / 10)
  }

  /// Experiments that load are run by the binary, 1 day and 2 owners each.
  @Test func loadedMutantsRunOrAreRefusedAndStayInTheirFolder() throws {
    let corpus = try Self.corpus().filter { $0.0 == .experiment }
    let dir = scratchFolder("fuzz-run")
    var rng = Xoshiro(seed: (Self.seed &+ 1, 0x9E37_79B9_7F4A_7C15, 1, 2))
    var runs = 0
    var attempts = 0
    while runs < Self.runs, attempts < 100 * Self.runs {
      attempts += 1
      var bytes = corpus[0].2
      Self.mutate(&bytes, &rng)
      let file = dir.appendingPathComponent("m.yaml")
      _ = FileManager.default.createFile(atPath: file.path, contents: Data(bytes))
      guard Self.load(.experiment, file.path) == nil else { continue }
      runs += 1
      let before = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
      let out = dir.appendingPathComponent("out-\(runs)")
      let r = try BGSimBinary.run([
        "run", file.path, "--days", "1", "--warmup-days", "0", "--devices", "2", "--out", out.path, "--quiet",
        "--jobs", "1",
      ])
      #expect([0, 1, 2, 3, 4].contains(r.status), "run \(runs): \(r.status) \(r.standardError.prefix(400))")
      if r.status == 2 { #expect(r.standardError.split(separator: "\n").count == 1) }
      let after = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
      #expect(Set(after).subtracting(before).subtracting(["out-\(runs)"]).isEmpty, "\(after)")
    }
    #expect(runs == Self.runs)
  }
}
