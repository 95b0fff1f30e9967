import FileFormats
import Foundation
import IOSModel
import Results

/// What `bgsim run` (and `bgsim validate FILE`) ask for, as the command line gives it.
public struct RunRequest: Sendable {
  public var file: String?
  public var days: Int?
  public var devices: Int?
  public var replications: Int?
  public var seed: UInt64?
  /// `warmup_days` as the command line gives it: a number of days, or `auto`.
  public var warmupDays: String?
  public var out: String?
  public var jobs = ProcessInfo.processInfo.activeProcessorCount
  public var resume = false
  public var commandLine: [String] = []
  /// `K/N`: run only this shard.
  public var shard: String?
  /// A fit's posterior sample: each replication draws its parameters from it.
  public var posterior: String?
  /// Times of day (`HH:MM`) to report `launched_by_HH:MM` for.
  public var by: [String] = []

  public init() {}

  /// Checks values that need no files; nil when fine, else the problem.
  public func problem() -> String? {
    for (option, value) in [("--days", days), ("--devices", devices), ("--replications", replications)] {
      if let value, value < 0 { return "\(option) \(value) is negative; give a number of 1 or more" }
      if let value, value < 1 { return "\(option) must be at least 1 (got \(value))" }
    }
    if jobs < 0 { return "--jobs \(jobs) is negative; give a number of 1 or more" }
    if jobs < 1 { return "--jobs must be at least 1 (got \(jobs))" }
    if posterior != nil, shard != nil {
      return "--posterior cannot be combined with --shard yet; run it whole"
    }
    if let problem = by.lazy.compactMap(MetricName.byOptionProblem).first { return problem }
    if let shard, Shard(text: shard) == nil {
      return "--shard must be K/N with 1 ≤ K ≤ N, e.g. 2/8 (got '\(shard)')"
    }
    return nil
  }

  /// The experiment's name in messages: its file, or the built-in one's.
  var label: String { file ?? "\(DefaultExperiment.fileName) (built in)" }

  /// The experiment's source: its text, its name for messages, the overrides.
  public func source() throws(UserError) -> ExperimentSource {
    if let p = problem() { throw UserError(p) }
    var text = DefaultExperiment.text
    if let file {
      guard FileManager.default.fileExists(atPath: file) else { throw UserError("\(file): no such file") }
      guard let data = FileManager.default.contents(atPath: file) else {
        throw UserError("\(file): cannot be read")
      }
      text = TextFiles.text(of: data)
    }
    var overrides: [(key: String, value: String)] = []
    if let days { overrides.append(("days", String(days))) }
    if let devices { overrides.append(("devices", String(devices))) }
    if let replications { overrides.append(("replications", String(replications))) }
    if let seed { overrides.append(("seed", String(seed))) }
    if let warmupDays { overrides.append(("warmup_days", warmupDays)) }
    return ExperimentSource(text: text, label: label, overrides: overrides)
  }

  /// The experiment with the command line's overrides applied.
  public func load() throws(UserError) -> ExperimentSpec {
    let spec = try source().spec().reporting(by.compactMap { MetricName(rawValue: "launched_by_" + $0) })
    guard let posterior else { return spec }
    return try spec.checking(posterior: PosteriorSample.load(file: posterior))
  }

  /// What the experiment would silently never do (``FileValidation/warnings(of:file:)``),
  /// one line each: `bgsim run` says them on stderr before it runs.
  public func warnings() throws(UserError) -> [String] { Self.warnings(of: try load(), label: label) }
  /// ``warnings()`` for `spec` from the file `label` (`bgsim merge` says them too).
  public static func warnings(of spec: ExperimentSpec, label: String) -> [String] {
    let owners = spec.devices * spec.replications
    let few = SummaryTables.fewUnitsWarnings(
      owners: owners, replications: spec.replications, posterior: spec.posterior != nil,
      stalled: spec.scheduler.parameters.ownerSpread.stalledSampleWarning(owners: owners))
    // A cell with drawn other apps; cells are decoded only when the sweep sets other_apps.
    let drawsApps = { (s: ExperimentSpec) in s.otherApps.backgroundActive > 0 }
    let drawn =
      spec.sweepKeys.contains { $0.hasPrefix("other_apps") }
      ? spec.cells.lazy.compactMap { try? spec.spec(for: $0) }.first(where: drawsApps)
      : drawsApps(spec) ? spec : nil
    let lines = few + [drawn?.otherApps.drawnOpensWarning(owners: owners)].compactMap { $0 }
    return FileValidation.warnings(of: spec, file: label) + lines.map { "\(label): warning: \($0)" }
  }

  /// Where the outputs go: `--out`, or `notebooks-data/<name>/`.
  public func outputDirectory(for spec: ExperimentSpec) -> String { out ?? "notebooks-data/\(spec.name)" }

  /// Runs the experiment: ``RunReport/outcome(spec:result:directory:label:)``, or for a
  /// shard, which checks nothing, its progress and `pass`.
  public func run(progress: @escaping @Sendable (Int, Int) -> Void) throws(UserError) -> (
    report: String, result: SummaryTables.Verdict.Result, warnings: [String]
  ) {
    let source = try source()
    let spec = try load()
    var options = ExperimentRunner.Options(
      outputDirectory: outputDirectory(for: spec), jobs: jobs, resume: resume, commandLine: commandLine)
    options.shard = shard.flatMap(Shard.init(text:))
    options.source = source
    let result = try ExperimentRunner(spec: spec, options: options).run(progress: progress)
    if let shard = options.shard {
      return (
        "\(spec.name): shard \(shard.index)/\(shard.count) done: \(Format.count(result.chunksRun + result.chunksKept, "chunk")), "
          + "\(result.deviceDays) device-days in \(Format.fixed(result.wallSeconds, digits: 1)) s, in \(options.outputDirectory)/parts; "
          + "combine the shards with bgsim merge",
        .pass, []
      )
    }
    return RunReport.outcome(spec: spec, result: result, directory: options.outputDirectory, label: label)
  }

  /// Runs `spec` (this request's experiment, prepared by the caller: `bgsim advise`) and
  /// returns its summary.
  public func runForSummary(
    _ spec: ExperimentSpec,
    progress: @escaping @Sendable (Int, Int) -> Void
  ) throws(UserError) -> SummaryTables {
    let source = try source()
    var options = ExperimentRunner.Options(
      outputDirectory: outputDirectory(for: spec), jobs: jobs, resume: resume, commandLine: commandLine)
    options.source = source
    let result = try ExperimentRunner(spec: spec, options: options).run(progress: progress)
    return result.summary ?? SummaryTables(rows: [], verdicts: [])
  }
}
