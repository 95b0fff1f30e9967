@preconcurrency import CGSL

/// The Weibull distribution with shape k and scale λ. Text: `weibull(shape: 0.4, scale: 250s)`.
public struct Weibull: Distribution, Hashable {
  public let shape: Double
  public let scale: Double
  public let isDuration: Bool

  public init(shape: Double, scale: Double, isDuration: Bool = true) {
    precondition(shape > 0 && scale > 0, "weibull needs shape > 0 and scale > 0")
    self.shape = shape
    self.scale = scale
    self.isDuration = isDuration
  }

  public func sample(_ stream: RandomStream) -> Double { gsl_ran_weibull(stream.rng, scale, shape) }
  public var mean: Double { scale * gsl_sf_gamma(1 + 1 / shape) }
  public var variance: Double {
    let g1 = gsl_sf_gamma(1 + 1 / shape)
    return scale * scale * (gsl_sf_gamma(1 + 2 / shape) - g1 * g1)
  }
  public func cdf(_ x: Double) -> Double { x <= 0 ? 0 : gsl_cdf_weibull_P(x, scale, shape) }
}
