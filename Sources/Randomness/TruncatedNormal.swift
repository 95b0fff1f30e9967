@preconcurrency import CGSL

/// A normal distribution restricted to [lower, upper], sampled by inverting its CDF.
/// Text: `truncnormal(mean: 40, sd: 20, min: 5, max: 95)`.
public struct TruncatedNormal: Distribution, Hashable {
  /// Mean and sd of the normal before truncation.
  public let mu: Double
  public let sd: Double
  public let lower: Double
  public let upper: Double
  public let isDuration: Bool

  public init(mean: Double, sd: Double, lower: Double, upper: Double, isDuration: Bool = false) {
    precondition(sd > 0 && lower < upper, "truncated normal needs sd > 0 and min < max")
    mu = mean
    self.sd = sd
    self.lower = lower
    self.upper = upper
    self.isDuration = isDuration
  }

  var alpha: Double { (lower - mu) / sd }
  var beta: Double { (upper - mu) / sd }

  public func sample(_ stream: RandomStream) -> Double {
    let u = stream.uniformPositive()
    let z: Double
    if alpha > 0 {
      // Work in the upper tail, where Q keeps precision.
      let qa = gsl_cdf_ugaussian_Q(alpha)
      let qb = gsl_cdf_ugaussian_Q(beta)
      z = gsl_cdf_ugaussian_Qinv(qa - u * (qa - qb))
    } else {
      let pa = gsl_cdf_ugaussian_P(alpha)
      let pb = gsl_cdf_ugaussian_P(beta)
      z = gsl_cdf_ugaussian_Pinv(pa + u * (pb - pa))
    }
    return min(max(mu + sd * z, lower), upper)
  }

  private var mass: Double { gsl_cdf_ugaussian_P(beta) - gsl_cdf_ugaussian_P(alpha) }

  public var mean: Double {
    mu + sd * (gsl_ran_ugaussian_pdf(alpha) - gsl_ran_ugaussian_pdf(beta)) / mass
  }

  public var variance: Double {
    let pa = gsl_ran_ugaussian_pdf(alpha)
    let pb = gsl_ran_ugaussian_pdf(beta)
    let a = alpha.isFinite ? alpha * pa : 0
    let b = beta.isFinite ? beta * pb : 0
    let ratio = (pa - pb) / mass
    return sd * sd * (1 + (a - b) / mass - ratio * ratio)
  }

  public func cdf(_ x: Double) -> Double {
    if x <= lower { return 0 }
    if x >= upper { return 1 }
    return (gsl_cdf_ugaussian_P((x - mu) / sd) - gsl_cdf_ugaussian_P(alpha)) / mass
  }
}
