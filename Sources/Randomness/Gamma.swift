@preconcurrency import CGSL

/// The gamma distribution with shape k and scale θ. Text: `gamma(shape: 2, scale: 10m)`.
public struct Gamma: Distribution, Hashable {
  public let shape: Double
  public let scale: Double
  public let isDuration: Bool

  public init(shape: Double, scale: Double, isDuration: Bool = true) {
    precondition(shape > 0 && scale > 0, "gamma needs shape > 0 and scale > 0")
    self.shape = shape
    self.scale = scale
    self.isDuration = isDuration
  }

  public func sample(_ stream: RandomStream) -> Double { gsl_ran_gamma(stream.rng, shape, scale) }
  public var mean: Double { shape * scale }
  public var variance: Double { shape * scale * scale }
  public func cdf(_ x: Double) -> Double { x <= 0 ? 0 : gsl_cdf_gamma_P(x, shape, scale) }
}
