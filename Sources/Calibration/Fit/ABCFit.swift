import Experiments
import FileFormats
import Foundation
import PhoneAssembly
import Randomness
import Results
import Synchronization

/// `bgsim fit`: learns model parameters from field observations by approximate Bayesian
/// computation (ABC) with rejection.
///
/// Each draw is a point of GSL's Sobol sequence, mapped onto the priors through their
/// inverse distribution functions. The draw's parameter values are set in the target's
/// scenarios (``ValidationCase/setting(_:)``), which are simulated with fixed seeds
/// (common random numbers: every draw sees the same owners and the same random streams,
/// so distances compare parameters, not noise), and the distance between the simulated
/// and the observed figures is computed (``FitTarget``: the validation cases' bands,
/// ``distance(_:_:)``, or a device's launch log). The `keep` closest draws are the
/// posterior sample, with equal weights.
public struct ABCFit: Sendable {
  public struct Options: Sendable {
    public var outputDirectory: String
    public var jobs: Int
    /// Keep the draws of an interrupted fit of the same file (`OUT/.fit-draws`).
    public var resume: Bool
    /// Simulate only the draws of this shard (draw i is shard i mod N + 1), for
    /// `bgsim merge` to finish the fit (``FitShardRecord``).
    public var shard: Shard?

    public init(outputDirectory: String, jobs: Int, resume: Bool = false, shard: Shard? = nil) {
      self.outputDirectory = outputDirectory
      self.jobs = jobs
      self.resume = resume
      self.shard = shard
    }
  }

  /// One parameter set and what it gave.
  public struct Draw: Sendable {
    public let index: Int
    public let values: [Double]
    /// Each target case's simulated figure; nil where it is undefined.
    public let figures: [Double?]
    public let distance: Double
  }

  /// What the fit learnt about one parameter.
  public struct Estimate: Sendable {
    public let parameter: FitParameter
    /// The prior's median and 90 % interval (5th and 95th percentiles).
    public let prior: (median: Double, low: Double, high: Double)
    /// The posterior's (the kept draws') median and 90 % interval.
    public let posterior: (median: Double, low: Double, high: Double)
    /// The posterior interval's width over the prior's: below 1 where the data inform.
    public var shrinkage: Double { (posterior.high - posterior.low) / (prior.high - prior.low) }
  }

  public struct Result: Sendable {
    public let draws: [Draw]
    /// The kept draws, closest first, and their weights (equal, summing to 1).
    public let kept: [Draw]
    public let weights: [Double]
    /// The largest kept distance.
    public let tolerance: Double
    public let estimates: [Estimate]
    /// The whole suite on the posterior medians, and on the defaults (a suite's fit).
    public let fitted: [Scorecard.Row]
    public let defaults: [Scorecard.Row]
    /// The target's figures on the posterior medians (a log's fit).
    public let fittedFigures: [Double?]
    /// Draws reused from an interrupted fit.
    public let resumed: Int
    public let wallSeconds: Double
  }

  public let spec: FitSpec
  public let options: Options

  public init(spec: FitSpec, options: Options) {
    self.spec = spec
    self.options = options
  }

  /// A case without a figure counts as this many band half-widths away.
  public static let missingFigurePenalty = 10.0

  /// The distance between simulated figures and the cases' bands: the root mean square,
  /// over the cases, of how far each figure lies outside its band, in band half-widths.
  /// A figure anywhere in its band is 0 away (a report's band is the range of values it
  /// allows, none more likely than another), one a half-width beyond an edge is 1 away,
  /// and every case weighs alike whatever its unit. A band of zero width counts a tenth
  /// of its centre (at least 10⁻⁶) as its half-width.
  public static func distance(_ figures: [Double?], _ cases: [ValidationCase]) -> Double {
    var sum = 0.0
    for (f, c) in zip(figures, cases) {
      let band = c.fitBand
      let centre = (band.lowerBound + band.upperBound) / 2
      var half = (band.upperBound - band.lowerBound) / 2
      if half <= 0 { half = max(abs(centre) / 10, 1e-6) }
      let d = f.map { max(0, abs($0 - centre) / half - 1) } ?? missingFigurePenalty
      sum += d.isFinite ? d * d : missingFigurePenalty * missingFigurePenalty
    }
    return (sum / Double(max(1, cases.count))).squareRoot()
  }

