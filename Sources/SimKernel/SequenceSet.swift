/// A set of event sequence numbers (each below 2^56): the event loop's cancelled events.
///
/// Open addressing with linear probing and backward-shift deletion, in a power-of-two
/// table at most half full. `Set<UInt64>` did the same job, but hashing each key with
/// SipHash cost more than the rest of a cancel or a pop; sequence numbers are already
/// well spread, so a multiplicative hash is enough. Order of iteration is never used
/// for anything but order-free work (rebuilding a bit filter, purging), so it cannot
/// change a run.
@usableFromInline
struct SequenceSet: Sendable {
  /// The table; `empty` marks a free slot.
  @usableFromInline var slots: [UInt64]
  @usableFromInline private(set) var count = 0

  @usableFromInline static let empty = UInt64.max

  @usableFromInline
  init() { slots = Array(repeating: Self.empty, count: 16) }

  @usableFromInline var isEmpty: Bool { count == 0 }

  @inlinable @inline(__always)
  func home(_ key: UInt64) -> Int {
    // Fibonacci hashing: the top bits of key × 2^64/φ.
    let bits = UInt64(slots.count.trailingZeroBitCount)
    return Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> (64 &- bits))
  }

  /// Adds `key`; returns false when it was already there.
  @usableFromInline
  @discardableResult
  mutating func insert(_ key: UInt64) -> Bool {
    if (count + 1) * 2 > slots.count { grow() }
    let mask = slots.count - 1
    var i = home(key)
    while slots[i] != Self.empty {
      if slots[i] == key { return false }
      i = (i + 1) & mask
    }
    slots[i] = key
    count += 1
    return true
  }

  /// Removes `key`; returns whether it was there.
  @usableFromInline
  mutating func remove(_ key: UInt64) -> Bool {
    let mask = slots.count - 1
    var i = home(key)
    while slots[i] != key {
      if slots[i] == Self.empty { return false }
      i = (i + 1) & mask
    }
    // Backward shift: move later members of the probe run into the hole when the hole
    // lies between their home and their slot, so lookups never meet a false gap.
    var hole = i
    var j = (i + 1) & mask
    while slots[j] != Self.empty {
      let h = home(slots[j])
      let distanceToHole = (hole - h) & mask
      let distanceToSlot = (j - h) & mask
      if distanceToHole < distanceToSlot {
        slots[hole] = slots[j]
        hole = j
      }
      j = (j + 1) & mask
    }
    slots[hole] = Self.empty
    count -= 1
    return true
  }

  func contains(_ key: UInt64) -> Bool {
    let mask = slots.count - 1
    var i = home(key)
    while slots[i] != Self.empty {
      if slots[i] == key { return true }
      i = (i + 1) & mask
    }
    return false
  }

  /// The members, in table order.
  var members: [UInt64] { slots.filter { $0 != Self.empty } }

  /// Keeps only the members for which `keep` is true.
  mutating func keep(where keep: (UInt64) -> Bool) {
    let old = members
    slots = Array(repeating: Self.empty, count: slots.count)
    count = 0
    for key in old where keep(key) { insert(key) }
  }

  mutating func grow() {
    let old = members
    slots = Array(repeating: Self.empty, count: slots.count * 2)
    count = 0
    for key in old { insert(key) }
  }
}
