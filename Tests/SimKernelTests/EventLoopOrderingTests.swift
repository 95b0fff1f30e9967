import Testing

@testable import SimKernel

@Suite struct SchedulerOrderingTests {
  @Test func eventsRunInTimeOrder() {
    var loop = EventLoop()
    for (i, t) in [5.0, 1.0, 3.0, 2.0, 4.0].enumerated() {
      loop.schedule(at: SimTime(seconds: t), payload: Int64(i))
    }
    var recorder = Recorder()
    loop.runUntilEmpty(handler: &recorder)
    #expect(recorder.seen.map(\.time.seconds) == [1, 2, 3, 4, 5])
  }

  @Test func sameTimeTiesBreakByPriorityThenSequence() {
    var loop = EventLoop()
    let t = SimTime(seconds: 10)
    loop.schedule(at: t, priority: 1, payload: 0)
    loop.schedule(at: t, priority: -1, payload: 1)
    loop.schedule(at: t, priority: 0, payload: 2)
    loop.schedule(at: t, priority: -1, payload: 3)
    loop.schedule(at: t, priority: 1, payload: 4)
    var recorder = Recorder()
    loop.runUntilEmpty(handler: &recorder)
    #expect(recorder.seen.map(\.payload) == [1, 3, 2, 0, 4])
    #expect(recorder.seen.map(\.priority) == [-1, -1, 0, 1, 1])
  }

  @Test func extremePrioritiesKeepTheirOrder() {
    var loop = EventLoop()
    loop.schedule(at: .zero, priority: .max, payload: 0)
    loop.schedule(at: .zero, priority: .min, payload: 1)
    var recorder = Recorder()
    loop.runUntilEmpty(handler: &recorder)
    #expect(recorder.seen.map(\.payload) == [1, 0])
  }

  @Test func eventScheduledNowByAHandlerRunsAfterEarlierSameTimeEvents() {
    var loop = EventLoop()
    loop.schedule(at: SimTime(seconds: 1), kind: 1)
    loop.schedule(at: SimTime(seconds: 1), kind: 2)
    var recorder = Recorder()
    recorder.reaction = { event, s in
      if event.kind == 1 { s.schedule(after: .zero, kind: 3) }
    }
    loop.runUntilEmpty(handler: &recorder)
    #expect(recorder.seen.map(\.kind) == [1, 2, 3])
  }

  @Test func handlerSeesNowEqualToEventTime() {
    var loop = EventLoop()
    loop.schedule(at: SimTime(seconds: 7))
    loop.schedule(at: SimTime(seconds: 9))
    var times: [SimTime] = []
    var recorder = Recorder()
    recorder.reaction = { event, s in
      #expect(s.now == event.time)
    }
    loop.runUntilEmpty(handler: &recorder)
    times = recorder.seen.map(\.time)
    #expect(times == [SimTime(seconds: 7), SimTime(seconds: 9)])
  }

  /// A random process of pushes and pops, with bursts at one instant and far-future
  /// outliers, must hand out events in exactly the order a plain reference queue
  /// (an array kept sorted by binary-search insertion) gives.
  @Test(arguments: [1, 2, 3, 4])
  func popOrderMatchesAReferenceQueue(seed: UInt64) {
    let fast = RandomProcess(seed: seed).runOnScheduler()
    let reference = RandomProcess(seed: seed).runOnReference()
    #expect(fast.count == reference.count)
    let firstDifference = zip(fast, reference).enumerated().first { $0.element.0 != $0.element.1 }
    #expect(firstDifference == nil, "first difference at event \(firstDifference?.offset ?? -1)")
    #expect(fast.count > 10_000)
  }

  /// The same from a handful of initial events, with a queue that grows to 200 entries,
  /// shrinks to 5, and again, so that it turns from heap to calendar and back.
  @Test(arguments: [5, 6, 7])
  func popOrderMatchesAReferenceQueueAcrossHeapAndCalendar(seed: UInt64) {
    let fast = RandomProcess(seed: seed, initialCount: 20, cycling: true).runOnScheduler()
    let reference = RandomProcess(seed: seed, initialCount: 20, cycling: true).runOnReference()
    #expect(fast == reference)
    #expect(fast.count > 19_000)
  }

