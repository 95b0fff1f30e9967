import Testing

@testable import SimKernel

@Suite struct SchedulerCancelOrderTests {
  /// Random scheduling and cancelling (of pending events, of events that already ran,
  /// of events cancelled before), with a queue that grows to 150 entries and shrinks to
  /// 5 again and again, so cancels meet it as a heap and as a calendar: the events run
  /// and the pending count after each one are exactly those of a plain sorted list.
  @Test(arguments: [11, 12, 13])
  func cancelsMatchAReferenceAcrossHeapAndCalendar(seed: UInt64) {
    let fast = CancellingProcess(seed: seed).runOnScheduler()
    let reference = CancellingProcess(seed: seed).runOnReference()
    #expect(fast.count > 5_000)
    #expect(fast.count == reference.count)
    let firstDifference = zip(fast, reference).enumerated().first { $0.element.0 != $0.element.1 }
    #expect(firstDifference == nil, "first difference at event \(firstDifference?.offset ?? -1)")
  }
}

/// What each handled event does, from a fixed xorshift sequence.
struct CancellingProcess {
  struct Step: Equatable {
    let time: Int64
    let sequence: UInt64
    let pendingAfter: Int
  }

  var random: XorShift
  var growing = true

  init(seed: UInt64) { random = XorShift(seed: seed) }

  mutating func next() -> UInt64 { random.next() }

  /// Delays of the children of a handled event [µs], and the handles to cancel (as
  /// indices back from the newest handle issued).
  mutating func reaction(handled: Int, pending: Int) -> (delays: [Int64], cancels: [Int]) {
    guard handled < 8_000 else { return ([], []) }
    if growing, pending >= 150 { growing = false }
    if !growing, pending <= 5 { growing = true }
    let count = growing ? 1 + Int(next() % 3) : Int(next() % 2)
    let delays = (0..<count).map { _ in
      next() % 8 == 0 ? Int64(0) : Int64(next() % 50_000_000)
    }
    let cancels = (0..<Int(next() % 3)).map { _ in Int(next() % 40) }
    return (delays, cancels)
  }

  func runOnScheduler() -> [Step] {
    var process = self
    var loop = EventLoop()
    var handles: [EventID] = []
    for _ in 0..<20 {
      handles.append(loop.schedule(at: SimTime(microseconds: Int64(process.next() % 1_000_000))))
    }
    var log: [Step] = []
    var recorder = Recorder()
    recorder.reaction = { event, s in
      let (delays, cancels) = process.reaction(handled: log.count + 1, pending: s.pendingCount)
      for d in delays { handles.append(s.schedule(after: SimDuration(microseconds: d))) }
      for back in cancels where back < handles.count { s.cancel(handles[handles.count - 1 - back]) }
      log.append(
        Step(time: event.time.microseconds, sequence: event.id.sequence, pendingAfter: s.pendingCount))
    }
    loop.runUntilEmpty(handler: &recorder)
    return log
  }

  func runOnReference() -> [Step] {
    var process = self
    var pending: [(time: Int64, sequence: UInt64)] = []
    var handles: [UInt64] = []
    var sequence: UInt64 = 0
    func add(_ time: Int64) {
      pending.append((time, sequence))
      handles.append(sequence)
      sequence += 1
    }
    for _ in 0..<20 { add(Int64(process.next() % 1_000_000)) }
    var log: [Step] = []
    while let i = pending.indices.min(by: {
      (pending[$0].time, pending[$0].sequence) < (pending[$1].time, pending[$1].sequence)
    }) {
      let now = pending.remove(at: i)
      let (delays, cancels) = process.reaction(handled: log.count + 1, pending: pending.count)
      for d in delays { add(now.time + d) }
      for back in cancels where back < handles.count {
        let target = handles[handles.count - 1 - back]
        pending.removeAll { $0.sequence == target }
      }
      log.append(Step(time: now.time, sequence: now.sequence, pendingAfter: pending.count))
    }
    return log
  }
}
