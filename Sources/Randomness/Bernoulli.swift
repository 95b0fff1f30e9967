/// One trial that gives 1 with probability p and 0 otherwise. Text: `bernoulli(p: 0.3)`.
public struct Bernoulli: Distribution, Hashable {
  /// Probability of a 1 [0…1].
  public let p: Double

  public init(p: Double) {
    precondition((0...1).contains(p), "bernoulli p must be in [0, 1]")
    self.p = p
  }

  public func sample(_ stream: RandomStream) -> Double { stream.uniform() < p ? 1 : 0 }
  /// A draw as a Boolean.
  public func trial(_ stream: RandomStream) -> Bool { stream.uniform() < p }
  public var mean: Double { p }
  public var variance: Double { p * (1 - p) }
  public func cdf(_ x: Double) -> Double { x < 0 ? 0 : x < 1 ? 1 - p : 1 }
}
