import DeviceModel
import FileFormats
import Foundation
import PropertyBased
import SimKernel
import TestScratch
import Testing

@testable import Calibration
@testable import Experiments
@testable import Report
@testable import Results

/// A mutational fuzzer over every non-YAML format bgsim reads: an experiment's output
/// folder (read by `report`, and by the summary that `merge` and `--resume` recompute,
/// `other_apps.csv` and `other_app_summary.csv` included),
/// a shard's record (`merge`), a posterior sample (`run --posterior`), a launch log (`fit
/// --log`), a fit's draws record (`fit --resume`), a fit shard's record (`merge`), AWARE
/// battery and screen files (`convert-aware`, `fit-persona`) and a recorded trace
/// (`trace --replay`).
///
/// Mutations keep most rows well-formed so that they reach the parsers' inner code: a
/// field replaced by a huge, negative, non-finite, out-of-range or empty value, rows
/// duplicated, swapped or deleted, a field added or removed, the file cut short, now and
/// then a byte flipped. Every mutant must be read or refused with one line; a trap ends
/// the test process, which fails the run.
///
/// Seeded and fixed: 3,000 mutants with seed 20261126 by default (CI runs in 15 minutes;
/// 5,000 passed in CI at 4669784 and 10,000 on 2026-11-27)
/// (`BGSIM_FORMAT_FUZZ_INPUTS`, `BGSIM_FORMAT_FUZZ_SEED`).
@Suite struct FormatFuzzTests {
  static let inputs = Int(ProcessInfo.processInfo.environment["BGSIM_FORMAT_FUZZ_INPUTS"] ?? "") ?? 3_000
  static let seed = UInt64(ProcessInfo.processInfo.environment["BGSIM_FORMAT_FUZZ_SEED"] ?? "") ?? 20_261_126

  /// A file that bgsim reads, and how it is read: nil when it reads, else the message.
  struct Target {
    let format: String
    let path: String
    let original: [UInt8]
    let read: () -> String?
  }

  static let experiment = DefaultExperiment.text
    .replacingOccurrences(of: "days: 30", with: "days: 3").replacingOccurrences(
      of: "warmup_days: auto", with: "warmup_days: 1"
    )
    .replacingOccurrences(of: "devices: 200", with: "devices: 3")

  /// The message of an error bgsim reports to the user; any other error is reported whole.
  static func message(_ body: () throws -> Void) -> String? {
    do {
      try body()
      return nil
    } catch let e as UserError {
      return e.message
    } catch let e as ConfigError {
      return e.description
    } catch {
      return "\(error)"
    }
  }

  /// Removes the files' checksums from the manifest of the run folder `dir`, as a folder
  /// written before they were recorded has none: with them, every mutant is refused by
  /// its checksum before the readers' inner code, which the fuzzer is here to reach
  /// (`DamagedOutputTests` checks the refusal by checksum). The fields that differ from
  /// run to run (the wall time, the checkout's state) are set to fixed values, so that
  /// the seed gives the same mutants every time (``pinShardRecord(_:)``).
  static func forgetChecksums(_ dir: String) throws {
    var manifest = try #require(RunManifest.read(directory: dir))
    manifest.files = nil
    (manifest.wallTimeSeconds, manifest.gitCommit, manifest.gitDirty) = (
      1.5, String(repeating: "0", count: 40), false
    )
    try manifest.text.write(
      toFile: URL(fileURLWithPath: dir).appendingPathComponent(OutputFileNames.manifest).path,
      atomically: true, encoding: .utf8)
  }

