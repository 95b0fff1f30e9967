/// The tests' fixed pseudo-random sequence (Marsaglia's xorshift64): the same numbers on
/// every run and machine, with no dependency beyond the kernel.
struct XorShift {
  var state: UInt64

  /// A generator for `seed` (any value; zero is avoided).
  init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 | 1 }

  mutating func next() -> UInt64 {
    state ^= state << 13
    state ^= state >> 7
    state ^= state << 17
    return state
  }
}
