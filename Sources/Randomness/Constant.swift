/// A value that is always the same. Text: the bare value, e.g. `30s` or `0.5`.
public struct Constant: Distribution, Hashable {
  public let value: Double
  public let isDuration: Bool

  public init(_ value: Double, isDuration: Bool = true) {
    self.value = value
    self.isDuration = isDuration
  }

  public func sample(_ stream: RandomStream) -> Double { value }
  public var mean: Double { value }
  public var variance: Double { 0 }
  public func cdf(_ x: Double) -> Double { x < value ? 0 : 1 }
}