  /// Sets the fields of the shard record at `path` that differ from run to run to fixed
  /// values: `wall_time_s`, and `experiment_label`, the experiment file's path in the
  /// scratch folder (which holds the test process's number). A corpus that differs gives
  /// the same seed other mutants: the count of refusals moved by one between runs of one
  /// commit.
  static func pinShardRecord(_ path: String) throws {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let pinned = text.replacingOccurrences(
      of: #""wall_time_s" ?: ?[0-9.eE+-]+"#, with: #""wall_time_s" : 1.5"#, options: .regularExpression
    ).replacingOccurrences(
      of: #""experiment_label" ?: ?"[^"]*""#, with: #""experiment_label" : "e.yaml""#,
      options: .regularExpression)
    #expect(pinned.contains(#""wall_time_s" : 1.5"#) && pinned.contains(#""experiment_label" : "e.yaml""#))
    try pinned.write(toFile: path, atomically: true, encoding: .utf8)
  }

  /// The corpus: real files written by bgsim itself, and small AWARE files.
  static func targets() throws -> [Target] {
    let root = scratchFolder("format-fuzz")
    var out: [Target] = []
    func add(_ format: String, _ path: String, _ read: @escaping () -> String?) throws {
      out.append(
        Target(
          format: format, path: path, original: Array(try Data(contentsOf: URL(fileURLWithPath: path))),
          read: read))
    }
    // An experiment's output folder.
    let run = root.appendingPathComponent("run").path
    var request = RunRequest()
    request.file = write(experiment)
    request.out = run
    request.jobs = 1
    _ = try request.run { _, _ in }
    try forgetChecksums(run)
    let spec = try request.load()
    for schema in CSVSchema.experimentOutputs {
      let path = URL(fileURLWithPath: run).appendingPathComponent(schema.file).path
      try add(schema.file, path) {
        message {
          _ = try HTMLReport.write(directory: run)
          if [CSVSchema.days.file, CSVSchema.launches.file].contains(schema.file) {
            _ = try SummaryTables.compute(directory: run, plan: spec.summaryPlan, write: false)
          }
          // summarize checks every file of the folder before it reads any.
          _ = try SummaryQuery(folders: [run]).run()
        }
      }
    }
    try add("manifest.json", URL(fileURLWithPath: run).appendingPathComponent("manifest.json").path) {
      message {
        _ = try SummaryQuery(folders: [run]).run()
        _ = try HTMLReport.write(directory: run)
      }
    }
    // other_apps.csv, of a run whose phones hold three more apps, read by the summary of
    // the other apps (which merge and --resume recompute).
    let others = root.appendingPathComponent("others").path
    var withOthers = request
    withOthers.file = write(experiment + "\nother_apps:\n  background_active: 3\n")
    withOthers.out = others
    _ = try withOthers.run { _, _ in }
    try forgetChecksums(others)
    let othersSpec = try withOthers.load()
    try add(
      CSVSchema.otherApps.file,
      URL(fileURLWithPath: others).appendingPathComponent(CSVSchema.otherApps.file).path
    ) {
      message {
        _ = try OtherAppSummary.compute(directory: others, plan: othersSpec.summaryPlan, write: false)
      }
    }
    // other_app_summary.csv of the same run, read by its report's other apps section.
    try add(
      CSVSchema.otherAppSummary.file,
      URL(fileURLWithPath: others).appendingPathComponent(CSVSchema.otherAppSummary.file).path
    ) {
      message { _ = try HTMLReport.write(directory: others) }
    }
    // Two shards and their merge.
    var shards: [String] = []
    for k in 1...2 {
      var r = RunRequest()
      r.file = request.file
      r.out = root.appendingPathComponent("shard-\(k)").path
      r.jobs = 1
      r.shard = "\(k)/2"
      _ = try r.run { _, _ in }
      shards.append(r.out!)
    }
    let merged = root.appendingPathComponent("merged").path
    for shard in shards {
      try pinShardRecord(URL(fileURLWithPath: shard).appendingPathComponent(ShardRecord.fileName).path)
    }
    try add("shard.json", URL(fileURLWithPath: shards[0]).appendingPathComponent(ShardRecord.fileName).path) {
      message { _ = try ShardMerge.merge(shards, out: merged) }
    }
    // A launch log of one owner.
    let log = root.appendingPathComponent("launch_log.csv").path
    try LaunchLog.of(spec, device: 0, arm: nil).write(to: log)
    try add("launch_log.csv", log) {
      message { _ = try LaunchLog.load(file: log).figures(task: "com.example.sync") }
    }
    // A posterior sample.
    let posterior = root.appendingPathComponent("posterior.csv").path
    try "draw,scheduler.threshold,distance,weight\n0,0.5,0.1,0.6\n3,0.62,0.2,0.4\n".write(
      toFile: posterior, atomically: true, encoding: .utf8)
    try add("posterior.csv", posterior) { message { _ = try PosteriorSample.load(file: posterior) } }
    // A fit's record of the draws done.
    let draws = root.appendingPathComponent(FitRecord.fileName).path
    try "\(FitRecord.header) abc\n0,1.5,,ok\n1,2.25,3,ok\n".write(
      toFile: draws, atomically: true, encoding: .utf8)
    try add("fit draws record", draws) {
      _ = FitRecord.read(path: draws, fingerprint: "abc", figures: 2)
      return nil
    }
    // A fit shard's record (its fit file need not exist for the record to be read). The
    // file is named by a fixed path, not the scratch folder's: that one holds the test
    // process's number, whose digits shifted the record's bytes from run to run.
    let fitShard = root.appendingPathComponent("fit-shard").path
    try FileManager.default.createDirectory(atPath: fitShard, withIntermediateDirectories: true)
    try FitShardRecord(
      version: BGSimVersion.text, fingerprint: "abc", shard: Shard(text: "1/2")!, draws: 16,
      fitFile: "/bgsim-format-fuzz/fit.yaml", log: nil, done: 8
    ).write(to: fitShard)
    try add(
      FitShardRecord.fileName,
      URL(fileURLWithPath: fitShard).appendingPathComponent(FitShardRecord.fileName).path
    ) {
      message { _ = try FitShardRecord.read(from: fitShard) }
    }
    // AWARE battery and screen files over three days, and the trace made from them.
    var battery = "time,battery_level,battery_status,battery_health,battery_adaptor\n"
    var screen = "time,screen_status\n"
    for h in 0..<72 {
      let t = 1_488_315_824 + h * 3600
      battery += "\(t),\(max(5, 100 - (h % 24) * 4)),\(h % 24 < 7 ? 2 : 3),2,\(h % 24 < 7 ? 2 : 0)\n"
      screen += "\(t + 600),\(h % 3 == 0 ? 1 : 0)\n\(t + 900),0\n"
    }
    let batteryPath = root.appendingPathComponent("battery.csv").path
    let screenPath = root.appendingPathComponent("screen.csv").path
    try battery.write(toFile: batteryPath, atomically: true, encoding: .utf8)
    try screen.write(toFile: screenPath, atomically: true, encoding: .utf8)
    let trace = root.appendingPathComponent("trace.csv").path
    _ = try AwareConversion.run(battery: batteryPath, screen: screenPath, out: trace)
    let converted = root.appendingPathComponent("converted.csv").path
    for path in [batteryPath, screenPath] {
      try add(URL(fileURLWithPath: path).lastPathComponent, path) {
        message { _ = try AwareConversion.run(battery: batteryPath, screen: screenPath, out: converted) }
      }
    }
    try add("trace.csv", trace) {
      message {
        var t = TraceRequest()
        t.replay = trace
        t.out = root.appendingPathComponent("replayed").path
        t.days = 3
        t.start = "2017-02-28"
        _ = try t.run { _, _ in }
      }
    }
    return out
  }

