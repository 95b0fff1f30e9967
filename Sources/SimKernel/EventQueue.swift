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
}

/// ⌊log₂ x⌋ for x ≥ 1.
@usableFromInline
func log2Floor(_ x: Double) -> Int {
  let v = UInt64(max(1, min(x, 9e18)))
  return 63 - v.leadingZeroBitCount
}
