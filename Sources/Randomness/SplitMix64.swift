/// SplitMix64 (Steele, Lea and Flood, 2014): a tiny 64-bit generator used only to turn
/// stream keys into well-mixed seed material. Draws for models come from GSL.
struct SplitMix64 {
  var state: UInt64

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// Mixes one 64-bit value into a well-spread one.
  static func mix(_ value: UInt64) -> UInt64 {
    var g = SplitMix64(state: value)
    return g.next()
  }
}

/// FNV-1a over UTF-8 bytes: a stable 64-bit hash of a stream name. Swift's `hashValue`
/// is seeded per process, so it cannot be used for anything that must repeat.
func fnv1a64(_ text: String) -> UInt64 {
  var hash: UInt64 = 0xcbf2_9ce4_8422_2325
  for byte in text.utf8 {
    hash ^= UInt64(byte)
    hash = hash &* 0x0000_0100_0000_01B3
  }
  return hash
}
