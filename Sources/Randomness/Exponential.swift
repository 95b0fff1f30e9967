@preconcurrency import CGSL

/// The exponential distribution, set by its mean. Text: `exponential(mean: 40m)`.
public struct Exponential: Distribution, Hashable {
  /// Mean (seconds when `isDuration`).
  public let meanValue: Double
  /// Whether the values are durations [s].
  public let isDuration: Bool

  public init(mean: Double, isDuration: Bool = true) {
    precondition(mean > 0, "exponential mean must be positive")
    meanValue = mean
    self.isDuration = isDuration
  }

  @inlinable
  public func sample(_ stream: RandomStream) -> Double { gsl_ran_exponential(stream.rng, meanValue) }
  public var mean: Double { meanValue }
  public var variance: Double { meanValue * meanValue }
  public func cdf(_ x: Double) -> Double { gsl_cdf_exponential_P(x, meanValue) }
}
