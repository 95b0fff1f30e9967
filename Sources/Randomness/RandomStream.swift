@preconcurrency import CGSL
import Foundation

/// One independent stream of random numbers: a GSL generator (L'Ecuyer's taus113,
/// period 2¹¹³) whose whole state is derived from a 64-bit key.
///
/// taus113 rather than MT19937 because a draw costs about 2 ns instead of 7 ns here
/// and the state is 32 bytes rather than 5 KB, so a simulation can afford thousands of
/// streams.
///
/// Make streams through ``RandomStreams`` so that their keys follow the
/// (seed, replication, name) scheme. A stream is not `Sendable`: each task owns its own.
///
/// ```swift
/// let usage = RandomStreams(seed: 42, replication: 0).stream("device/7/usage")
/// let u = usage.uniform()  // in [0, 1)
/// ```
public final class RandomStream {
  @usableFromInline let rng: UnsafeMutablePointer<gsl_rng>
  /// The 64-bit key the state was derived from.
  public let key: UInt64

  /// Creates a stream whose state is derived from `key` alone.
  public init(key: UInt64) {
    prepareGSL()
    guard let rng = gsl_rng_alloc(bgsim_rng_type_taus113()) else {
      fatalError("GSL could not allocate a generator (out of memory)")
    }
    self.rng = rng
    self.key = key
    var mixer = SplitMix64(state: key)
    let a = mixer.next()
    let b = mixer.next()
    let words: [CUnsignedInt] = [
      CUnsignedInt(truncatingIfNeeded: a), CUnsignedInt(truncatingIfNeeded: a >> 32),
      CUnsignedInt(truncatingIfNeeded: b), CUnsignedInt(truncatingIfNeeded: b >> 32),
    ]
    if bgsim_taus113_fill_state(rng, words) != 0 {
      // GSL's private layout changed: fall back to its own (32-bit) seeding.
      gsl_rng_set(rng, CUnsignedLong(truncatingIfNeeded: SplitMix64.mix(key)))
    }
  }

  deinit { gsl_rng_free(rng) }

  /// A uniform draw in [0, 1).
  @inlinable
  public func uniform() -> Double { gsl_rng_uniform(rng) }

  /// A uniform draw in (0, 1): never exactly 0, safe under a logarithm.
  @inlinable
  public func uniformPositive() -> Double { gsl_rng_uniform_pos(rng) }

  /// A uniform integer in [0, n). `n` must be positive.
  @inlinable
  public func uniformInt(below n: Int) -> Int {
    precondition(n > 0, "uniformInt(below:) needs a positive bound")
    if n <= Int(UInt32.max) { return Int(gsl_rng_uniform_int(rng, CUnsignedLong(n))) }
    return Int(uniform() * Double(n)) % n
  }

  /// A uniform draw in (0, 1) made from one raw 32-bit output: (x + ½) / 2³². Cheaper
  /// than ``uniformPositive()`` (no rejection loop, no indirect double conversion),
  /// with 32 bits of resolution, which is plenty for inversion sampling.
  @inlinable
  public func uniformOpen32() -> Double {
    (Double(gsl_rng_get(rng)) + 0.5) * (1.0 / 4_294_967_296.0)
  }

  /// An exponential draw with the given mean: −mean · ln U with U uniform on (0, 1)
  /// from GSL. The same inversion as `gsl_ran_exponential`, which uses log1p(−U) on
  /// [0, 1) instead; ln is cheaper than log1p and U is never 0 here.
  @inlinable
  public func exponential(mean: Double) -> Double { -mean * Foundation.log(uniformOpen32()) }

  /// A standard normal draw (ziggurat), through GSL.
  @inlinable
  public func standardNormal() -> Double { gsl_ran_gaussian_ziggurat(rng, 1.0) }

  /// True with probability `p`.
  @inlinable
  public func bernoulli(_ p: Double) -> Bool { gsl_rng_uniform(rng) < p }
}
