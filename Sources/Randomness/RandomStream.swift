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
  /// The generator's state, when it has the layout of GSL's taus113 (checked when the
  /// stream is made; nil otherwise): uniform draws then step it here, by the same
  /// recurrence, instead of through GSL's two calls by function pointer per draw. GSL's
  /// own distributions step the same state, so the sequence is one and the same.
  @usableFromInline let state: UnsafeMutablePointer<bgsim_taus113_state>?
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
      state = nil
    } else {
      state = gsl_rng_state(rng).assumingMemoryBound(to: bgsim_taus113_state.self)
    }
  }

  deinit { gsl_rng_free(rng) }

  /// The generator's next 32-bit output. L'Ecuyer's taus113 (Mathematics of
  /// Computation 68, 1999): four Tausworthe components with (k, q, s) = (31, 6, 18),
  /// (29, 2, 2), (28, 13, 7) and (25, 3, 13), each shifting in new bits and keeping its
  /// top k, the output their exclusive or; the values GSL's taus113 gives.
  @inlinable @inline(__always)
  func nextWord() -> UInt32 {
    guard let s = state else { return UInt32(truncatingIfNeeded: gsl_rng_get(rng)) }
    @inline(__always)
    func step(_ z: CUnsignedLong, _ mask: UInt32, _ q: UInt32, _ shift: UInt32, _ s: UInt32) -> UInt32 {
      let z = UInt32(truncatingIfNeeded: z)
      return ((z & mask) &<< s) ^ (((z &<< q) ^ z) &>> shift)
    }
    let z1 = step(s.pointee.z1, 0xFFFF_FFFE, 6, 13, 18)
    let z2 = step(s.pointee.z2, 0xFFFF_FFF8, 2, 27, 2)
    let z3 = step(s.pointee.z3, 0xFFFF_FFF0, 13, 21, 7)
    let z4 = step(s.pointee.z4, 0xFFFF_FF80, 3, 12, 13)
    s.pointee = bgsim_taus113_state(
      z1: CUnsignedLong(z1), z2: CUnsignedLong(z2), z3: CUnsignedLong(z3), z4: CUnsignedLong(z4))
    return z1 ^ z2 ^ z3 ^ z4
  }

  /// A uniform draw in [0, 1): the next output over 2³², as GSL's `gsl_rng_uniform`.
  @inlinable @inline(__always)
  public func uniform() -> Double { Double(nextWord()) / 4_294_967_296.0 }

  /// `gsl_rng_uniform` itself, for checking ``uniform()`` against it.
  func uniformThroughGSL() -> Double { gsl_rng_uniform(rng) }

  /// A uniform draw in (0, 1): never exactly 0, safe under a logarithm (zeros are
  /// drawn again, as GSL's `gsl_rng_uniform_pos` does).
  @inlinable
  public func uniformPositive() -> Double {
    while true {
      let u = uniform()
      if u != 0 { return u }
    }
  }

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
  @inlinable @inline(__always)
  public func uniformOpen32() -> Double {
    (Double(nextWord()) + 0.5) * (1.0 / 4_294_967_296.0)
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
  public func bernoulli(_ p: Double) -> Bool { uniform() < p }
}
