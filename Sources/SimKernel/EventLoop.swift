/// The kernel: simulated time, the pending events, and the run loop.
///
/// Events run in order of their key (time, priority, sequence):
/// 1. earlier `time` first;
/// 2. at the same time, lower `priority` first (default 0; range −128…127);
/// 3. at the same time and priority, the event scheduled first runs first.
///
/// This order is a contract: it makes every run deterministic, whatever the model.
///
/// ```swift
/// var loop = EventLoop()
/// loop.schedule(at: SimTime(seconds: 5), kind: 1)
/// var model = MyModel()
/// loop.run(until: SimTime(seconds: 60), handler: &model)
/// ```
///
/// Cancelling takes the event out of a small queue (a heap of at most 48 entries) at
/// once; in a large queue (a calendar) it is lazy: the event stays and is dropped when it
/// reaches the front, so ``cancel(_:)`` costs O(1) amortised.
public struct EventLoop: ~Copyable, Sendable {
  /// The current simulated time. During a handler call it equals the event's time.
  @inlinable public var now: SimTime { SimTime(microseconds: nowMicroseconds) }
  /// Number of events handed to handlers so far (cancelled ones are not counted).
  @inlinable public var eventsProcessed: Int64 { processed }

  @usableFromInline var nowMicroseconds: Int64
  @usableFromInline var processed: Int64 = 0

  @usableFromInline var queue: EventQueue
  @usableFromInline var nextSequence: UInt64 = 0
  @usableFromInline var cancelled = SequenceSet()
  /// Bit `s % 64` is set for every cancelled sequence `s` (and maybe for a few that
  /// left): a clear bit proves an event was not cancelled without hashing, which is what
  /// most pops find; a set bit means "look in the set".
  @usableFromInline var cancelledFilter: UInt64 = 0
  @usableFromInline var stopRequested = false
  /// Slots handed out so far (``allocateSlot()``).
  var slotsAllocated = 0
  /// The sequence of the event being handled (`UInt64.max` outside handlers).
  @usableFromInline var currentSequence = UInt64.max

  /// Creates an event loop whose clock reads `start`.
  public init(start: SimTime = .zero) {
    nowMicroseconds = start.microseconds
    queue = EventQueue()
  }

  /// Number of events waiting, cancelled ones excluded.
  ///
  /// - Complexity: O(1) when nothing is marked cancelled, else O(n): a mark may belong to
  ///   an event that already ran (cancelling it then is allowed and does nothing), so
  ///   the marks are checked against the queue.
  public var pendingCount: Int {
    if cancelled.isEmpty { return queue.count + queue.slotCount }
    return queue.sequences().reduce(queue.slotCount) { $0 + (cancelled.contains($1) ? 0 : 1) }
  }

  /// Time of the next event that will run, or nil when none is pending.
  public mutating func nextEventTime() -> SimTime? {
    dropCancelledHead()
    let queued = queue.minimumTime()
    guard let slotted = queue.firstSlotted?.time else { return queued.map { SimTime(microseconds: $0) } }
    return SimTime(microseconds: min(queued ?? .max, slotted))
  }

  /// Schedules an event at `time`, which must not be earlier than ``now``.
  ///
  /// - Parameters:
  ///   - time: when the event happens; scheduling in the past is a programming error.
  ///   - priority: tie-break among events at the same time; lower runs first.
  ///   - target: the component that handles it.
  ///   - kind: what happened, in the target's code.
  ///   - payload: one integer of data.
  /// - Returns: the handle to cancel it with.
  /// - Complexity: O(log n).
  @inlinable
  @discardableResult
  public mutating func schedule(
    at time: SimTime, priority: Int8 = 0, target: UInt32 = 0, kind: UInt32 = 0,
    payload: Int64 = 0
  ) -> EventID {
    let entry = newEntry(at: time, priority: priority, target: target, kind: kind, payload: payload)
    queue.push(entry)
    return EventID(sequence: entry.order & EventQueue.sequenceMask)
  }

