/// Any distribution bgsim can read from configuration, in one value type.
///
/// Its text form is compact and round-trips: `RandomDistribution(parsing: d.description) == d`.
///
/// | form | example |
/// |---|---|
/// | constant | `30s`, `0.5` |
/// | exponential | `exponential(mean: 40m)` |
/// | normal | `normal(mean: 23h, sd: 75m)` |
/// | truncated normal | `truncnormal(mean: 40, sd: 20, min: 5, max: 95)` |
/// | log-normal | `lognormal(median: 30s, sigma: 1.7)`, `lognormal(mean: 2m, sd: 5m)` |
/// | gamma | `gamma(shape: 2, scale: 10m)` |
/// | Weibull | `weibull(shape: 0.4, scale: 250s)` |
/// | beta | `beta(a: 2, b: 5)` |
/// | Poisson | `poisson(mean: 3.5)` |
/// | Bernoulli | `bernoulli(p: 0.3)` |
/// | categorical | `categorical(values: [1, 2, 5], weights: [5, 3, 2])` |
/// | empirical | `empirical(samples: [12s, 30s, 2m])`, `empirical(x: [0s, 1m], p: [0, 1])` |
///
/// Durations take `ms`, `s`, `m`, `h` or `d` and are held in seconds.
public enum RandomDistribution: Distribution, Hashable, CustomStringConvertible {
  case constant(Constant)
  case exponential(Exponential)
  case normal(Normal)
  case truncatedNormal(TruncatedNormal)
  case logNormal(LogNormal)
  case gamma(Gamma)
  case weibull(Weibull)
  case beta(Beta)
  case poisson(Poisson)
  case bernoulli(Bernoulli)
  case categorical(Categorical)
  case empirical(Empirical)

  /// The names the text form accepts.
  public static let names = [
    "exponential", "normal", "truncnormal", "lognormal", "gamma", "weibull", "beta", "poisson",
    "bernoulli", "categorical", "empirical",
  ]

  /// The wrapped distribution.
  public var base: any Distribution {
    switch self {
    case .constant(let d): d
    case .exponential(let d): d
    case .normal(let d): d
    case .truncatedNormal(let d): d
    case .logNormal(let d): d
    case .gamma(let d): d
    case .weibull(let d): d
    case .beta(let d): d
    case .poisson(let d): d
    case .bernoulli(let d): d
    case .categorical(let d): d
    case .empirical(let d): d
    }
  }

  public func sample(_ stream: RandomStream) -> Double {
    switch self {
    case .constant(let d): d.value
    case .exponential(let d): d.sample(stream)
    case .normal(let d): d.sample(stream)
    case .truncatedNormal(let d): d.sample(stream)
    case .logNormal(let d): d.sample(stream)
    case .gamma(let d): d.sample(stream)
    case .weibull(let d): d.sample(stream)
    case .beta(let d): d.sample(stream)
    case .poisson(let d): d.sample(stream)
    case .bernoulli(let d): d.sample(stream)
    case .categorical(let d): d.sample(stream)
    case .empirical(let d): d.sample(stream)
    }
  }

  public var mean: Double { base.mean }
  public var variance: Double { base.variance }
  public func cdf(_ x: Double) -> Double { base.cdf(x) }

  /// Whether the values are durations in seconds.
  public var isDuration: Bool {
    switch self {
    case .constant(let d): d.isDuration
    case .exponential(let d): d.isDuration
    case .normal(let d): d.isDuration
    case .truncatedNormal(let d): d.isDuration
    case .logNormal(let d): d.isDuration
    case .gamma(let d): d.isDuration
    case .weibull(let d): d.isDuration
    case .categorical(let d): d.isDuration
    case .empirical(let d): d.isDuration
    case .beta, .poisson, .bernoulli: false
    }
  }

  /// The smallest value a draw can take.
  public var lowerBound: Double {
    switch self {
    case .constant(let d): d.value
    case .normal: -.infinity
    case .truncatedNormal(let d): d.lower
    case .categorical(let d): d.values.min() ?? 0
    case .empirical(let d):
      switch d.source {
      case .samples(let v): v.first ?? 0
      case .piecewise(let x, _): x.first ?? 0
      }
    default: 0
    }
  }
}
