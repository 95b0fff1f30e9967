import Randomness

/// Whether the days a warm-up keeps have settled, when the MSER rule stopped at the end
/// of its search (``StartupTransient``): a test with stated tolerances on their
/// least-squares slope `b` over the day number and its standard error `se` (residual
/// scatter, m − 2 degrees of freedom for m days), at one-sided 95 % (`t = t(0.95, m − 2)`).
///
/// - ``rising``: `b > t·se`, a rise the scatter does not explain.
/// - ``settled``: the largest rise the test leaves open over the kept days,
///   `(b + t·se)·(m − 1)`, is at most ``tolerance`` of their mean: a flat tail.
/// - ``undecided``: neither; too few or too scattered days to tell (always under 3 days,
///   which leave no scatter to judge a slope by).
///
/// A slope under 10⁻⁹ of the level a day is taken as 0 (the rounding of a flat series).
public enum TailTrend: Sendable, Equatable {
  case settled, undecided, rising

  /// The share of the kept days' mean that a rise over them may reach and still be
  /// called settled [share]: 10 %, a bias of the summary's mean of at most about 5 %
  /// (half the rise), below the spread of the owners the intervals carry. Source: none.
  public static let tolerance = 0.10

  public init(_ tail: [Double]) {
    let m = tail.count
    // Two days leave no scatter to judge a slope by.
    guard m >= 3 else {
      self = .undecided
      return
    }
    let xMean = Double(m - 1) / 2
    let yMean = tail.reduce(0, +) / Double(m)
    var sxx = 0.0
    var sxy = 0.0
    for (i, y) in tail.enumerated() {
      sxx += (Double(i) - xMean) * (Double(i) - xMean)
      sxy += (Double(i) - xMean) * (y - yMean)
    }
    let rounding = 1e-9 * max(1, abs(yMean))
    let slope = abs(sxy / sxx) < rounding ? 0 : sxy / sxx
    var squares = 0.0
    for (i, y) in tail.enumerated() {
      let residual = y - yMean - slope * (Double(i) - xMean)
      squares += residual * residual
    }
    let standardError = (squares / Double(m - 2) / sxx).squareRoot()
    // Two-sided 90 % is one-sided 95 %.
    let bound = Statistics.tQuantile(level: 0.90, degreesOfFreedom: Double(m - 2)) * standardError
    if slope > max(bound, rounding) {
      self = .rising
    } else if (slope + bound) * Double(m - 1) <= Self.tolerance * abs(yMean) {
      self = .settled
    } else {
      self = .undecided
    }
  }
}
