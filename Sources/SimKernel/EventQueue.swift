/// The pending events, ordered by (time, priority, sequence).
///
/// A calendar queue (Brown, 1988): time is cut into windows of `width` µs and window k
/// belongs to bucket k mod `bucketCount`, like days on a desk calendar whose pages are
/// reused each year. Adding an event appends it to its bucket. Removing the minimum
/// scans the current bucket for the earliest entry inside the current window, moving
/// to the next bucket when there is none. The queue keeps about one to two entries per
/// bucket by doubling or halving the bucket count, and it re-derives the width from the
/// spacing of the earliest entries whenever it resizes or notices that scans have grown
/// long. A simulation clock never goes backwards, so no entry lies before the window
/// being read.
///
/// A queue of a few dozen entries is kept as a binary heap instead (in the first
/// buckets' storage): a model such as one simulated phone has ~20 events pending that
/// span a day, most of them in the next few minutes, which a calendar sized by the mean
/// spacing files into one or two windows and then scans entry by entry (and spills
/// into overflow storage). The queue turns into a calendar above ``heapLimit`` entries
/// and back when a review finds fewer than a quarter of that. Both keep the same total
/// order, so which one is in use never changes a run.
///
/// The buckets live in memory the queue owns outright, so the type is non-copyable:
/// that keeps copy-on-write checks off the hot path.
///
/// - Complexity: `push` and `popMin` O(1) expected when event times are spread out; an
///   event that shares its window with k others costs O(k) to remove. O(log n) while
///   the queue is a heap.
public struct EventQueue: ~Copyable, @unchecked Sendable {
  /// One pending event, packed into 32 bytes.
  @usableFromInline
  struct Entry: Sendable {
    /// Event time [µs].
    @usableFromInline var time: Int64
    /// Biased priority in the top 8 bits, sequence number in the low 56.
    @usableFromInline var order: UInt64
    @usableFromInline var target: UInt32
    @usableFromInline var kind: UInt32
    @usableFromInline var payload: Int64

    @inlinable
    init(time: Int64, order: UInt64, target: UInt32, kind: UInt32, payload: Int64) {
      self.time = time
      self.order = order
      self.target = target
      self.kind = kind
      self.payload = payload
    }

    @inlinable @inline(__always)
    func precedes(_ other: Entry) -> Bool {
      // One 128-bit comparison (time in the high half, signed; order in the low half,
      // unsigned), which compiles to flags and a set, not to two branches: in a heap
      // the outcome is a coin toss, and each mispredicted branch cost more than the
      // comparison.
      (Int128(time) &<< 64) | Int128(order) < (Int128(other.time) &<< 64) | Int128(other.order)
    }
  }

  /// Overflow storage of a bucket that holds more than ``slotsPerBucket`` entries.
  @usableFromInline
  struct Overflow {
    @usableFromInline var base: UnsafeMutablePointer<Entry>?
    @usableFromInline var capacity: Int

    @inlinable init() {
      base = nil
      capacity = 0
    }
  }

  /// Number of bits of `order` that hold the sequence number.
  @usableFromInline static let sequenceBits: UInt64 = 56
  @usableFromInline static let sequenceMask: UInt64 = (1 << 56) - 1
  @usableFromInline static let minimumBuckets = 16
  /// Entries stored inline per bucket; more spill into the bucket's overflow storage.
  @usableFromInline static let slotsPerBucket = 4
  /// Scan work per removal, averaged over a review period, above which the width is
  /// re-derived.
  @usableFromInline static let scanLimit = 12
  /// Most entries kept as a heap (fits the inline slots of the minimum bucket count).
  @usableFromInline static let heapLimit = 48
  /// Number of slots: events kept beside the queue, at most one per slot (four: the
  /// knockout in ``findFirstSlot()`` compares exactly four).
  @usableFromInline static let slotLimit = 4

  /// Whether the entries are a binary heap in `slots[0..<total]` (small queues)
  /// rather than a calendar.
  @usableFromInline var isHeap = true

