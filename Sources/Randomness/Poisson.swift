@preconcurrency import CGSL

/// The Poisson distribution of counts. Text: `poisson(mean: 3.5)`.
public struct Poisson: Distribution, Hashable {
  public let meanValue: Double

  public init(mean: Double) {
    precondition(mean > 0, "poisson mean must be positive")
    meanValue = mean
  }

  public func sample(_ stream: RandomStream) -> Double {
    Double(gsl_ran_poisson(stream.rng, meanValue))
  }
  /// A draw as an integer count.
  public func count(_ stream: RandomStream) -> Int { Int(gsl_ran_poisson(stream.rng, meanValue)) }
  public var mean: Double { meanValue }
  public var variance: Double { meanValue }
  public func cdf(_ x: Double) -> Double {
    x < 0 ? 0 : gsl_cdf_poisson_P(CUnsignedInt(min(x.rounded(.down), 4e9)), meanValue)
  }
}