  /// Values that break numbers, times and ranges, with some that are fine.
  static let extremes = [
    "99999999999999999999999999", "-99999999999999999999", "9223372036854775807", "nan", "inf", "-inf", "-1",
    "25", "1e308", "-1e308", "", "0", "abc", "1.5", "2026-13-45T99:99:99", "\"", "1e-320", "4294967296",
  ]

  /// One mutation of a CSV or JSON file's bytes.
  static func mutate(_ bytes: inout [UInt8], _ rng: inout some RandomNumberGenerator) {
    var lines = String(decoding: bytes, as: UTF8.self).split(
      separator: "\n", omittingEmptySubsequences: false
    )
    .map(String.init)
    let data = lines.count > 1 ? 1..<max(2, lines.count - 1) : 0..<1
    let at = Int.random(in: data, using: &rng)
    switch Int.random(in: 0..<20, using: &rng) {
    case 0..<9:
      // A field (comma-separated, or a JSON value after a colon) replaced by an extreme.
      var fields = lines[at].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
      let f = Int.random(in: 0..<fields.count, using: &rng)
      let value = extremes.randomElement(using: &rng)!
      if let colon = fields[f].firstIndex(of: ":"), fields[f].contains("\"") {
        fields[f] = String(fields[f][...colon]) + " " + value
      } else {
        fields[f] = value
      }
      lines[at] = fields.joined(separator: ",")
    case 9..<11: lines.insert(lines[at], at: Int.random(in: data, using: &rng))
    case 11..<13: lines.swapAt(at, Int.random(in: data, using: &rng))
    case 13: lines.remove(at: at)
    case 14:
      var fields = lines[at].split(separator: ",", omittingEmptySubsequences: false)
      if fields.count > 1 { fields.remove(at: Int.random(in: 0..<fields.count, using: &rng)) }
      lines[at] = fields.joined(separator: ",")
    case 15: lines[at] += "," + extremes.randomElement(using: &rng)!
    case 16, 17:
      bytes.removeSubrange(Int.random(in: 0...bytes.count, using: &rng)...)
      return
    default:
      guard !bytes.isEmpty else { return }
      bytes[Int.random(in: 0..<bytes.count, using: &rng)] ^= UInt8(1 << Int.random(in: 0..<8, using: &rng))
      return
    }
    bytes = Array(lines.joined(separator: "\n").utf8)
  }

