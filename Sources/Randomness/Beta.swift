@preconcurrency import CGSL

/// The beta distribution on [0, 1]. Text: `beta(a: 2, b: 5)`.
public struct Beta: Distribution, Hashable {
  public let a: Double
  public let b: Double

  public init(a: Double, b: Double) {
    precondition(a > 0 && b > 0, "beta needs a > 0 and b > 0")
    self.a = a
    self.b = b
  }

  public func sample(_ stream: RandomStream) -> Double { gsl_ran_beta(stream.rng, a, b) }
  public var mean: Double { a / (a + b) }
  public var variance: Double { a * b / ((a + b) * (a + b) * (a + b + 1)) }
  public func cdf(_ x: Double) -> Double { x <= 0 ? 0 : x >= 1 ? 1 : gsl_cdf_beta_P(x, a, b) }
}
