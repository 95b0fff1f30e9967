@preconcurrency import CGSL

/// The normal distribution. Text: `normal(mean: 23h, sd: 75m)`.
public struct Normal: Distribution, Hashable {
  public let meanValue: Double
  /// Standard deviation, > 0.
  public let sd: Double
  public let isDuration: Bool

  public init(mean: Double, sd: Double, isDuration: Bool = true) {
    precondition(sd > 0, "normal sd must be positive")
    meanValue = mean
    self.sd = sd
    self.isDuration = isDuration
  }

  public func sample(_ stream: RandomStream) -> Double {
    meanValue + gsl_ran_gaussian_ziggurat(stream.rng, sd)
  }
  public var mean: Double { meanValue }
  public var variance: Double { sd * sd }
  public func cdf(_ x: Double) -> Double { gsl_cdf_gaussian_P(x - meanValue, sd) }
}
