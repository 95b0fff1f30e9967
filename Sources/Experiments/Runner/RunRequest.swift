import DeviceModel
import Foundation

/// What `bgsim run` (and `bgsim validate FILE`) ask for, as the command line gives it.
public struct RunRequest: Sendable {
  public var file: String?
  public var days: Int?
  public var devices: Int?
  public var replications: Int?
  public var seed: UInt64?
  public var out: String?
  public var jobs = ProcessInfo.processInfo.activeProcessorCount
  public var resume = false
  public var commandLine: [String] = []

  public init() {}

  /// Checks values that need no files; nil when fine, else the problem.
  public func problem() -> String? {
    if let days, days < 1 { return "--days must be at least 1 (got \(days))" }
    if let devices, devices < 1 { return "--devices must be at least 1 (got \(devices))" }
    if let replications, replications < 1 { return "--replications must be at least 1 (got \(replications))" }
    if jobs < 1 { return "--jobs must be at least 1 (got \(jobs))" }
    return nil
  }

  /// The experiment with the command line's overrides applied.
  public func load() throws(UserError) -> ExperimentSpec {
    if let p = problem() { throw UserError(p) }
    let label = file ?? "\(DefaultExperiment.fileName) (built in)"
    do {
      let base: ConfigTree
      if let file {
        base = try ConfigTree.load(file: file)
      } else {
        base = try ConfigTree.parse(yaml: DefaultExperiment.text, file: label)
      }
      var overrides: [(path: String, value: ConfigTree)] = []
      func add(_ key: String, _ value: String) {
        overrides.append((key, ConfigTree(value: .scalar(value), file: "command line", line: 0, path: key)))
      }
      if let days { add("days", String(days)) }
      if let devices { add("devices", String(devices)) }
      if let replications { add("replications", String(replications)) }
      if let seed { add("seed", String(seed)) }
      return try ExperimentSpec(tree: try base.applying(overrides), file: file ?? label)
    } catch {
      throw UserError(error.description)
    }
  }

  /// Where the outputs go: `--out`, or `notebooks-data/<name>/`.
  public func outputDirectory(for spec: ExperimentSpec) -> String { out ?? "notebooks-data/\(spec.name)" }

  /// Runs the experiment and returns the printable summary and whether every
  /// hypothesis passed.
  public func run(progress: @escaping @Sendable (Int, Int) -> Void) throws(UserError) -> (
    report: String, passed: Bool
  ) {
    let spec = try load()
    var options = ExperimentRunner.Options(
      outputDirectory: outputDirectory(for: spec), jobs: jobs, resume: resume, commandLine: commandLine)
    options.ownersPerChunk = 10
    let result = try ExperimentRunner(spec: spec, options: options).run(progress: progress)
    let report = RunReport.render(spec: spec, result: result, directory: options.outputDirectory)
    return (report, result.summary.verdicts.allSatisfy(\.passed))
  }
}