  /// `bucketCount × slotsPerBucket` inline entries, bucket after bucket.
  @usableFromInline var slots: UnsafeMutablePointer<Entry>
  /// Entries in each bucket, inline and overflow together.
  @usableFromInline var counts: UnsafeMutablePointer<Int32>
  /// Overflow storage per bucket (mostly empty).
  @usableFromInline var overflow: UnsafeMutablePointer<Overflow>
  /// Number of buckets, a power of two.
  @usableFromInline var bucketCount: Int
  /// log₂ of the window width [µs].
  @usableFromInline var shift: Int64 = 20
  /// Start of the window being read [µs], a multiple of the width.
  @usableFromInline var windowStart: Int64 = Int64.min / 4
  /// The bucket of that window.
  @usableFromInline var current = 0
  @usableFromInline var total = 0
  /// Where the minimum was last found, or −1 when unknown.
  @usableFromInline var cachedBucket = -1
  @usableFromInline var cachedIndex = 0
  /// Scan work (entries read plus buckets passed) in the current review period.
  @usableFromInline var scanWork = 0
  @usableFromInline var removalsInPeriod = 0

  /// Creates an empty queue.
  /// The slots' events (``put(_:inSlot:)``); slot k holds one while bit k of `slotMask`
  /// is set, and `firstSlot` is the slot whose event comes first (-1 when none does).
  @usableFromInline var slotted: UnsafeMutablePointer<Entry>
  @usableFromInline var slotMask: UInt8 = 0
  @usableFromInline var firstSlot = -1

  public init() {
    bucketCount = Self.minimumBuckets
    (slots, counts, overflow) = Self.allocate(Self.minimumBuckets)
    slotted = UnsafeMutablePointer<Entry>.allocate(capacity: Self.slotLimit)
    slotted.initialize(repeating: Self.emptySlot, count: Self.slotLimit)
  }

  deinit {
    Self.free(slots, counts, overflow, bucketCount)
    slotted.deallocate()
  }

  // MARK: Slots

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

  @usableFromInline
  static func allocate(_ n: Int) -> (
    UnsafeMutablePointer<Entry>, UnsafeMutablePointer<Int32>, UnsafeMutablePointer<Overflow>
  ) {
    let slots = UnsafeMutablePointer<Entry>.allocate(capacity: n * slotsPerBucket)
    let counts = UnsafeMutablePointer<Int32>.allocate(capacity: n)
    counts.initialize(repeating: 0, count: n)
    let overflow = UnsafeMutablePointer<Overflow>.allocate(capacity: n)
    overflow.initialize(repeating: Overflow(), count: n)
    return (slots, counts, overflow)
  }

  @usableFromInline
  static func free(
    _ slots: UnsafeMutablePointer<Entry>, _ counts: UnsafeMutablePointer<Int32>,
    _ overflow: UnsafeMutablePointer<Overflow>, _ n: Int
  ) {
    for b in 0..<n { overflow[b].base?.deallocate() }
    slots.deallocate()
    counts.deallocate()
    overflow.deallocate()
  }

  /// Number of entries in the queue, cancelled ones included until they are popped.
  @inlinable public var count: Int { total }
  @inlinable public var isEmpty: Bool { total == 0 }

  @inlinable
  static func order(priority: Int8, sequence: UInt64) -> UInt64 {
    (UInt64(UInt8(bitPattern: priority) ^ 0x80) << sequenceBits) | (sequence & sequenceMask)
  }

  @inlinable
  static func priority(of order: UInt64) -> Int8 {
    Int8(bitPattern: UInt8(truncatingIfNeeded: order >> sequenceBits) ^ 0x80)
  }

  @inlinable @inline(__always)
  func bucketIndex(_ time: Int64) -> Int {
    Int(truncatingIfNeeded: time &>> shift) & (bucketCount &- 1)
  }

  /// Where entry `i` of bucket `b` is stored.
  @inlinable @inline(__always)
  func entry(_ b: Int, _ i: Int) -> UnsafeMutablePointer<Entry> {
    i < Self.slotsPerBucket
      ? slots + (b &* Self.slotsPerBucket &+ i)
      : overflow[b].base.unsafelyUnwrapped + (i &- Self.slotsPerBucket)
  }