  /// The queue entry of a new event at `time`, with the next sequence number.
  @inlinable @inline(__always)
  mutating func newEntry(at time: SimTime, priority: Int8, target: UInt32, kind: UInt32, payload: Int64)
    -> EventQueue.Entry
  {
    precondition(time >= now, "scheduled an event in the past")
    let sequence = nextSequence
    nextSequence &+= 1
    return EventQueue.Entry(
      time: time.microseconds, order: EventQueue.order(priority: priority, sequence: sequence),
      target: target, kind: kind, payload: payload)
  }

  /// Schedules an event `delay` after ``now``. A negative delay is a programming error.
  @inlinable
  @discardableResult
  public mutating func schedule(
    after delay: SimDuration, priority: Int8 = 0, target: UInt32 = 0, kind: UInt32 = 0,
    payload: Int64 = 0
  ) -> EventID {
    schedule(at: now + delay, priority: priority, target: target, kind: kind, payload: payload)
  }

  /// Number of slots (``allocateSlot()``).
  public static var slots: Int { EventQueue.slotLimit }

  /// Hands out one of the queue's ``slots`` slots, for a model to keep for one event
  /// that is never pending twice (``schedule(inSlot:at:priority:target:kind:payload:)``).
  /// Traps when all are taken.
  public mutating func allocateSlot() -> Slot {
    precondition(slotsAllocated < Self.slots, "all \(Self.slots) slots of the event queue are taken")
    defer { slotsAllocated += 1 }
    return Slot(index: slotsAllocated)
  }

  /// Schedules an event in `slot` (from ``allocateSlot()``), which must be empty: for an
  /// event that is never pending twice, such as a periodic timer that its handler
  /// re-arms, or a model's next-occurrence event. It runs in the same (time, priority,
  /// sequence) order as any event and is cancelled the same way, but waits beside the
  /// queue: scheduling, running or cancelling it costs no queue insertion or removal.
  /// A slot's event leaves it when it runs or is cancelled.
  @inlinable
  @discardableResult
  public mutating func schedule(
    inSlot slot: Slot, at time: SimTime, priority: Int8 = 0, target: UInt32 = 0, kind: UInt32 = 0,
    payload: Int64 = 0
  ) -> EventID {
    let entry = newEntry(at: time, priority: priority, target: target, kind: kind, payload: payload)
    queue.put(entry, inSlot: slot.index)
    return EventID(sequence: entry.order & EventQueue.sequenceMask)
  }

  /// Schedules an event in slot `slot`, `delay` after ``now``.
  @inlinable
  @discardableResult
  public mutating func schedule(
    inSlot slot: Slot, after delay: SimDuration, priority: Int8 = 0, target: UInt32 = 0, kind: UInt32 = 0,
    payload: Int64 = 0
  ) -> EventID {
    schedule(inSlot: slot, at: now + delay, priority: priority, target: target, kind: kind, payload: payload)
  }

  /// Cancels an event scheduled into `slot` (``schedule(inSlot:at:priority:target:kind:payload:)``),
  /// looking in that slot alone. As with ``cancel(_:)``, a handle of an event that already
  /// ran, or was already cancelled, has no effect; so has the handle of an event that
  /// is not in `slot`.
  @inlinable
  public mutating func cancel(_ id: EventID, inSlot slot: Slot) {
    guard id.sequence < nextSequence, id.sequence != currentSequence else { return }
    queue.removeSlotted(sequence: id.sequence, slot: slot.index)
  }

  /// Cancels a pending event. Cancelling one that already ran, or was already
  /// cancelled, has no effect.
  ///
  /// - Complexity: O(n) for a small queue (a heap, n ≤ 48), O(1) amortised for a
  ///   large one.
  @inlinable
  public mutating func cancel(_ id: EventID) {
    // The event being handled has left the queue: there is nothing to cancel (handlers
    // often cancel "their pending event" while handling it).
    guard id.sequence < nextSequence, id.sequence != currentSequence else { return }
    // Inline up to here: most cancels find their event in a slot.
    if queue.removeSlotted(sequence: id.sequence) { return }
    cancelQueued(id)
  }

