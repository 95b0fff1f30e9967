/// The length of a run's start-up transient, read from its output by the MSER rule
/// (marginal standard error rule: White 1997, "An effective truncation heuristic for bias
/// reduction in simulation output", *Simulation* 69(6); White, Cobb & Spratt 2000).
///
/// The series is the day-by-day mean over owners of the app's launches, one per (cell,
/// arm). For each candidate truncation `d` the rule takes the variance of the mean of
/// what is left, `Σ_{i ≥ d} (y_i − ȳ_d)² / (n − d)²`, and keeps the `d` that makes it
/// least, over the first half of the run (beyond it the criterion rewards a short, quiet
/// tail, which is the rule's known failure). MSER-5 batches single observations five at a
/// time to smooth them; each day here is already a mean over every owner's day, and
/// batches of five days would make the answer a multiple of five in runs of 10–30 days,
/// so the rule is applied to the days themselves (batch size 1, as in White 1997).
///
/// The rule stopping at the end of its search says only that leaving out more would not
/// hurt; whether the launches are *still rising* there is a test of its own with stated
/// tolerances (``tail``, ``TailTrend``) on the slope of the days kept. A flat tail is
/// never called rising.
public struct StartupTransient: Sendable, Equatable {
  /// Days the rule leaves out: the start-up transient [days].
  public var days: Int
  /// Whether the rule stopped at the end of the half it searches: the run may be too
  /// short for the launches to settle, and `days` is a lower bound.
  public var atSearchLimit: Bool
  /// Whether the days the rule keeps have settled (``TailTrend``). Only asked when the
  /// rule stopped at its search limit; ``TailTrend/settled`` otherwise.
  public var tail = TailTrend.settled
  /// The series it was read from [launches per owner and day], by day.
  public var dayMeans: [Double]
  /// The sweep cell and the arm whose series it is (the longest of a run's).
  public var cell = 0
  public var arm = ""

  public init(days: Int, atSearchLimit: Bool, dayMeans: [Double]) {
    (self.days, self.atSearchLimit, self.dayMeans) = (days, atSearchLimit, dayMeans)
  }

  /// The MSER truncation of `series` (a value a day); nil for fewer than 3 days.
  public init?(series: [Double]) {
    let n = series.count
    guard n >= 3 else { return nil }
    let limit = Self.searchLimit(days: n)
    var best = (d: 0, score: Double.infinity)
    for d in 0...limit {
      let tail = series[d...]
      let mean = tail.reduce(0, +) / Double(tail.count)
      let squares = tail.reduce(0) { $0 + ($1 - mean) * ($1 - mean) }
      let score = squares / Double(tail.count * tail.count)
      // The first of equal minima: the least truncation that does as well.
      if score < best.score { best = (d, score) }
    }
    days = best.d
    atSearchLimit = best.d == limit && limit > 0
    dayMeans = series
    tail = atSearchLimit ? TailTrend(Array(series[best.d...])) : .settled
  }

  /// The longest warm-up the rule would search in a run of `days` days: its first half.
  public static func searchLimit(days: Int) -> Int { days / 2 }
}
