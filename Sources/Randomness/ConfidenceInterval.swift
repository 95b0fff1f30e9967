/// An estimate with a two-sided confidence interval.
public struct ConfidenceInterval: Hashable, Sendable {
  /// The point estimate (a mean or a mean difference).
  public let estimate: Double
  public let lower: Double
  public let upper: Double
  /// Confidence level, e.g. 0.95.
  public let level: Double
  /// Number of observations (or pairs).
  public let n: Int

  public init(estimate: Double, lower: Double, upper: Double, level: Double, n: Int) {
    self.estimate = estimate
    self.lower = lower
    self.upper = upper
    self.level = level
    self.n = n
  }

  /// Half the width of the interval.
  public var halfWidth: Double { (upper - lower) / 2 }
  /// Whether `value` lies inside the closed interval.
  public func contains(_ value: Double) -> Bool { lower <= value && value <= upper }
}
