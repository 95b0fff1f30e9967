/// A choice among values with given weights. Text: `categorical(values: [1, 2, 5],
/// weights: [0.5, 0.3, 0.2])`; without `values` the outcomes are the indices 0, 1, 2, ….
public struct Categorical: Distribution, Hashable {
  public let values: [Double]
  /// Relative weights (they need not sum to 1).
  public let weights: [Double]
  public let isDuration: Bool
  /// Whether `values` were given explicitly (else they are the indices).
  public let hasExplicitValues: Bool
  let cumulative: [Double]

  public init(values: [Double]? = nil, weights: [Double], isDuration: Bool = false) {
    precondition(!weights.isEmpty && weights.allSatisfy { $0 >= 0 } && weights.contains { $0 > 0 })
    precondition(values == nil || values!.count == weights.count)
    self.values = values ?? weights.indices.map(Double.init)
    hasExplicitValues = values != nil
    self.weights = weights
    self.isDuration = isDuration
    let total = weights.reduce(0, +)
    var running = 0.0
    cumulative = weights.map {
      running += $0 / total
      return running
    }
  }

  /// Index of the outcome drawn.
  public func index(_ stream: RandomStream) -> Int {
    let u = stream.uniform()
    var lo = 0
    var hi = cumulative.count - 1
    while lo < hi {
      let mid = (lo + hi) / 2
      if u < cumulative[mid] { hi = mid } else { lo = mid + 1 }
    }
    return lo
  }

  public func sample(_ stream: RandomStream) -> Double { values[index(stream)] }

  var probabilities: [Double] {
    let total = weights.reduce(0, +)
    return weights.map { $0 / total }
  }
  public var mean: Double { zip(values, probabilities).reduce(0) { $0 + $1.0 * $1.1 } }
  public var variance: Double {
    let m = mean
    return zip(values, probabilities).reduce(0) { $0 + ($1.0 - m) * ($1.0 - m) * $1.1 }
  }
  public func cdf(_ x: Double) -> Double {
    zip(values, probabilities).reduce(0) { $0 + ($1.0 <= x ? $1.1 : 0) }
  }
}
