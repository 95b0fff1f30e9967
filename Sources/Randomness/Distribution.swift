/// A probability distribution over real numbers that can be sampled from a stream.
///
/// Durations are in seconds. Conforming types are small value types; their text form
/// (``RandomDistribution``) is what configuration files use.
public protocol Distribution: Sendable {
  /// One draw from `stream`.
  func sample(_ stream: RandomStream) -> Double
  /// The expected value.
  var mean: Double { get }
  /// The variance.
  var variance: Double { get }
  /// P(X ≤ x).
  func cdf(_ x: Double) -> Double
}
