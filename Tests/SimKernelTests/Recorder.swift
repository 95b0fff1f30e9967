import SimKernel

/// A handler that records every event it receives and can run a scripted reaction.
struct Recorder: EventHandler {
  var seen: [Event] = []
  var reaction: ((Event, inout Scheduler) -> Void)?

  mutating func handle(_ event: Event, scheduler: inout Scheduler) {
    seen.append(event)
    reaction?(event, &scheduler)
  }
}
