/// The handle of a scheduled event, used to cancel it.
///
/// It is the event's sequence number: unique within one ``EventLoop`` and increasing in
/// the order events were scheduled.
public struct EventID: Hashable, Sendable, Comparable {
  /// Sequence number of the event within its event loop.
  public let sequence: UInt64

  @inlinable
  public init(sequence: UInt64) { self.sequence = sequence }

  @inlinable
  public static func < (lhs: EventID, rhs: EventID) -> Bool { lhs.sequence < rhs.sequence }
}