  /// The `p` quantile of a posterior sample (sorted), interpolated at rank p(n + 1)
  /// (Hyndman and Fan's type 6), whose expectation is the quantile itself for a uniform
  /// sample: the usual rank p(n − 1) + 1 pulls the 5th and 95th percentiles of 25 kept
  /// draws inwards by almost one draw's spacing, and a 90 % interval of a barely informed
  /// parameter then covers about 83 % of its prior.
  static func posteriorQuantile(sorted xs: [Double], _ p: Double) -> Double {
    guard !xs.isEmpty else { return .nan }
    let h = min(max(p * Double(xs.count + 1), 1), Double(xs.count))
    let lower = Int(h.rounded(.down))
    let fraction = h - Double(lower)
    return lower >= xs.count ? xs[xs.count - 1] : xs[lower - 1] + fraction * (xs[lower] - xs[lower - 1])
  }

  /// The first `count` points of the Sobol sequence in `dimensions` dimensions.
  static func points(count: Int, dimensions: Int) -> [[Double]] {
    guard let sequence = SobolSequence(dimensions: dimensions) else { return [] }
    return (0..<count).map { _ in sequence.next() }
  }

  /// Simulates the target with one draw's settings.
  func simulate(_ index: Int, _ point: [Double]) throws(UserError) -> [Double?] {
    try spec.target.figures(spec.settings(at: point))
  }

  /// Runs the fit; `progress(done, total, tolerance)` after each draw, the tolerance being
  /// the largest distance that would be kept so far (infinite before `keep` draws). A
  /// shard's run returns nil: it leaves its draws and `fit-shard.json` for `bgsim merge`.
  @discardableResult
  public func run(progress: @escaping @Sendable (Int, Int, Double) -> Void = { _, _, _ in }) throws(UserError)
    -> Result?
  {
    let clock = ContinuousClock()
    let began = clock.now
    let dimensions = spec.parameters.count
    guard dimensions <= SobolSequence.maximumDimensions else {
      throw UserError("\(spec.file): a fit takes at most \(SobolSequence.maximumDimensions) parameters")
    }
    try OutputFolder.prepare(directory: options.outputDirectory)
    let lock = try OutputLock(directory: options.outputDirectory)
    defer { withExtendedLifetime(lock) {} }
    let points = Self.points(count: spec.draws, dimensions: dimensions)
    let record = try FitRecord(
      directory: options.outputDirectory, fingerprint: fingerprint(), resume: options.resume,
      figures: spec.target.figureNames.count)
    let figures = Mutex<[[Double?]?]>(Array(repeating: nil, count: spec.draws))
    var resumed = 0
    figures.withLock {
      for (i, f) in record.kept where i < spec.draws {
        $0[i] = f
        resumed += 1
      }
    }
    let mine = (0..<spec.draws).filter { i in options.shard.map { i % $0.count == $0.index - 1 } ?? true }
    let todo = mine.filter { i in figures.withLock { $0[i] == nil } }
    let closest = Mutex(ClosestDistances(keep: spec.keep))
    figures.withLock {
      for case let f? in $0 {
        if let d = spec.target.distance(alone: f) { closest.withLock { $0.insert(d) } }
      }
    }
    let done = Atomic<Int>(mine.count - todo.count)
    let next = Atomic<Int>(0)
    let failure = Mutex<UserError?>(nil)
    progress(done.load(ordering: .relaxed), mine.count, closest.withLock { $0.tolerance })
    DispatchQueue.concurrentPerform(iterations: max(1, min(options.jobs, todo.count))) { _ in
      while true {
        let k = next.add(1, ordering: .relaxed).oldValue
        guard k < todo.count, failure.withLock({ $0 == nil }) else { return }
        let i = todo[k]
        do {
          let f = try simulate(i, points[i])
          figures.withLock { $0[i] = f }
          record.append(index: i, figures: f)
          let alone = spec.target.distance(alone: f)
          let tolerance = closest.withLock {
            if let alone { $0.insert(alone) }
            return alone == nil ? Double.nan : $0.tolerance
          }
          progress(done.add(1, ordering: .relaxed).newValue, mine.count, tolerance)
        } catch {
          let problem = (error as? UserError) ?? UserError("\(error)")
          failure.withLock { $0 = $0 ?? problem }
        }
      }
    }
    if let error = failure.withLock({ $0 }) { throw error }
    try record.finish()
    if let shard = options.shard {
      try FitShardRecord(
        version: BGSimVersion.text, fingerprint: fingerprint(), shard: shard, draws: spec.draws,
        fitFile: spec.file,
        log: (spec.target as? LogTarget)?.log.file, done: mine.count
      ).write(to: options.outputDirectory)
      return nil
    }
    let result = try finish(
      figures.withLock { $0.map { $0 ?? [] } }, resumed: resumed, wallSeconds: (clock.now - began).inSeconds,
      directory: options.outputDirectory)
    record.remove()
    return result
  }

