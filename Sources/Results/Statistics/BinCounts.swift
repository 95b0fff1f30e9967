/// Counts per histogram bin (``PooledValues/bin(_:)``): an open-addressing table of
/// `Int32` keys with linear probing and a multiplicative hash.
///
/// A value is added at every launch row (its delay) and every owner-day (its
/// staleness); with `[Int32: Int]` each addition hashed its key with SipHash, about 1 %
/// of a run's instructions. Equal when they hold the same counts, whatever the order
/// the bins were added in.
struct BinCounts: Sendable, Equatable {
  /// Keys, `empty` where a slot is free; the capacity is a power of two.
  private var keys: [Int64]
  private var counts: [Int]
  /// Bins in use.
  private(set) var count = 0
  private var shift: Int

  private static let empty = Int64.min

  init() {
    keys = Array(repeating: Self.empty, count: 16)
    counts = Array(repeating: 0, count: 16)
    shift = 64 - 4
  }

  /// The slot of `bin`: where it is, or the free slot where it would go.
  private func slot(_ bin: Int32) -> Int {
    let mask = keys.count - 1
    var i = Int(
      truncatingIfNeeded: (UInt64(bitPattern: Int64(bin)) &* 0x9E37_79B9_7F4A_7C15) >> UInt64(shift))
    while keys[i] != Self.empty, keys[i] != Int64(bin) { i = (i + 1) & mask }
    return i
  }

  /// Adds `n` to the count of `bin`.
  mutating func add(_ bin: Int32, _ n: Int = 1) {
    var i = slot(bin)
    if keys[i] == Self.empty {
      if 2 * (count + 1) > keys.count {
        grow()
        i = slot(bin)
      }
      keys[i] = Int64(bin)
      count += 1
    }
    counts[i] += n
  }

  private mutating func grow() {
    let old = zip(keys, counts).filter { $0.0 != Self.empty }
    keys = Array(repeating: Self.empty, count: keys.count * 2)
    counts = Array(repeating: 0, count: keys.count)
    shift -= 1
    for (key, n) in old {
      let i = slot(Int32(key))
      keys[i] = key
      counts[i] = n
    }
  }

  /// The count of `bin` (0 when it has none).
  subscript(bin: Int32) -> Int {
    let i = slot(bin)
    return keys[i] == Self.empty ? 0 : counts[i]
  }

  /// Every bin in use with its count, in increasing bin order.
  func sorted() -> [(bin: Int32, count: Int)] {
    zip(keys, counts).filter { $0.0 != Self.empty }.map { (Int32($0.0), $0.1) }.sorted { $0.bin < $1.bin }
  }

  /// Adds every count of `other`.
  mutating func merge(_ other: BinCounts) {
    for (bin, n) in other.sorted() { add(bin, n) }
  }

  static func == (a: BinCounts, b: BinCounts) -> Bool {
    a.count == b.count && a.sorted().elementsEqual(b.sorted()) { $0.bin == $1.bin && $0.count == $1.count }
  }
}
