import FileFormats

extension ValidationCase {
  /// How a one-phone case's real figure meets the owners' spread.
  public enum Reading: Sendable, Equatable {
    /// One value: the phone's figure, or the reading of the range its report gives.
    case point(Double)
    /// Both ends of the reported range, each inside the spread.
    case ends

    /// The values that must lie inside the owners' spread.
    func values(of real: ClosedRange<Double>) -> [Double] {
      switch self {
      case .point(let x): [x]
      case .ends: real.lowerBound == real.upperBound ? [real.lowerBound] : [real.lowerBound, real.upperBound]
      }
    }

    /// `scorecard.csv`'s `reading` column: the point, or `ends`.
    var text: String {
      switch self {
      case .point(let x): Format.compact(x)
      case .ends: "ends"
      }
    }
  }

  /// `x` rounded to the report's ``precision`` (to the nearest unit, halves up); `x`
  /// itself without one.
  public func atPrecision(_ x: Double) -> Double {
    guard let precision else { return x }
    return (x / precision).rounded(.toNearestOrAwayFromZero) * precision
  }

  /// Whether the case is judged on constants read from it (`fitted`) or not (`held`).
  public var provenance: String { fitted == nil ? "held" : "fitted" }
}
