/// One of the event queue's slots, handed out by ``EventLoop/allocateSlot()``: a place
/// beside the queue for one event that is never pending twice.
public struct Slot: Sendable, Hashable {
  @usableFromInline let index: Int

  /// A slot not yet allocated: scheduling into it traps.
  public static let unallocated = Slot(index: -1)
}
