import Testing

@testable import SimKernel

@Suite struct SchedulerSlotTests {
  /// Events kept in slots beside the queue must run exactly where they would run queued:
  /// the same process (a periodic timer in slot 0, other events in slots 1–3 whenever
  /// one is free, random children, cancels, ties at the timer's own instants,
  /// priorities, a queue that grows into a calendar and shrinks back), once with slots
  /// and once with every event queued, handles the same events in the same order, with
  /// the same pending counts and next event times.
  @Test(arguments: [21, 22, 23])
  func slottedEventsRunWhereQueuedOnesWould(seed: UInt64) {
    let beside = TickingProcess(seed: seed, slotted: true).run()
    let queued = TickingProcess(seed: seed, slotted: false).run()
    #expect(beside.count > 4_000)
    #expect(beside.filter(\.isTick).count > 300)
    #expect(beside.filter(\.wasSlotted).count > 200)
    #expect(beside.count == queued.count)
    let firstDifference = zip(beside, queued).enumerated().first { $0.element.0 != $0.element.1 }
    #expect(firstDifference == nil, "first difference at event \(firstDifference?.offset ?? -1)")
  }

  @Test func runUntilLeavesASlottedEventAtItsBoundPending() {
    var loop = EventLoop()
    let slot = (0..<EventLoop.slots).map { _ in loop.allocateSlot() }
    loop.schedule(at: SimTime(seconds: 2))
    let tick = loop.schedule(inSlot: slot[2], at: SimTime(seconds: 3), kind: 7)
    #expect(loop.pendingCount == 2)
    var recorder = Recorder()
    loop.run(until: SimTime(seconds: 3), handler: &recorder)
    #expect(recorder.seen.map(\.time.seconds) == [2])
    #expect(loop.pendingCount == 1)
    #expect(loop.nextEventTime() == SimTime(seconds: 3))
    loop.run(until: SimTime(seconds: 4), handler: &recorder)
    #expect(recorder.seen.map(\.id) == [EventID(sequence: 0), tick])
    #expect(recorder.seen.last?.kind == 7)
    #expect(loop.pendingCount == 0)
    #expect(loop.nextEventTime() == nil)
  }

  @Test func aCancelledSlottedEventDoesNotRunAndItsSlotCanBeUsedAgain() {
    var loop = EventLoop()
    let slot = (0..<EventLoop.slots).map { _ in loop.allocateSlot() }
    let first = loop.schedule(inSlot: slot[0], at: SimTime(seconds: 1))
    loop.schedule(at: SimTime(seconds: 5))
    loop.cancel(first)
    #expect(loop.pendingCount == 1)
    let second = loop.schedule(inSlot: slot[0], at: SimTime(seconds: 6))
    var recorder = Recorder()
    loop.runUntilEmpty(handler: &recorder)
    #expect(recorder.seen.map(\.time.seconds) == [5, 6])
    #expect(recorder.seen.last?.id == second)
    // Cancelling it again, after it ran, changes nothing.
    loop.cancel(second)
    #expect(loop.pendingCount == 0)
  }

  /// Cancelling through the slot removes the event held there, and only that event: a
  /// handle naming another slot, or an event that already ran, changes nothing.
  @Test func aSlottedEventIsCancelledThroughItsOwnSlotOnly() {
    var loop = EventLoop()
    let slot = (0..<EventLoop.slots).map { _ in loop.allocateSlot() }
    let a = loop.schedule(inSlot: slot[1], at: SimTime(seconds: 1))
    let b = loop.schedule(inSlot: slot[2], at: SimTime(seconds: 2))
    let c = loop.schedule(at: SimTime(seconds: 3))
    loop.cancel(a, inSlot: slot[2])
    loop.cancel(c, inSlot: slot[1])
    #expect(loop.pendingCount == 3)
    loop.cancel(b, inSlot: slot[2])
    #expect(loop.pendingCount == 2)
    var recorder = Recorder()
    loop.run(until: SimTime(seconds: 1.5), handler: &recorder)
    // The slot of `a` now holds a later event; the old handle must not remove it.
    let d = loop.schedule(inSlot: slot[1], at: SimTime(seconds: 4))
    loop.cancel(a, inSlot: slot[1])
    loop.runUntilEmpty(handler: &recorder)
    #expect(recorder.seen.map(\.id) == [a, c, d])
  }
}

/// A process with a timer that re-arms itself every `period` from its own handler and
/// ordinary events that schedule and cancel others, from a fixed xorshift sequence.
struct TickingProcess {
  struct Step: Equatable {
    let time: Int64
    let sequence: UInt64
    let priority: Int8
    let isTick: Bool
    let wasSlotted: Bool
    let pendingAfter: Int
    let nextAfter: Int64?
  }

