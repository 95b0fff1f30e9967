import Randomness

/// The interval of a mean over owners (or replications), as every owner figure of
/// `summary.csv` and every row of `other_app_summary.csv` has it: the bootstrap-t over
/// the owners when their resamples were drawn (10 to 1,000 owners with some spread),
/// Student's t otherwise.
enum OwnerMeanInterval {
  /// The interval of `mean`, the mean of `count` units whose sample variance is
  /// `variance`; `replicates`: the owners' studentized bootstrap replicates, with the
  /// residual degrees of freedom of their figures.
  static func of(
    mean: Double, variance: Double, count: Int, replicates: [Double]?, degreesOfFreedom: Double?,
    level: Double = 0.95
  ) -> ConfidenceInterval {
    if let replicates, !replicates.isEmpty {
      return Statistics.bootstrapTInterval(
        estimate: mean, standardError: (variance / Double(count)).squareRoot(), replicates: replicates,
        count: count, level: level, degreesOfFreedom: degreesOfFreedom)
    }
    return Statistics.confidenceInterval(mean: mean, variance: variance, count: count, level: level)
  }

  /// The interval of the mean of an owner figure stream (``OwnerFigureSums``), with the
  /// sample variance of its units: over the owners whose exact sums `pool` holds, or,
  /// given `replicationMeans` (a run with a posterior sample), over the replications'
  /// means (each replication drew its own parameters, so the owners of one replication
  /// are not independent of each other).
  static func of(
    _ pool: PooledValues, replicationMeans: [Double]?, replicates: [Double]?, degreesOfFreedom: Double?,
    level: Double = 0.95
  ) -> (ConfidenceInterval, variance: Double) {
    if let xs = replicationMeans {
      let variance = Statistics.variance(xs)
      return (
        Statistics.confidenceInterval(
          mean: Statistics.mean(xs), variance: variance, count: xs.count, level: level),
        variance
      )
    }
    let variance = pool.variance(unitsPerValue: OwnerFigures.unitsPerValue)
    let ci = of(
      mean: pool.mean(unitsPerValue: OwnerFigures.unitsPerValue), variance: variance, count: pool.count,
      replicates: replicates, degreesOfFreedom: degreesOfFreedom, level: level)
    return (ci, variance)
  }
}
