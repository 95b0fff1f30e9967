/// An event as the run loop hands it to an ``EventHandler``.
///
/// The kernel knows nothing of what an event means. A model gives it meaning through
/// `target` (which component handles it), `kind` (what happened) and `payload` (one
/// integer of data, often an index into the model's own tables).
public struct Event: Sendable, Hashable {
  /// When the event happens.
  public let time: SimTime
  /// Tie-break rank among events at the same time: lower runs first.
  public let priority: Int8
  /// The event's handle; its sequence number breaks the remaining ties.
  public let id: EventID
  /// The component the event is for.
  public let target: UInt32
  /// What happened, in the target's own code.
  public let kind: UInt32
  /// One integer of data for the target.
  public let payload: Int64

  @inlinable
  public init(
    time: SimTime, priority: Int8, id: EventID, target: UInt32, kind: UInt32, payload: Int64
  ) {
    self.time = time
    self.priority = priority
    self.id = id
    self.target = target
    self.kind = kind
    self.payload = payload
  }
}
