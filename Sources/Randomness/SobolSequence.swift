@preconcurrency import CGSL

/// Sobol's low-discrepancy sequence in [0, 1)^d, from GSL, for sampling parameter sweeps.
/// Points fill the unit cube far more evenly than independent uniform draws.
///
/// ```swift
/// let sobol = SobolSequence(dimensions: 2)!
/// let point = sobol.next()  // [x, y]
/// ```
public final class SobolSequence {
  /// The largest dimension GSL's Sobol generator supports.
  public static let maximumDimensions = 40

  let qrng: UnsafeMutablePointer<gsl_qrng>
  public let dimensions: Int

  /// Creates a sequence in `dimensions` dimensions [1…40]; nil outside that range.
  public init?(dimensions: Int) {
    guard (1...Self.maximumDimensions).contains(dimensions) else { return nil }
    prepareGSL()
    guard let q = gsl_qrng_alloc(bgsim_qrng_type_sobol(), CUnsignedInt(dimensions)) else { return nil }
    qrng = q
    self.dimensions = dimensions
  }

  deinit { gsl_qrng_free(qrng) }

  /// The next point of the sequence.
  public func next() -> [Double] {
    var point = [Double](repeating: 0, count: dimensions)
    point.withUnsafeMutableBufferPointer { _ = gsl_qrng_get(qrng, $0.baseAddress) }
    return point
  }
}
