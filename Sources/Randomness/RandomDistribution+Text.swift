extension RandomDistribution {
  /// Reads the text form. Throws an error naming the text and what is wrong with it.
  public init(parsing text: String) throws(DistributionParseError) {
    let call = try DistributionCall.parse(text)
    guard let name = call.name else {
      let (value, isDuration) = call.bare!
      self = .constant(Constant(value, isDuration: isDuration))
      return
    }
    func args(_ allowed: String...) throws(DistributionParseError) -> DistributionArguments {
      try DistributionArguments(call: call, text: text, allowed: allowed)
    }
    switch name {
    case "exponential":
      let a = try args("mean")
      let (m, d) = try a.quantity("mean")
      try a.positive("mean", m)
      self = .exponential(Exponential(mean: m, isDuration: d))
    case "normal":
      let a = try args("mean", "sd")
      let sd = try a.optionalQuantity("sd")
      if let sd { try a.positive("sd", sd.0) }
      let m = try a.quantity("mean")
      guard let sd else { throw a.missing("sd") }
      let d = try a.sameKind([("mean", m.1), ("sd", sd.1)])
      self = .normal(Normal(mean: m.0, sd: sd.0, isDuration: d))
    case "truncnormal": self = try Self.parsedTruncNormal(args("mean", "sd", "min", "max"))
    case "lognormal": self = try Self.parsedLogNormal(args("median", "sigma", "mean", "sd"))
    case "gamma", "weibull":
      let a = try args("shape", "scale")
      let shape = a.has("shape") ? try a.number("shape") : nil
      if let shape { try a.positive("shape", shape) }
      let scale = try a.optionalQuantity("scale")
      if let scale { try a.positive("scale", scale.0) }
      guard let shape else { throw a.missing("shape") }
      guard let scale else { throw a.missing("scale") }
      self =
        name == "gamma"
        ? .gamma(Gamma(shape: shape, scale: scale.0, isDuration: scale.1))
        : .weibull(Weibull(shape: shape, scale: scale.0, isDuration: scale.1))
    case "beta":
      let a = try args("a", "b")
      let x = a.has("a") ? try a.number("a") : nil
      if let x { try a.positive("a", x) }
      let y = a.has("b") ? try a.number("b") : nil
      if let y { try a.positive("b", y) }
      guard let x else { throw a.missing("a") }
      guard let y else { throw a.missing("b") }
      self = .beta(Beta(a: x, b: y))
    case "poisson":
      let a = try args("mean")
      let m = try a.number("mean")
      try a.positive("mean", m)
      self = .poisson(Poisson(mean: m))
    case "bernoulli":
      let a = try args("p")
      let p = try a.number("p")
      guard (0...1).contains(p) else { throw a.fail("p must be in [0, 1]") }
      self = .bernoulli(Bernoulli(p: p))
    case "categorical": self = try Self.parsedCategorical(args("values", "weights"))
    case "empirical": self = try Self.parsedEmpirical(args("samples", "x", "p"))
    default:
      throw DistributionParseError(
        text: text,
        problem:
          "unknown distribution '\(name)'\(NearestName.hint(name, among: Self.names)) (known: \(Self.names.joined(separator: ", ")))"
      )
    }
  }

  /// The compact text form, which parses back to an equal value.
  public var description: String {
    func q(_ v: Double, _ duration: Bool) -> String {
      duration ? DurationText.format(seconds: v) : DurationText.formatNumber(v)
    }
    func n(_ v: Double) -> String { DurationText.formatNumber(v) }
    func list(_ vs: [Double], _ duration: Bool) -> String {
      "[" + vs.map { q($0, duration) }.joined(separator: ", ") + "]"
    }
    switch self {
    case .constant(let d):
      return q(d.value, d.isDuration)
    case .exponential(let d):
      return "exponential(mean: \(q(d.meanValue, d.isDuration)))"
    case .normal(let d):
      return "normal(mean: \(q(d.meanValue, d.isDuration)), sd: \(q(d.sd, d.isDuration)))"
    case .truncatedNormal(let d):
      let u = d.isDuration
      return
        "truncnormal(mean: \(q(d.mu, u)), sd: \(q(d.sd, u)), min: \(q(d.lower, u)), max: \(q(d.upper, u)))"
    case .logNormal(let d):
      switch d.parameters {
      case .median(let m, let s): return "lognormal(median: \(q(m, d.isDuration)), sigma: \(n(s)))"
      case .mean(let m, let s): return "lognormal(mean: \(q(m, d.isDuration)), sd: \(q(s, d.isDuration)))"
      }
    case .gamma(let d):
      return "gamma(shape: \(n(d.shape)), scale: \(q(d.scale, d.isDuration)))"
    case .weibull(let d):
      return "weibull(shape: \(n(d.shape)), scale: \(q(d.scale, d.isDuration)))"
    case .beta(let d):
      return "beta(a: \(n(d.a)), b: \(n(d.b)))"
    case .poisson(let d):
      return "poisson(mean: \(n(d.meanValue)))"
    case .bernoulli(let d):
      return "bernoulli(p: \(n(d.p)))"
    case .categorical(let d):
      let w = list(d.weights, false)
      return d.hasExplicitValues
        ? "categorical(values: \(list(d.values, d.isDuration)), weights: \(w))" : "categorical(weights: \(w))"
    case .empirical(let d):
      switch d.source {
      case .samples(let s): return "empirical(samples: \(list(s, d.isDuration)))"
      case .piecewise(let x, let p): return "empirical(x: \(list(x, d.isDuration)), p: \(list(p, false)))"
      }
    }
  }
}