  /// Appends to bucket `b`. Returns the entry's index in the bucket.
  @inlinable @inline(__always)
  func append(_ new: Entry, to b: Int) -> Int {
    let index = Int(counts[b])
    if index < Self.slotsPerBucket {
      slots[b &* Self.slotsPerBucket &+ index] = new
    } else {
      let spill = index &- Self.slotsPerBucket
      if spill == overflow[b].capacity { Self.grow(overflow + b, used: spill) }
      overflow[b].base.unsafelyUnwrapped[spill] = new
    }
    counts[b] = Int32(truncatingIfNeeded: index &+ 1)
    return index
  }

  @usableFromInline
  static func grow(_ spill: UnsafeMutablePointer<Overflow>, used: Int) {
    let capacity = max(4, spill.pointee.capacity * 2)
    let storage = UnsafeMutablePointer<Entry>.allocate(capacity: capacity)
    if let old = spill.pointee.base {
      storage.moveInitialize(from: old, count: used)
      old.deallocate()
    }
    spill.pointee.base = storage
    spill.pointee.capacity = capacity
  }

  /// Adds an entry. Its time must not be earlier than the last entry removed.
  ///
  /// A small queue's sift-up is inlined where events are scheduled; filing into a
  /// calendar (or turning into one) is a call.
  @inlinable @inline(__always)
  mutating func push(_ entry: Entry) {
    if isHeap, total < Self.heapLimit {
      heapPush(entry)
      return
    }
    pushIntoCalendar(entry)
  }

  @usableFromInline
  mutating func pushIntoCalendar(_ entry: Entry) {
    if isHeap { becomeCalendar() }
    if entry.time < windowStart {
      // Only possible when the reader ran ahead to peek: step it back.
      windowStart = (entry.time &>> shift) &<< shift
      current = bucketIndex(entry.time)
    }
    let b = bucketIndex(entry.time)
    let index = append(entry, to: b)
    total &+= 1
    if cachedBucket >= 0, entry.precedes(self.entry(cachedBucket, cachedIndex).pointee) {
      cachedBucket = b
      cachedIndex = index
    }
    if total > bucketCount { rebuild(bucketCount: bucketCount &* 2) }
  }

  // MARK: Heap mode

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

  // MARK: Calendar mode

  /// Finds the earliest entry and caches its place. The queue must not be empty.
  @inlinable
  mutating func locateMinimum() {
    if isHeap {
      cachedBucket = 0
      cachedIndex = 0
      return
    }
    if cachedBucket >= 0 { return }
    var passed = 0
    while true {
      let n = Int(counts[current])
      if n > 0 {
        let windowEnd = windowStart &+ (1 &<< shift)
        var best = -1
        var bestEntry = Entry(time: .max, order: .max, target: 0, kind: 0, payload: 0)
        var i = 0
        while i < n {
          let candidate = entry(current, i).pointee
          if candidate.time < windowEnd, candidate.precedes(bestEntry) {
            best = i
            bestEntry = candidate
          }
          i &+= 1
        }
        scanWork &+= n
        if best >= 0 {
          cachedBucket = current
          cachedIndex = best
          scanWork &+= passed
          return
        }
      }
      current = (current &+ 1) & (bucketCount &- 1)
      windowStart &+= 1 &<< shift
      passed &+= 1
      if passed > bucketCount {
        // A whole year with nothing: jump straight to the earliest entry's window.
        jumpToEarliest()
        scanWork &+= passed &+ total
        passed = 0
      }
    }
  }

  /// Every entry, bucket by bucket.
  @usableFromInline
  func allEntries() -> [Entry] {
    if isHeap { return Array(UnsafeBufferPointer(start: slots, count: total)) }
    var out: [Entry] = []
    out.reserveCapacity(total)
    for b in 0..<bucketCount {
      for i in 0..<Int(counts[b]) { out.append(entry(b, i).pointee) }
    }
    return out
  }

  /// Moves the reader to the window of the earliest entry, by a full search.
  @usableFromInline
  mutating func jumpToEarliest() {
    guard let best = allEntries().min(by: { $0.precedes($1) }) else { return }
    windowStart = (best.time &>> shift) &<< shift
    current = bucketIndex(best.time)
  }

  /// The earliest entry. The queue must not be empty.
  @inlinable
  mutating func peek() -> Entry {
    locateMinimum()
    return entry(cachedBucket, cachedIndex).pointee
  }

