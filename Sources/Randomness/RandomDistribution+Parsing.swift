extension RandomDistribution {
  /// `truncnormal(…)`, its arguments checked.
  static func parsedTruncNormal(_ a: DistributionArguments) throws(DistributionParseError) -> Self {
    let sd = try a.optionalQuantity("sd")
    if let sd { try a.positive("sd", sd.0) }
    let m = try a.quantity("mean")
    guard let sd else { throw a.missing("sd") }
    let lo = try a.quantity("min")
    let hi = try a.quantity("max")
    guard lo.0 < hi.0 else { throw a.fail("min must be less than max") }
    let d = try a.sameKind([("mean", m.1), ("sd", sd.1), ("min", lo.1), ("max", hi.1)])
    let probe = TruncatedNormal(mean: m.0, sd: sd.0, lower: lo.0, upper: hi.0, isDuration: d)
    guard probe.mean.isFinite, probe.variance > 0 else {
      throw a.fail("[min, max] lies too far in the tail of the normal to sample")
    }
    return .truncatedNormal(probe)
  }

  /// `lognormal(…)`, its arguments checked.
  static func parsedLogNormal(_ a: DistributionArguments) throws(DistributionParseError) -> Self {
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
      return .logNormal(LogNormal(median: median.0, sigma: sigma, isDuration: median.1))
    } else {
      let mean = try a.optionalQuantity("mean")
      if let mean { try a.positive("mean", mean.0) }
      let sd = try a.optionalQuantity("sd")
      if let sd { try a.positive("sd", sd.0) }
      guard let mean else { throw a.missing("median") }
      guard let sd else { throw a.missing("sd") }
      let d = try a.sameKind([("mean", mean.1), ("sd", sd.1)])
      return .logNormal(LogNormal(mean: mean.0, sd: sd.0, isDuration: d))
    }
  }

  /// `categorical(…)`, its arguments checked.
  static func parsedCategorical(_ a: DistributionArguments) throws(DistributionParseError) -> Self {
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
      d = try a.sameKind(v.enumerated().map { ("values[\($0.offset)]", $0.element.1) })
      values = v.map(\.0)
    }
    return .categorical(Categorical(values: values, weights: weights.map(\.0), isDuration: d))
  }

  /// `empirical(…)`, its arguments checked.
  static func parsedEmpirical(_ a: DistributionArguments) throws(DistributionParseError) -> Self {
    if let samples = try a.list("samples") {
      if a.has("x") || a.has("p") { throw a.fail("give either samples, or x and p, not both") }
      guard !samples.isEmpty else { throw a.fail("samples must not be empty") }
      let d = try a.sameKind(samples.enumerated().map { ("samples[\($0.offset)]", $0.element.1) })
      return .empirical(Empirical(samples: samples.map(\.0), isDuration: d))
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
      let d = try a.sameKind(x.enumerated().map { ("x[\($0.offset)]", $0.element.1) })
      return .empirical(Empirical(x: x.map(\.0), p: p.map(\.0), isDuration: d))
    }
  }
}

extension DistributionArguments {
  /// Whether values that must share one kind (all durations or all plain numbers) are
  /// durations; throws when they mix.
  func sameKind(_ pairs: [(String, Bool)]) throws(DistributionParseError) -> Bool {
    let kinds = Set(pairs.map(\.1))
    if kinds.count > 1 {
      let keys = pairs.map(\.0).joined(separator: " and ")
      throw fail("\(keys) must all be durations (e.g. 30s) or all plain numbers")
    }
    return pairs.first?.1 ?? false
  }
}
