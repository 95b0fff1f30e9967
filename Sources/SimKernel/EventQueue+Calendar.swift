// Calendar mode: finding the minimum, and resizing.
extension EventQueue {

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