  /// Time of the earliest entry [µs], or nil when empty.
  @inlinable
  public mutating func minimumTime() -> Int64? {
    total > 0 ? peek().time : nil
  }

  /// Removes and returns the earliest entry if it is earlier than `end` [µs]; else
  /// returns nil and leaves the queue as it was.
  @inlinable @inline(__always)
  mutating func popFirst(before end: Int64) -> Entry? {
    // The slots' first event, if it comes before the queue's.
    if firstSlot >= 0 {
      let first = slotted[firstSlot]
      if first.time < end, isPreceded(by: first) {
        empty(slot: firstSlot)
        return first
      }
    }
    guard total > 0 else { return nil }
    // A heap's earliest entry is its root: no search, and no cached place to keep.
    if isHeap { return slots[0].time < end ? heapPop() : nil }
    locateMinimum()
    if entry(cachedBucket, cachedIndex).pointee.time >= end { return nil }
    return removeLocated()
  }

  /// Whether `entry` comes before every entry in the queue (true when it is empty).
  @inlinable @inline(__always)
  mutating func isPreceded(by entry: Entry) -> Bool {
    guard total > 0 else { return true }
    if isHeap { return entry.precedes(slots[0]) }
    return entry.precedes(peek())
  }

  /// Removes and returns the earliest entry. The queue must not be empty.
  @inlinable
  mutating func popMin() -> Entry {
    locateMinimum()
    return removeLocated()
  }

  /// Removes the entry that `locateMinimum` found.
  @inlinable @inline(__always)
  mutating func removeLocated() -> Entry {
    if isHeap { return heapPop() }
    let b = cachedBucket
    let found = entry(b, cachedIndex)
    let removed = found.pointee
    let last = Int(counts[b]) &- 1
    found.pointee = entry(b, last).pointee
    counts[b] = Int32(truncatingIfNeeded: last)
    cachedBucket = -1
    total &-= 1
    removalsInPeriod &+= 1
    if removalsInPeriod >= 256 { review() }
    return removed
  }

  /// Every 256 removals: shrink when sparse, re-derive the width when scans grew long.
  @usableFromInline
  mutating func review() {
    let work = scanWork
    let removals = removalsInPeriod
    scanWork = 0
    removalsInPeriod = 0
    if total < Self.heapLimit / 4 {
      becomeHeap()
    } else if bucketCount > Self.minimumBuckets, total < bucketCount / 4 {
      rebuild(bucketCount: bucketCount / 2)
    } else if work > Self.scanLimit * removals {
      rebuild(bucketCount: bucketCount)
    }
  }

  /// Re-files every entry into `newCount` buckets, with a width of three times the mean
  /// spacing of the earliest entries (Brown's rule).
  @usableFromInline
  mutating func rebuild(bucketCount newCount: Int) {
    rebuild(bucketCount: newCount, entries: allEntries())
  }

  @usableFromInline
  mutating func rebuild(bucketCount newCount: Int, entries: [Entry]) {
    Self.free(slots, counts, overflow, bucketCount)
    bucketCount = newCount
    (slots, counts, overflow) = Self.allocate(newCount)
    cachedBucket = -1
    scanWork = 0
    removalsInPeriod = 0
    guard !entries.isEmpty else { return }
    var times = entries.map(\.time)
    times.sort()
    let k = min(times.count, 64)
    let spacing = k > 1 ? Double(times[k - 1] - times[0]) / Double(k - 1) : 1
    shift = Int64(min(40, log2Floor(max(1, 2 * spacing))))
    windowStart = (times[0] &>> shift) &<< shift
    current = bucketIndex(times[0])
    for e in entries { _ = append(e, to: bucketIndex(e.time)) }
  }

  /// The sequence numbers of every entry, in no particular order.
  @usableFromInline
  func sequences() -> [UInt64] { allEntries().map { $0.order & Self.sequenceMask } }
}

/// ⌊log₂ x⌋ for x ≥ 1.
@usableFromInline
func log2Floor(_ x: Double) -> Int {
  let v = UInt64(max(1, min(x, 9e18)))
  return 63 - v.leadingZeroBitCount
}
