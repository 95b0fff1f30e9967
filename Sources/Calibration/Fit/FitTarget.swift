import Experiments
import FileFormats
import Foundation
import Randomness

/// What a fit (``ABCFit``) compares its draws with: figures to simulate under a draw's
/// settings, and a distance from the observed ones.
public protocol FitTarget: Sendable {
  /// The figures' names, as `draws.csv` heads them (`figure_NAME`).
  var figureNames: [String] { get }
  /// The figures simulated with `settings`; nil where a figure is undefined.
  func figures(_ settings: [ParameterSetting]) throws(UserError) -> [Double?]
  /// Each draw's distance, given every draw's figures (a target may scale its figures by
  /// their spread across the draws).
  func distances(_ all: [[Double?]]) -> [Double]
  /// A draw's distance on its own, where it does not depend on the other draws; nil
  /// otherwise (the progress bar then shows no tolerance).
  func distance(alone figures: [Double?]) -> Double?
  /// What identifies the target for a resumed fit's fingerprint.
  var fingerprintText: String { get }
}

/// The validation cases: each case's figure against its reported band
/// (``ABCFit/distance(_:_:)``).
public struct SuiteTarget: FitTarget {
  public let cases: [ValidationCase]

  public var figureNames: [String] { cases.map(\.id) }

  public func figures(_ settings: [ParameterSetting]) throws(UserError) -> [Double?] {
    var out: [Double?] = []
    for c in cases {
      do { out.append(Scorecard.figure(for: try c.setting(settings))) } catch {
        throw UserError(error.description)
      }
    }
    return out
  }

  public func distances(_ all: [[Double?]]) -> [Double] { all.map { ABCFit.distance($0, cases) } }

  public func distance(alone figures: [Double?]) -> Double? { ABCFit.distance(figures, cases) }

  public var fingerprintText: String {
    cases.map { "\($0.file) \($0.owners) \(FileChecksum.of(file: $0.file) ?? "?")" }.joined(separator: "\n")
  }
}

/// A device's launch log (``LaunchLog``): the log's phone is replayed (its charger,
/// screen, opens, network and battery scripted from the log), the app of the fit file's
/// scenario runs on it, and the figures of its tasks' launches (``LaunchLog/figures(task:)``)
/// are compared with the log's own.
public struct LogTarget: FitTarget {
  public let log: LaunchLog
  /// The tasks whose launches are compared.
  public let tasks: [String]
  /// The app, persona and scheduler of the replayed phone, as a case whose scenario the
  /// settings apply to.
  let template: ValidationCase
  /// Simulations of the log's phone per draw, with seeds 1…replicates; their figures
  /// are averaged.
  public let replicates: Int
  public let observed: [Double?]

  init(log: LaunchLog, tasks: [String], template: ValidationCase, replicates: Int) {
    self.log = log
    self.tasks = tasks
    self.template = template
    self.replicates = replicates
    observed = Self.figures(of: log, tasks: tasks)
  }

  /// Each task's figures, one task after another.
  static func figures(of log: LaunchLog, tasks: [String]) -> [Double?] {
    tasks.flatMap { log.figures(task: $0) }
  }

  public var figureNames: [String] {
    tasks.flatMap { task in LaunchLog.figureNames.map { tasks.count > 1 ? "\(task).\($0)" : $0 } }
  }

  /// The log a replicate simulation writes with `settings`.
  public func simulatedLog(_ settings: [ParameterSetting], seed: UInt64) throws(UserError) -> LaunchLog {
    let c: ValidationCase
    do { c = try template.setting(settings) } catch { throw UserError(error.description) }
    guard var scenario = c.scenario else {
      throw UserError("\(template.file): the log's scenario is missing")
    }
    scenario.days = log.days
    scenario.startDate = log.startDate
    scenario.timeline = log.timeline
    scenario.seed = seed
    return LaunchLog(outcome: scenario.run(device: 0, recordDecisions: false))
  }

  /// Each figure's mean over the replicates (nil where no replicate has it).
  public func figures(_ settings: [ParameterSetting]) throws(UserError) -> [Double?] {
    var sums = [Double](repeating: 0, count: observed.count)
    var counts = [Int](repeating: 0, count: observed.count)
    for r in 0..<replicates {
      for (k, f) in Self.figures(of: try simulatedLog(settings, seed: UInt64(r + 1)), tasks: tasks)
        .enumerated()
      {
        if let f {
          sums[k] += f
          counts[k] += 1
        }
      }
    }
    return zip(sums, counts).map { $1 > 0 ? $0 / Double($1) : nil }
  }

  /// Each figure's scale: the spread of the simulated figure across the draws (1.4826 ×
  /// the median absolute deviation, a standard deviation for normal data), so that
  /// figures in hours and shares weigh alike; a tenth of the observed value (at least
  /// 10⁻⁶) where the draws do not vary.
  func scales(_ all: [[Double?]]) -> [Double] {
    observed.indices.map { k in
      let xs = all.compactMap { k < $0.count ? $0[k] : nil }
      var scale = 0.0
      if !xs.isEmpty {
        let median = Statistics.quantile(xs, 0.5)
        scale = 1.4826 * Statistics.quantile(xs.map { abs($0 - median) }, 0.5)
      }
      return scale > 0 ? scale : max(abs(observed[k] ?? 0) / 10, 1e-6)
    }
  }

  /// The root mean square over the log's figures of (simulated − observed) / scale; a
  /// figure the simulation lacks counts as the penalty.
  public func distances(_ all: [[Double?]]) -> [Double] {
    let scale = scales(all)
    return all.map { figures in
      var sum = 0.0
      var n = 0
      for (k, o) in observed.enumerated() {
        guard let o else { continue }
        n += 1
        let d =
          (k < figures.count ? figures[k] : nil).map { ($0 - o) / scale[k] } ?? ABCFit.missingFigurePenalty
        sum += d * d
      }
      return n == 0 ? 0 : (sum / Double(n)).squareRoot()
    }
  }

  public func distance(alone figures: [Double?]) -> Double? { nil }

  public var fingerprintText: String {
    "log \(FitShardRecord.absolute(log.file)) \(FileChecksum.of(file: log.file) ?? "?") tasks \(tasks) replicates \(replicates)"
  }
}