  @Test func theQueueChangesFormAsItGrowsAndShrinks() {
    var queue = EventQueue()
    var isHeap = queue.isHeap
    #expect(isHeap)
    var t: Int64 = 0
    for i in 0..<100 {
      queue.push(
        EventQueue.Entry(time: Int64(i % 7) * 1000, order: UInt64(i), target: 0, kind: 0, payload: 0))
    }
    isHeap = queue.isHeap
    #expect(!isHeap)
    var last: Int64 = -1
    for _ in 0..<95 {
      let e = queue.popMin()
      #expect(e.time >= last)
      last = e.time
      t = e.time
    }
    // A review after 256 removals finds the calendar sparse.
    for i in 0..<300 {
      queue.push(EventQueue.Entry(time: t + 1, order: UInt64(1000 + i), target: 0, kind: 0, payload: 0))
      t = queue.popMin().time
    }
    isHeap = queue.isHeap
    let count = queue.count
    #expect(isHeap)
    #expect(count == 5)
  }
}

/// A process driven by a fixed xorshift sequence: 2,000 initial events, each handled
/// event schedules 0–2 more, 10 % at the same instant, 10 % up to 3 h ahead.
struct RandomProcess {
  struct Key: Comparable, Hashable {
    let time: Int64
    let priority: Int8
    let sequence: UInt64
    static func < (a: Key, b: Key) -> Bool {
      (a.time, a.priority, a.sequence) < (b.time, b.priority, b.sequence)
    }
  }

  var random: XorShift
  let initialCount: Int
  /// Whether the number of children follows the queue's size: 1–3 per event until 200
  /// are pending, then 0–1 until 5 are, then exactly 1 for 600 events, and again.
  let cycling: Bool
  enum Phase {
    case growing, shrinking
    case steady(until: Int)
  }
  var phase = Phase.growing

  init(seed: UInt64, initialCount: Int = 2000, cycling: Bool = false) {
    random = XorShift(seed: seed)
    self.initialCount = initialCount
    self.cycling = cycling
  }

  mutating func next() -> UInt64 { random.next() }

  mutating func initial() -> [(Int64, Int8)] {
    (0..<initialCount).map { _ in (Int64(next() % 5_000_000), Int8(truncatingIfNeeded: Int(next() % 5) - 2)) }
  }

  /// The events a handled event schedules: (delay µs, priority).
  mutating func children(handled: Int, pending: Int) -> [(Int64, Int8)] {
    guard handled < 20_000 else { return [] }
    var count = Int(next() % 3)
    if cycling {
      switch phase {
      case .growing where pending >= 200: phase = .shrinking
      case .shrinking where pending <= 5: phase = .steady(until: handled + 600)
      case .steady(let end) where handled >= end: phase = .growing
      default: break
      }
      switch phase {
      case .growing: count += 1
      case .shrinking: count %= 2
      case .steady: count = 1
      }
    }
    return (0..<count).map { _ in
      let r = next()
      let delay: Int64 =
        r % 10 == 0 ? 0 : r % 10 == 1 ? Int64(next() % 10_800_000_000) : Int64(next() % 2_000_000)
      return (delay, Int8(truncatingIfNeeded: Int(next() % 3) - 1))
    }
  }

  func runOnScheduler() -> [Key] {
    var process = self
    var loop = EventLoop()
    for (t, p) in process.initial() { loop.schedule(at: SimTime(microseconds: t), priority: p) }
    var log: [Key] = []
    var recorder = Recorder()
    recorder.reaction = { event, s in
      log.append(Key(time: event.time.microseconds, priority: event.priority, sequence: event.id.sequence))
      for (delay, p) in process.children(handled: log.count, pending: s.pendingCount) {
        s.schedule(after: SimDuration(microseconds: delay), priority: p)
      }
    }
    loop.runUntilEmpty(handler: &recorder)
    return log
  }

  func runOnReference() -> [Key] {
    var process = self
    var pending: [Key] = []  // sorted, largest first
    func insert(_ key: Key) {
      var lo = 0
      var hi = pending.count
      while lo < hi {
        let mid = (lo + hi) / 2
        if key < pending[mid] { lo = mid + 1 } else { hi = mid }
      }
      pending.insert(key, at: lo)
    }
    var sequence: UInt64 = 0
    for (t, p) in process.initial() {
      insert(Key(time: t, priority: p, sequence: sequence))
      sequence += 1
    }
    var log: [Key] = []
    while let key = pending.popLast() {
      log.append(key)
      for (delay, p) in process.children(handled: log.count, pending: pending.count) {
        insert(Key(time: key.time + delay, priority: p, sequence: sequence))
        sequence += 1
      }
    }
    return log
  }
}
