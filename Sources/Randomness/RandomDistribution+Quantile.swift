@preconcurrency import CGSL

extension RandomDistribution {
  /// The inverse of the cumulative distribution function at `u` (0 < u < 1): the value
  /// below which a share `u` of draws fall. It maps a point of a low-discrepancy sequence
  /// (``SobolSequence``) onto the distribution, as `bgsim fit` does with its priors.
  /// Nil for the discrete and empirical distributions, which have no continuous inverse.
  public func quantile(_ u: Double) -> Double? {
    let u = min(max(u, 1e-12), 1 - 1e-12)
    switch self {
    case .constant(let d): return d.value
    case .exponential(let d): return gsl_cdf_exponential_Pinv(u, d.meanValue)
    case .normal(let d): return d.meanValue + gsl_cdf_gaussian_Pinv(u, d.sd)
    case .truncatedNormal(let d):
      let below = gsl_cdf_ugaussian_P((d.lower - d.mu) / d.sd)
      let above = gsl_cdf_ugaussian_P((d.upper - d.mu) / d.sd)
      let x = d.mu + d.sd * gsl_cdf_ugaussian_Pinv(below + u * (above - below))
      return min(max(x, d.lower), d.upper)
    case .logNormal(let d): return gsl_cdf_lognormal_Pinv(u, d.mu, d.sigma)
    case .gamma(let d): return gsl_cdf_gamma_Pinv(u, d.shape, d.scale)
    case .weibull(let d): return gsl_cdf_weibull_Pinv(u, d.scale, d.shape)
    case .beta(let d): return gsl_cdf_beta_Pinv(u, d.a, d.b)
    case .poisson, .bernoulli, .categorical, .empirical: return nil
    }
  }
}