  @Test func mutantsOfEveryFormatAreReadOrRefusedInOneLine() throws {
    let targets = try Self.targets()
    // Every shipped file reads as it is.
    for t in targets { #expect(t.read() == nil, "\(t.format): \(t.read() ?? "")") }
    var rng = Xoshiro(seed: (Self.seed, 0x9E37_79B9_7F4A_7C15, 3, 4))
    var refused: [String: Int] = [:]
    var tried: [String: Int] = [:]
    var multiLine: [String] = []
    for i in 0..<Self.inputs {
      let t = targets[Int.random(in: 0..<targets.count, using: &rng)]
      var bytes = t.original
      for _ in 0..<Int.random(in: 1...3, using: &rng) { Self.mutate(&bytes, &rng) }
      _ = FileManager.default.createFile(atPath: t.path, contents: Data(bytes))
      tried[t.format, default: 0] += 1
      if let message = t.read() {
        refused[t.format, default: 0] += 1
        if message.contains("\n") || message.isEmpty { multiLine.append("\(t.format) #\(i): \(message)") }
      }
      _ = FileManager.default.createFile(atPath: t.path, contents: Data(t.original))
    }
    let total = refused.values.reduce(0, +)
    print(
      "format fuzz: seed \(Self.seed), \(Self.inputs) mutants of \(tried.count) formats: \(total) refused in one line, \(Self.inputs - total) read, \(multiLine.count) multi-line, 0 traps"
    )
    for format in tried.keys.sorted() {
      print("  \(format): \(tried[format]!) mutants, \(refused[format] ?? 0) refused")
    }
    #expect(multiLine.isEmpty, "\(multiLine.prefix(3))")
    #expect(tried.count == targets.count)
  }
}
