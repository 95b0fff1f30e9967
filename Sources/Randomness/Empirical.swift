/// A distribution read from data: either observed samples (drawn with equal weight) or
/// a piecewise-linear CDF through points (x, p).
/// Text: `empirical(samples: [12s, 30s, 2m])` or `empirical(x: [0s, 1m, 10m], p: [0, 0.8, 1])`.
public struct Empirical: Distribution, Hashable {
  public enum Source: Hashable, Sendable {
    /// Observed values, sorted.
    case samples([Double])
    /// CDF points: x increasing, p non-decreasing from 0 to 1.
    case piecewise(x: [Double], p: [Double])
  }

  public let source: Source
  public let isDuration: Bool

  public init(samples: [Double], isDuration: Bool = true) {
    precondition(!samples.isEmpty && samples.allSatisfy(\.isFinite))
    source = .samples(samples.sorted())
    self.isDuration = isDuration
  }

  public init(x: [Double], p: [Double], isDuration: Bool = true) {
    precondition(x.count == p.count && x.count >= 2)
    source = .piecewise(x: x, p: p)
    self.isDuration = isDuration
  }

  public func sample(_ stream: RandomStream) -> Double {
    switch source {
    case .samples(let values):
      return values[stream.uniformInt(below: values.count)]
    case .piecewise(let x, let p):
      let u = stream.uniform()
      var i = 1
      while i < p.count - 1 && p[i] <= u { i += 1 }
      let width = p[i] - p[i - 1]
      if width <= 0 { return x[i] }
      return x[i - 1] + (u - p[i - 1]) / width * (x[i] - x[i - 1])
    }
  }

  /// First and second raw moments.
  private var moments: (Double, Double) {
    switch source {
    case .samples(let values):
      let n = Double(values.count)
      return (values.reduce(0, +) / n, values.reduce(0) { $0 + $1 * $1 } / n)
    case .piecewise(let x, let p):
      var m1 = 0.0
      var m2 = 0.0
      for i in 1..<x.count {
        let mass = p[i] - p[i - 1]
        let a = x[i - 1]
        let b = x[i]
        m1 += mass * (a + b) / 2
        m2 += mass * (a * a + a * b + b * b) / 3
      }
      return (m1, m2)
    }
  }

  public var mean: Double { moments.0 }
  public var variance: Double {
    let (m1, m2) = moments
    return m2 - m1 * m1
  }

  public func cdf(_ value: Double) -> Double {
    switch source {
    case .samples(let values):
      var lo = 0
      var hi = values.count
      while lo < hi {
        let mid = (lo + hi) / 2
        if values[mid] <= value { lo = mid + 1 } else { hi = mid }
      }
      return Double(lo) / Double(values.count)
    case .piecewise(let x, let p):
      if value <= x[0] { return p[0] }
      for i in 1..<x.count where value < x[i] {
        return p[i - 1] + (value - x[i - 1]) / (x[i] - x[i - 1]) * (p[i] - p[i - 1])
      }
      return 1
    }
  }
}