  /// ``cancel(_:)`` for an event in the queue (or one that already ran).
  @usableFromInline
  mutating func cancelQueued(_ id: EventID) {
    // A small queue (a heap) drops the event now; a large one (a calendar) marks it and
    // drops it when it reaches the front. An event not found in the heap already ran.
    if queue.isHeap {
      // It may have been marked before, while the queue was a calendar: forget the mark.
      if queue.removeFromHeap(sequence: id.sequence) { _ = takeCancelled(id.sequence) }
      return
    }
    cancelled.insert(id.sequence)
    cancelledFilter |= 1 &<< (id.sequence & 63)
    // Handles of events that already ran would otherwise pile up: purge them once the
    // set outgrows the queue, which keeps the amortised cost constant.
    if cancelled.count > max(64, queue.count) {
      let pending = Set(queue.sequences())
      cancelled.keep { pending.contains($0) }
      rebuildCancelledFilter()
    }
  }

  /// Whether the event with `sequence` was cancelled; forgets it if so (it is being
  /// dropped from the queue).
  @inlinable
  mutating func takeCancelled(_ sequence: UInt64) -> Bool {
    guard cancelledFilter & (1 &<< (sequence & 63)) != 0, cancelled.remove(sequence) else {
      return false
    }
    // Keep the filter tight while the set is small; a larger set leaves stale bits,
    // which cost a lookup each but never a wrong answer.
    if cancelled.count <= 16 { rebuildCancelledFilter() }
    return true
  }

  @usableFromInline
  mutating func rebuildCancelledFilter() {
    var filter: UInt64 = 0
    for s in cancelled.slots where s != SequenceSet.empty { filter |= 1 &<< (s & 63) }
    cancelledFilter = filter
  }

  /// Asks the run loop to return after the current handler call.
  public mutating func stop() { stopRequested = true }

  /// Runs every event earlier than `end`, in key order, then sets ``now`` to `end`.
  ///
  /// Events at exactly `end` stay pending and run in the next call, so consecutive
  /// calls `run(until: a)`, `run(until: b)` process each event exactly once.
  /// If a handler calls ``stop()``, the loop returns at once and ``now`` stays at the
  /// time of the last event handled.
  @inlinable
  public mutating func run<H: EventHandler>(until end: SimTime, handler: inout H) {
    if loop(until: end, handler: &handler), end > now { nowMicroseconds = end.microseconds }
  }

  /// Runs until no event is pending or a handler calls ``stop()``. ``now`` is left at
  /// the time of the last event handled.
  @inlinable
  public mutating func runUntilEmpty<H: EventHandler>(handler: inout H) {
    _ = loop(until: .distantFuture, handler: &handler)
  }

  /// The run loop. Returns false when a handler asked it to stop.
  @inlinable
  mutating func loop<H: EventHandler>(until end: SimTime, handler: inout H) -> Bool {
    stopRequested = false
    let endMicroseconds = end.microseconds
    while let entry = queue.popFirst(before: endMicroseconds) {
      let sequence = entry.order & EventQueue.sequenceMask
      if takeCancelled(sequence) { continue }
      nowMicroseconds = entry.time
      processed &+= 1
      currentSequence = sequence
      let event = Event(
        time: now, priority: EventQueue.priority(of: entry.order),
        id: EventID(sequence: sequence), target: entry.target, kind: entry.kind,
        payload: entry.payload)
      handler.handle(event, loop: &self)
      if stopRequested { return false }
    }
    return true
  }

  mutating func dropCancelledHead() {
    while !cancelled.isEmpty, !queue.isEmpty {
      let head = queue.peek().order & EventQueue.sequenceMask
      guard takeCancelled(head) else { return }
      _ = queue.popMin()
    }
  }
}
