extension Statistics {
  /// `values` in ascending order, as `sorted()` gives them, by a least-significant-digit
  /// radix sort on their bits: a bootstrap sorts about 2,000 replicates per interval, and
  /// the generic comparison sort took 3 % of a run of 40 apps (callgrind). A byte that
  /// every value shares is not sorted on. Values are ordered as `<` orders them, −0 and
  /// +0 included (−0 first, which `<` leaves in either order); NaN goes first (with the
  /// sign bit) or last.
  public static func sortedAscending(_ values: [Double]) -> [Double] {
    let n = values.count
    guard n > 1 else { return values }
    var keys = [UInt64](repeating: 0, count: n)
    var spare = keys
    var counts = [Int](repeating: 0, count: 8 * 256)
    keys.withUnsafeMutableBufferPointer { keys in
      spare.withUnsafeMutableBufferPointer { spare in
        counts.withUnsafeMutableBufferPointer { counts in
          // A key whose unsigned order is the values' order: a negative value's bits
          // all flipped, a positive value's sign bit set; each byte's histogram.
          for (j, v) in values.enumerated() {
            let b = v.bitPattern
            let k = b >> 63 == 1 ? ~b : b | (1 << 63)
            keys[j] = k
            for byte in 0..<8 {
              counts[byte &* 256 &+ Int(truncatingIfNeeded: (k >> (byte &* 8)) & 0xFF)] &+= 1
            }
          }
          var (from, to) = (keys, spare)
          for byte in 0..<8 {
            let base = byte &* 256
            let shift = UInt64(byte &* 8)
            if counts[base &+ Int(truncatingIfNeeded: (from[0] >> shift) & 0xFF)] == n { continue }
            var start = 0
            for d in base..<(base + 256) {
              let c = counts[d]
              counts[d] = start
              start &+= c
            }
            for k in from {
              let d = base &+ Int(truncatingIfNeeded: (k >> shift) & 0xFF)
              to[counts[d]] = k
              counts[d] &+= 1
            }
            swap(&from, &to)
          }
          // The last pass may have left the keys in the spare buffer.
          if from.baseAddress != keys.baseAddress { _ = keys.update(fromContentsOf: from) }
        }
      }
    }
    return keys.map { k in Double(bitPattern: k >> 63 == 1 ? k & ~(1 << 63) : ~k) }
  }
}
