@preconcurrency import CGSL
import Foundation

/// The log-normal distribution. Text: `lognormal(median: 30s, sigma: 1.7)` or
/// `lognormal(mean: 127s, sd: 300s)`; the form it was written in is kept for printing.
public struct LogNormal: Distribution, Hashable {
  /// How the distribution was specified.
  public enum Parameters: Hashable, Sendable {
    /// Median e^μ and σ of the underlying normal.
    case median(Double, sigma: Double)
    /// Mean and standard deviation of the values themselves.
    case mean(Double, sd: Double)
  }

  public let parameters: Parameters
  public let isDuration: Bool
  /// μ and σ of ln X.
  public let mu: Double
  public let sigma: Double

  public init(median: Double, sigma: Double, isDuration: Bool = true) {
    precondition(median > 0 && sigma > 0, "lognormal needs median > 0 and sigma > 0")
    parameters = .median(median, sigma: sigma)
    self.isDuration = isDuration
    mu = log(median)
    self.sigma = sigma
  }

  public init(mean: Double, sd: Double, isDuration: Bool = true) {
    precondition(mean > 0 && sd > 0, "lognormal needs mean > 0 and sd > 0")
    parameters = .mean(mean, sd: sd)
    self.isDuration = isDuration
    let s2 = log(1 + (sd * sd) / (mean * mean))
    sigma = s2.squareRoot()
    mu = log(mean) - s2 / 2
  }

  /// A draw: e^(μ + σZ), Z standard normal by Marsaglia's polar method. The steps,
  /// the draws and the order of the arithmetic are those of `gsl_ran_lognormal`, so the
  /// values are the same bits (checked against it in the tests); done here, each
  /// uniform draw steps the stream inline instead of through GSL's function pointers.
  @inlinable
  public func sample(_ stream: RandomStream) -> Double {
    var u: Double
    var r2: Double
    repeat {
      // A point in the square (−1, −1)…(1, 1), kept when inside the unit circle.
      u = -1 + 2 * stream.uniform()
      let v = -1 + 2 * stream.uniform()
      r2 = u * u + v * v
    } while r2 > 1 || r2 == 0
    let normal = u * (-2 * log(r2) / r2).squareRoot()
    return exp(sigma * normal + mu)
  }

  /// `gsl_ran_lognormal` itself, for checking ``sample(_:)`` against it.
  func sampleThroughGSL(_ stream: RandomStream) -> Double { gsl_ran_lognormal(stream.rng, mu, sigma) }
  public var median: Double { exp(mu) }
  public var mean: Double { exp(mu + sigma * sigma / 2) }
  public var variance: Double { (exp(sigma * sigma) - 1) * exp(2 * mu + sigma * sigma) }
  public func cdf(_ x: Double) -> Double { x <= 0 ? 0 : gsl_cdf_lognormal_P(x, mu, sigma) }
}
