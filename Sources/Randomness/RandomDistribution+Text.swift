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
    /// Values that must share one kind: all durations or all plain numbers.
    func sameKind(_ a: DistributionArguments, _ pairs: [(String, Bool)]) throws(DistributionParseError)
      -> Bool
    {
      let kinds = Set(pairs.map(\.1))
      if kinds.count > 1 {
        let keys = pairs.map(\.0).joined(separator: " and ")
        throw a.fail("\(keys) must all be durations (e.g. 30s) or all plain numbers")
      }
      return pairs.first?.1 ?? false
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
      let d = try sameKind(a, [("mean", m.1), ("sd", sd.1)])
      self = .normal(Normal(mean: m.0, sd: sd.0, isDuration: d))
    case "truncnormal":
      let a = try args("mean", "sd", "min", "max")
      let sd = try a.optionalQuantity("sd")
      if let sd { try a.positive("sd", sd.0) }
      let m = try a.quantity("mean")
      guard let sd else { throw a.missing("sd") }
      let lo = try a.quantity("min")
      let hi = try a.quantity("max")
      guard lo.0 < hi.0 else { throw a.fail("min must be less than max") }
      let d = try sameKind(a, [("mean", m.1), ("sd", sd.1), ("min", lo.1), ("max", hi.1)])
      let probe = TruncatedNormal(mean: m.0, sd: sd.0, lower: lo.0, upper: hi.0, isDuration: d)
      guard probe.mean.isFinite, probe.variance > 0 else {
        throw a.fail("[min, max] lies too far in the tail of the normal to sample")
      }
      self = .truncatedNormal(probe)
    case "lognormal":
      let a = try args("median", "sigma", "mean", "sd")
      if a.has("median") || a.has("sigma") {
        if a.has("mean") || a.has("sd") {
          throw a.fail("give either median and sigma, or mean and sd, not both")
        }
        let median = try a.optionalQuantity("median")
        if let median { try a.positive("median", median.0) }
        let sigma = a.has("sigma") ? try a.number("sigma") : nil
        if let sigma { try a.positive("sigma", sigma) }
        guard let median else { throw a.missing("median") }
        guard let sigma else { throw a.missing("sigma") }
        self = .logNormal(LogNormal(median: median.0, sigma: sigma, isDuration: median.1))
      } else {
        let mean = try a.optionalQuantity("mean")
        if let mean { try a.positive("mean", mean.0) }
        let sd = try a.optionalQuantity("sd")
        if let sd { try a.positive("sd", sd.0) }
        guard let mean else { throw a.missing("median") }
        guard let sd else { throw a.missing("sd") }
        let d = try sameKind(a, [("mean", mean.1), ("sd", sd.1)])
        self = .logNormal(LogNormal(mean: mean.0, sd: sd.0, isDuration: d))
      }
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
    case "categorical":
      let a = try args("values", "weights")
      guard let weights = try a.list("weights") else { throw a.missing("weights") }
      guard !weights.isEmpty else { throw a.fail("weights must not be empty") }
      guard weights.allSatisfy({ $0.0 >= 0 && !$0.1 }) else {
        throw a.fail("weights must be plain numbers ≥ 0")
      }
      guard weights.contains(where: { $0.0 > 0 }) else { throw a.fail("at least one weight must be > 0") }
      var values: [Double]?
      var d = false
      if let v = try a.list("values") {
        guard v.count == weights.count else {
          throw a.fail("values has \(v.count) entries but weights has \(weights.count)")
        }
        d = try sameKind(a, v.enumerated().map { ("values[\($0.offset)]", $0.element.1) })
        values = v.map(\.0)
      }
      self = .categorical(Categorical(values: values, weights: weights.map(\.0), isDuration: d))
    case "empirical":
      let a = try args("samples", "x", "p")
      if let samples = try a.list("samples") {
        if a.has("x") || a.has("p") { throw a.fail("give either samples, or x and p, not both") }
        guard !samples.isEmpty else { throw a.fail("samples must not be empty") }
        let d = try sameKind(a, samples.enumerated().map { ("samples[\($0.offset)]", $0.element.1) })
        self = .empirical(Empirical(samples: samples.map(\.0), isDuration: d))
      } else {
        guard let x = try a.list("x") else { throw a.missing("samples") }
        guard let p = try a.list("p") else { throw a.missing("p") }
        guard x.count == p.count, x.count >= 2 else {
          throw a.fail("x and p must have the same length, at least 2")
        }
        guard zip(x, x.dropFirst()).allSatisfy({ $0.0 < $1.0 }) else {
          throw a.fail("x must be strictly increasing")
        }
        guard p.allSatisfy({ !$0.1 && (0...1).contains($0.0) }),
          zip(p, p.dropFirst()).allSatisfy({ $0.0 <= $1.0 }), p.first!.0 == 0, p.last!.0 == 1
        else { throw a.fail("p must be plain numbers rising from 0 to 1") }
        let d = try sameKind(a, x.enumerated().map { ("x[\($0.offset)]", $0.element.1) })
        self = .empirical(Empirical(x: x.map(\.0), p: p.map(\.0), isDuration: d))
      }
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
