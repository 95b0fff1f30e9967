import Testing

@testable import SimKernel

@Suite struct SchedulerCancellingTests {
  @Test func cancelledEventNeverRuns() {
    var loop = EventLoop()
    loop.schedule(at: SimTime(seconds: 1), payload: 1)
    let doomed = loop.schedule(at: SimTime(seconds: 2), payload: 2)
    loop.schedule(at: SimTime(seconds: 3), payload: 3)
    loop.cancel(doomed)
    #expect(loop.pendingCount == 2)
    var recorder = Recorder()
    loop.runUntilEmpty(handler: &recorder)
    #expect(recorder.seen.map(\.payload) == [1, 3])
    #expect(loop.eventsProcessed == 2)
  }

  @Test func handlerCanCancelALaterEvent() {
    var loop = EventLoop()
    loop.schedule(at: SimTime(seconds: 1), kind: 1)
    let timeout = loop.schedule(at: SimTime(seconds: 30), kind: 2)
    var recorder = Recorder()
    recorder.reaction = { event, s in
      if event.kind == 1 { s.cancel(timeout) }
    }
    loop.runUntilEmpty(handler: &recorder)
    #expect(recorder.seen.map(\.kind) == [1])
  }

  @Test func cancellingTwiceOrAfterRunningIsHarmless() {
    var loop = EventLoop()
    let first = loop.schedule(at: SimTime(seconds: 1), payload: 1)
    var recorder = Recorder()
    loop.run(until: SimTime(seconds: 2), handler: &recorder)
    loop.cancel(first)  // already ran
    let second = loop.schedule(at: SimTime(seconds: 3), payload: 2)
    loop.cancel(second)
    loop.cancel(second)
    loop.schedule(at: SimTime(seconds: 4), payload: 3)
    loop.runUntilEmpty(handler: &recorder)
    #expect(recorder.seen.map(\.payload) == [1, 3])
  }

  @Test func cancellingHandlesOfFinishedEventsDoesNotAccumulate() {
    var loop = EventLoop()
    var recorder = Recorder()
    for i in 0..<10_000 {
      let id = loop.schedule(after: .seconds(1), payload: Int64(i))
      loop.run(until: loop.now + .seconds(2), handler: &recorder)
      loop.cancel(id)  // a stale handle every time
    }
    #expect(recorder.seen.count == 10_000)
    #expect(loop.cancelled.count <= 64)
  }

  @Test func nextEventTimeSkipsCancelledHead() {
    var loop = EventLoop()
    let a = loop.schedule(at: SimTime(seconds: 1))
    loop.schedule(at: SimTime(seconds: 5))
    loop.cancel(a)
    #expect(loop.nextEventTime() == SimTime(seconds: 5))
  }
}
