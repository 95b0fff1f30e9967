import SimKernel

/// A handler that records every event it receives and can run a scripted reaction.
struct Recorder: EventHandler {
  var seen: [Event] = []
  var reaction: ((Event, inout EventLoop) -> Void)?

  mutating func handle(_ event: Event, loop: inout EventLoop) {
    seen.append(event)
    reaction?(event, &loop)
  }
}
