// Heap mode: below `heapLimit` entries the queue is a binary heap.
extension EventQueue {

  /// Sift-up insertion into the heap in `slots[0..<total]`.
  @inlinable @inline(__always)
  mutating func heapPush(_ new: Entry) {
    total &+= 1
    siftUp(new, from: total &- 1)
  }

  /// Puts `entry` in the hole at `i` or above it, moving the parents it precedes down.
  @inlinable @inline(__always)
  mutating func siftUp(_ entry: Entry, from hole: Int) {
    var i = hole
    while i > 0 {
      let parent = (i &- 1) &>> 1
      let p = slots[parent]
      if !entry.precedes(p) { break }
      slots[i] = p
      i = parent
    }
    slots[i] = entry
  }

  /// Puts `entry` in the hole at `i` or below it in `slots[0..<n]`, moving the earlier
  /// child up at each level.
  @inlinable @inline(__always)
  mutating func siftDown(_ entry: Entry, from hole: Int, count n: Int) {
    var i = hole
    while true {
      var child = 2 &* i &+ 1
      if child >= n { break }
      // The smaller child, chosen by arithmetic rather than by a branch.
      if child &+ 1 < n { child &+= slots[child &+ 1].precedes(slots[child]) ? 1 : 0 }
      if !slots[child].precedes(entry) { break }
      slots[i] = slots[child]
      i = child
    }
    slots[i] = entry
  }

  /// Removes the entry with `sequence` if the queue is a heap and holds it; returns
  /// whether it did. A small queue is scanned in full (at most ``heapLimit`` entries):
  /// cheaper than leaving a cancelled entry to deepen the heap until its time comes,
  /// then popping and dropping it.
  @usableFromInline
  mutating func removeFromHeap(sequence: UInt64) -> Bool {
    guard isHeap else { return false }
    var i = 0
    while i < total, slots[i].order & Self.sequenceMask != sequence { i &+= 1 }
    guard i < total else { return false }
    total &-= 1
    let n = total
    guard i < n else { return true }
    // The last entry fills the hole, moving up or down to where it belongs.
    let last = slots[n]
    if i > 0, last.precedes(slots[(i &- 1) &>> 1]) {
      siftUp(last, from: i)
    } else {
      siftDown(last, from: i, count: n)
    }
    return true
  }

  /// Removes the heap's root.
  @inlinable @inline(__always)
  mutating func heapPop() -> Entry {
    let root = slots[0]
    total &-= 1
    if total > 0 { siftDown(slots[total], from: 0, count: total) }
    return root
  }

  /// Files the heap's entries into a calendar.
  @usableFromInline
  mutating func becomeCalendar() {
    let entries = allEntries()
    isHeap = false
    rebuild(bucketCount: Self.minimumBuckets, entries: entries)
    while total > bucketCount { rebuild(bucketCount: bucketCount &* 2) }
  }

  /// Turns a sparse calendar back into a heap.
  @usableFromInline
  mutating func becomeHeap() {
    var entries = allEntries()
    entries.sort { $0.precedes($1) }  // a sorted array is a heap
    Self.free(slots, counts, overflow, bucketCount)
    bucketCount = Self.minimumBuckets
    (slots, counts, overflow) = Self.allocate(bucketCount)
    for (i, e) in entries.enumerated() { slots[i] = e }
    isHeap = true
    cachedBucket = -1
    scanWork = 0
    removalsInPeriod = 0
  }
}
