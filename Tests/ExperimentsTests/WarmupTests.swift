import Experiments
import FileFormats
import Foundation
import Results
import TestScratch
import Testing

/// The warm-up read from the data: `warmup_days: auto` leaves out the start-up transient
/// that the MSER rule finds in the run's own day-by-day launches, and a fixed warm-up
/// shorter than it is warned about in one line.
@Suite struct WarmupTests {
  /// The default experiment over `days` days with 12 owners and warm-up `warmup`.
  func experiment(days: Int, warmup: String) -> String {
    DefaultExperiment.text
      .replacingOccurrences(of: "days: 30", with: "days: \(days)")
      .replacingOccurrences(of: "devices: 200", with: "devices: 12")
      .replacingOccurrences(of: "warmup_days: auto", with: "warmup_days: \(warmup)")
  }

  func run(_ text: String) throws -> (out: URL, console: String, warnings: [String]) {
    var r = RunRequest()
    r.file = write(text)
    r.out = scratch().path
    r.jobs = 2
    let (console, _, warnings) = try r.run { _, _ in }
    return (URL(fileURLWithPath: r.out!), console, warnings)
  }

  @Test func autoLeavesOutTheTransientAndMatchesThatFixedWarmup() throws {
    let auto = try run(experiment(days: 12, warmup: "auto"))
    let manifest = try #require(RunManifest.read(directory: auto.out.path))
    let read = try #require(manifest.warmupDays)
    // Refresh runs about 0, 4, 7 times on the first days, then about 8: the rule cuts
    // at least the first two days, and searches no further than half the run.
    #expect((2...6).contains(read))
    #expect(manifest.warmupRule == "auto" && manifest.transientDays == read)
    #expect(auto.console.contains("warm-up: \(read) days left out (warmup_days: auto"))
    #expect(!auto.warnings.contains { $0.contains("settle after") })
    // The pilot's folder is gone.
    #expect(!FileManager.default.fileExists(atPath: auto.out.appendingPathComponent(".warmup-pilot").path))
    // days.csv marks exactly the days left out.
    let (column, rows) = try csvTable(auto.out, CSVSchema.days)
    for row in rows { #expect((row[column("warmup")] == "1") == (Int(row[column("day")])! < read)) }
    // The same run with that warm-up fixed gives the same bytes.
    let fixed = try run(experiment(days: 12, warmup: "\(read)"))
    for schema in [CSVSchema.days, .launches, .summary, .hypotheses, .launchProbabilityByHour] {
      let a = try Data(contentsOf: auto.out.appendingPathComponent(schema.file))
      let b = try Data(contentsOf: fixed.out.appendingPathComponent(schema.file))
      #expect(a == b, "\(schema.file)")
    }
    #expect(RunManifest.read(directory: fixed.out.path)?.warmupRule == "fixed")
  }

  /// 24 days: dasd's timeline fills for two weeks, and in 12 days the rule, which
  /// searches the first half, cannot tell where the launches settle.
  @Test func aFixedWarmupShorterThanTheTransientIsWarned() throws {
    let short = try run(experiment(days: 24, warmup: "1"))
    let transient = try #require(RunManifest.read(directory: short.out.path)?.transientDays)
    #expect(transient > 1)
    let warning = try #require(short.warnings.first { $0.contains("settle after") })
    #expect(warning.hasSuffix("set warmup_days: \(transient), or auto"))
    #expect(
      short.console.contains(
        "warm-up: 1 day left out (warmup_days: 1); this run's launches a day settle after"))
    let enough = try run(experiment(days: 24, warmup: "\(transient)"))
    #expect(enough.warnings.isEmpty)
  }

  /// Three days cannot show where the launches settle: the rule stops at its limit and
  /// the two days kept (4, 7 a day) cannot show a flat tail. Neither a fixed warm-up nor `auto` is
  /// refused: `auto` leaves out the longest warm-up the rule searches (1 of 3 days),
  /// writes every file and warns in one line with the days that would settle it; a run
  /// under 3 days, which has nothing to read, does the same.
  @Test func aRunTooShortToSettleWritesEverythingAndWarns() throws {
    let short = try run(experiment(days: 3, warmup: "1"))
    #expect(short.warnings.contains { $0.contains("may not have settled at day 1 of 3") })
    let auto = try run(experiment(days: 3, warmup: "auto"))
    #expect(auto.warnings.count == 1, "\(auto.warnings)")
    #expect(auto.warnings.first?.contains("may not have settled at day 1 of 3") == true)
    #expect(auto.warnings.first?.contains("run at least 4 days") == true)
    #expect(RunManifest.read(directory: auto.out.path)?.warmupDays == 1)
    for schema in CSVSchema.experimentOutputs {
      #expect(FileManager.default.fileExists(atPath: auto.out.appendingPathComponent(schema.file).path))
    }
    let tooFew = try run(experiment(days: 2, warmup: "auto"))
    #expect(tooFew.warnings.count == 1, "\(tooFew.warnings)")
    #expect(tooFew.warnings.first?.contains("at least 3 days of launches and this run has 2") == true)
    #expect(RunManifest.read(directory: tooFew.out.path)?.warmupDays == 1)
  }

  @Test func aWordOtherThanAutoIsRefused() throws {
    var r = RunRequest()
    r.file = write(experiment(days: 12, warmup: "soon"))
    let error = #expect(throws: UserError.self) { try r.load() }
    #expect(error?.message.contains("warmup_days: 'soon' is not a number of days") == true)
    #expect(error?.message.contains("or auto") == true)
  }

  /// Each shard's pilot is the whole run, so shards read the warm-up an unsharded run
  /// reads, and merged they give its bytes.
  @Test func shardsOfAnAutoRunMergeToTheUnshardedRun() throws {
    let text = experiment(days: 12, warmup: "auto")
    let whole = try run(text)
    var shards: [String] = []
    for k in 1...2 {
      var r = RunRequest()
      r.file = write(text)
      r.out = scratch().path
      r.shard = "\(k)/2"
      _ = try r.run { _, _ in }
      shards.append(r.out!)
    }
    let merged = scratch()
    _ = try ShardMerge.merge(shards, out: merged.path)
    #expect(
      RunManifest.read(directory: merged.path)?.warmupDays
        == RunManifest.read(directory: whole.out.path)?.warmupDays)
    for schema in [CSVSchema.days, .launches, .summary, .hypotheses] {
      let a = try Data(contentsOf: whole.out.appendingPathComponent(schema.file))
      let b = try Data(contentsOf: merged.appendingPathComponent(schema.file))
      #expect(a == b, "\(schema.file)")
    }
  }
}
