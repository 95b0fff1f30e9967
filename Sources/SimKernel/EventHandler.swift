/// The model side of the run loop: it receives each event in order and may schedule
/// or cancel events through the event loop it is given.
///
/// Handlers are usually structs; the run loop takes them `inout`, so a handler's state
/// needs no locking and no reference counting on the hot path.
public protocol EventHandler {
  /// Handles one event. `loop.now` equals `event.time` during the call.
  mutating func handle(_ event: Event, loop: inout EventLoop)
}