  var random: XorShift
  let slotted: Bool
  static let period: Int64 = 60_000_000
  static let tickKind: UInt32 = 9

  init(seed: UInt64, slotted: Bool) {
    random = XorShift(seed: seed)
    self.slotted = slotted
  }

  func run() -> [Step] {
    var process = self
    var loop = EventLoop()
    let slot = (0..<EventLoop.slots).map { _ in loop.allocateSlot() }
    var handles: [EventID] = []
    var tick: EventID?
    // The event each of slots 1–3 holds (in both runs, so that both draw alike).
    var holders: [EventID?] = [nil, nil, nil, nil]
    var growing = true
    func armTick(at time: SimTime, _ s: inout EventLoop) {
      tick =
        process.slotted
        ? s.schedule(inSlot: slot[0], at: time, kind: Self.tickKind)
        : s.schedule(at: time, kind: Self.tickKind)
    }
    for _ in 0..<20 {
      handles.append(
        loop.schedule(at: SimTime(microseconds: Int64(process.random.next() % 1_000_000_000))))
    }
    armTick(at: SimTime(microseconds: Self.period), &loop)
    var log: [Step] = []
    var recorder = Recorder()
    recorder.reaction = { event, s in
      let handled = log.count + 1
      if event.kind == Self.tickKind {
        // Re-armed by its handler, as the scheduler's timer is; now and then cancelled
        // and re-armed off its period, or left unarmed for a while.
        if handled < 6_000, process.random.next() % 50 != 0 {
          armTick(at: s.now + SimDuration(microseconds: Self.period), &s)
        }
      } else if handled < 6_000 {
        let pending = s.pendingCount
        if growing, pending >= 150 { growing = false }
        if !growing, pending <= 5 { growing = true }
        for _ in 0..<(growing ? 1 + Int(process.random.next() % 3) : Int(process.random.next() % 2)) {
          let r = process.random.next()
          // Some children land on the timer's own instants, to exercise the ties.
          let time =
            r % 4 == 0
            ? SimTime(microseconds: (s.now.microseconds / Self.period + 1 + Int64(r % 3)) * Self.period)
            : s.now + SimDuration(microseconds: Int64(r % 900_000_000))
          let priority: Int8 = r % 7 == 0 ? -1 : 0
          if r % 3 == 1, let k = (1...3).first(where: { holders[$0] == nil }) {
            let id =
              process.slotted
              ? s.schedule(inSlot: slot[k], at: time, priority: priority, kind: UInt32(k))
              : s.schedule(at: time, priority: priority, kind: UInt32(k))
            holders[k] = id
            handles.append(id)
          } else {
            handles.append(s.schedule(at: time, priority: priority))
          }
        }
        for _ in 0..<Int(process.random.next() % 3) {
          let back = Int(process.random.next() % 40)
          if back < handles.count {
            let id = handles[handles.count - 1 - back]
            // A pending slotted event is cancelled through its slot (in the slotted run).
            if process.slotted, let k = (1...3).first(where: { holders[$0] == id }) {
              s.cancel(id, inSlot: slot[k])
            } else {
              s.cancel(id)
            }
            for k in 1...3 where holders[k] == id { holders[k] = nil }
          }
        }
        if process.random.next() % 97 == 0, let t = tick {
          s.cancel(t)
          tick = nil
          armTick(at: s.now + SimDuration(microseconds: Int64(process.random.next() % 1_000_000_000)), &s)
        } else if tick == nil || process.random.next() % 211 == 0, handled < 6_000 {
          if let t = tick { s.cancel(t) }
          armTick(at: s.now + SimDuration(microseconds: Self.period), &s)
        }
      }
      if event.kind == Self.tickKind, tick == event.id { tick = nil }
      for k in 1...3 where holders[k] == event.id { holders[k] = nil }
      log.append(
        Step(
          time: event.time.microseconds, sequence: event.id.sequence, priority: event.priority,
          isTick: event.kind == Self.tickKind, wasSlotted: (1...3).contains(event.kind),
          pendingAfter: s.pendingCount,
          nextAfter: s.nextEventTime()?.microseconds))
    }
    loop.runUntilEmpty(handler: &recorder)
    return log
  }
}

@Suite struct SlotAllocationTests {
  /// Slots are handed out one by one, each once; asking for more than there are traps
  /// (not tested here: a trap ends the process).
  @Test func eachSlotIsHandedOutOnce() {
    var loop = EventLoop()
    let slots = (0..<EventLoop.slots).map { _ in loop.allocateSlot() }
    #expect(Set(slots).count == EventLoop.slots)
    #expect(!slots.contains(.unallocated))
  }
}
