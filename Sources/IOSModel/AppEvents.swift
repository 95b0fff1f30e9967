/// What the app did since the last time its events were passed on, in order, as a
/// ``LaunchDecider`` receives them. A view of the app's own list: read it during the
/// call it is handed to, and do not keep it.
///
/// ```swift
/// for event in events where event.kind == .submit { … }
/// ```
public struct AppEvents: RandomAccessCollection {
  let base: UnsafePointer<AppEvent>?
  public let count: Int

  init(base: UnsafePointer<AppEvent>?, count: Int) {
    self.base = base
    self.count = count
  }

  public var startIndex: Int { 0 }
  public var endIndex: Int { count }

  /// The event at `index`, read in place: reading one field copies that field, not the
  /// event.
  public subscript(index: Int) -> AppEvent {
    unsafeAddress {
      precondition(index >= 0 && index < count, "event \(index) is not in 0..<\(count)")
      return base.unsafelyUnwrapped + index
    }
  }
}
