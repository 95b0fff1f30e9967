// The slots: events kept beside the queue, at most one per slot.
extension EventQueue {

  /// Events waiting in slots.
  @inlinable public var slotCount: Int { slotMask.nonzeroBitCount }

  /// The slots' first event, if any.
  @inlinable var firstSlotted: Entry? { firstSlot >= 0 ? slotted[firstSlot] : nil }

  /// Puts `entry` in slot `slot`, which must be empty.
  @inlinable @inline(__always)
  mutating func put(_ entry: Entry, inSlot slot: Int) {
    precondition(slot >= 0 && slot < Self.slotLimit, "slot \(slot) is not in 0..<\(Self.slotLimit)")
    precondition(slotMask & (1 &<< slot) == 0, "slot \(slot) already holds an event")
    slotted[slot] = entry
    slotMask |= 1 &<< slot
    if firstSlot < 0 || entry.precedes(slotted[firstSlot]) { firstSlot = slot }
  }

  /// What an empty slot holds: it comes after every event.
  @usableFromInline static let emptySlot = Entry(time: .max, order: .max, target: 0, kind: 0, payload: 0)

  /// Finds the slot whose event comes first: a knockout of the four, by arithmetic
  /// rather than branches (empty slots hold ``emptySlot``, which loses to any event).
  @inlinable @inline(__always)
  mutating func findFirstSlot() {
    let a = slotted[1].precedes(slotted[0]) ? 1 : 0
    let b = slotted[3].precedes(slotted[2]) ? 3 : 2
    let first = slotted[b].precedes(slotted[a]) ? b : a
    firstSlot = slotMask == 0 ? -1 : first
  }

  /// Empties slot `k` if it holds the event with `sequence`.
  @inlinable @inline(__always)
  mutating func removeSlotted(sequence: UInt64, slot k: Int) {
    precondition(k >= 0 && k < Self.slotLimit, "slot \(k) is not in 0..<\(Self.slotLimit)")
    if slotMask & (1 &<< k) != 0, slotted[k].order & Self.sequenceMask == sequence { empty(slot: k) }
  }

  /// Empties the slot holding the event with `sequence`; false when no slot holds it.
  @inlinable
  mutating func removeSlotted(sequence: UInt64) -> Bool {
    var mask = slotMask
    while mask != 0 {
      let k = mask.trailingZeroBitCount
      mask &= mask &- 1
      if slotted[k].order & Self.sequenceMask == sequence {
        empty(slot: k)
        return true
      }
    }
    return false
  }

  /// Empties slot `k` (finding the first slot again if it was the first).
  @inlinable @inline(__always)
  mutating func empty(slot k: Int) {
    slotMask &= ~(1 &<< k)
    slotted[k] = Self.emptySlot
    if firstSlot == k { findFirstSlot() }
  }
}
