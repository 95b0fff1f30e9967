extension Array {
  /// Empties a short list (an outbox of one or two entries, drained at every event),
  /// keeping its storage: element by element from the end. `removeAll(keepingCapacity:)`
  /// goes through the general range replacement instead (two uniqueness checks and a
  /// move of the empty tail), several times the cost for such lists. For long lists,
  /// `removeAll(keepingCapacity:)` is the better call.
  @inlinable @inline(__always)
  package mutating func removeAllOfShortList() {
    while !isEmpty { removeLast() }
  }
}