  /// Every draw's figures to the posterior, the fitted figures and the output files.
  func finish(_ all: [[Double?]], resumed: Int, wallSeconds: Double, directory: String) throws(UserError)
    -> Result
  {
    let points = Self.points(count: spec.draws, dimensions: spec.parameters.count)
    let distances = spec.target.distances(all)
    let draws = all.indices.map { i in
      Draw(
        index: i, values: zip(spec.parameters, points[i]).map { $0.value(at: $1) }, figures: all[i],
        distance: distances[i])
    }
    // The closest draws, in Sobol order among equals (draws in every band tie at 0).
    let kept = Array(
      draws.sorted { ($0.distance, $0.index) < ($1.distance, $1.index) }.prefix(spec.keep)
        .filter { $0.distance <= spec.tolerance })
    let weights = kept.map { _ in 1 / Double(kept.count) }
    guard !kept.isEmpty else {
      let closest = draws.map(\.distance).min() ?? .infinity
      throw UserError(
        "\(spec.file): no draw came within the tolerance \(Format.compact(spec.tolerance)) (the closest was \(Format.compact(closest))); widen budget.tolerance or give more draws"
      )
    }
    let estimates = spec.parameters.enumerated().map { j, p in
      let values = kept.map { $0.values[j] }.sorted()
      func q(_ level: Double) -> Double { Self.posteriorQuantile(sorted: values, level) }
      return Estimate(
        parameter: p, prior: (p.value(at: 0.5), p.value(at: 0.05), p.value(at: 0.95)),
        posterior: (q(0.5), q(0.05), q(0.95)))
    }
    let medians = zip(spec.parameters, estimates).map { p, e in
      ParameterSetting(
        key: p.key, value: p.text(e.posterior.median), file: spec.file, line: p.line)
    }
    // A suite's fit: the whole suite on the posterior medians and on the defaults. A
    // log's: its figures on the posterior medians.
    var fitted: [Scorecard.Row] = []
    var defaults: [Scorecard.Row] = []
    var fittedFigures: [Double?] = []
    if spec.target is LogTarget {
      fittedFigures = try spec.target.figures(medians)
    } else {
      let suite = try ValidationCase.loadAll(folder: spec.suite)
      var fittedCases: [ValidationCase] = []
      for c in suite {
        do { fittedCases.append(try c.setting(medians)) } catch { throw UserError(error.description) }
      }
      fitted = Scorecard.run(fittedCases, jobs: options.jobs)
      defaults = Scorecard.run(suite, jobs: options.jobs)
    }
    let result = Result(
      draws: draws, kept: kept, weights: weights, tolerance: kept.last?.distance ?? .infinity,
      estimates: estimates,
      fitted: fitted, defaults: defaults, fittedFigures: fittedFigures, resumed: resumed,
      wallSeconds: wallSeconds)
    try FitOutput.write(result, spec: spec, directory: directory)
    return result
  }

  /// What a resumed fit must share with the one it resumes: the fit file, its target
  /// (every case's file and owners, or the log), and the bgsim version.
  func fingerprint() -> String {
    var sum = FileChecksum()
    let text = "bgsim \(BGSimVersion.text)\n\(spec.text)\n\(spec.target.fingerprintText)\n"
    text.utf8CString.withUnsafeBytes { sum.add($0) }
    return sum.text
  }
}

/// The `keep` smallest distances seen so far.
struct ClosestDistances {
  let keep: Int
  private(set) var sorted: [Double] = []

  init(keep: Int) { self.keep = keep }

  mutating func insert(_ d: Double) {
    let at = sorted.firstIndex { $0 > d } ?? sorted.count
    guard at < keep else { return }
    sorted.insert(d, at: at)
    if sorted.count > keep { sorted.removeLast() }
  }

  /// The largest distance kept so far; infinite until `keep` distances are in.
  var tolerance: Double { sorted.count < keep ? .infinity : sorted[keep - 1] }
}
