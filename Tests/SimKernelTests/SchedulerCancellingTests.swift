import Testing

@testable import SimKernel

@Suite struct SchedulerCancellingTests {
  @Test func cancelledEventNeverRuns() {
    var scheduler = Scheduler()
    scheduler.schedule(at: SimTime(seconds: 1), payload: 1)
    let doomed = scheduler.schedule(at: SimTime(seconds: 2), payload: 2)
    scheduler.schedule(at: SimTime(seconds: 3), payload: 3)
    scheduler.cancel(doomed)
    #expect(scheduler.pendingCount == 2)
    var recorder = Recorder()
    scheduler.runUntilEmpty(handler: &recorder)
    #expect(recorder.seen.map(\.payload) == [1, 3])
    #expect(scheduler.eventsProcessed == 2)
  }

  @Test func handlerCanCancelALaterEvent() {
    var scheduler = Scheduler()
    scheduler.schedule(at: SimTime(seconds: 1), kind: 1)
    let timeout = scheduler.schedule(at: SimTime(seconds: 30), kind: 2)
    var recorder = Recorder()
    recorder.reaction = { event, s in
      if event.kind == 1 { s.cancel(timeout) }
    }
    scheduler.runUntilEmpty(handler: &recorder)
    #expect(recorder.seen.map(\.kind) == [1])
  }

  @Test func cancellingTwiceOrAfterRunningIsHarmless() {
    var scheduler = Scheduler()
    let first = scheduler.schedule(at: SimTime(seconds: 1), payload: 1)
    var recorder = Recorder()
    scheduler.run(until: SimTime(seconds: 2), handler: &recorder)
    scheduler.cancel(first)  // already ran
    let second = scheduler.schedule(at: SimTime(seconds: 3), payload: 2)
    scheduler.cancel(second)
    scheduler.cancel(second)
    scheduler.schedule(at: SimTime(seconds: 4), payload: 3)
    scheduler.runUntilEmpty(handler: &recorder)
    #expect(recorder.seen.map(\.payload) == [1, 3])
  }

  @Test func cancellingHandlesOfFinishedEventsDoesNotAccumulate() {
    var scheduler = Scheduler()
    var recorder = Recorder()
    for i in 0..<10_000 {
      let id = scheduler.schedule(after: .seconds(1), payload: Int64(i))
      scheduler.run(until: scheduler.now + .seconds(2), handler: &recorder)
      scheduler.cancel(id)  // a stale handle every time
    }
    #expect(recorder.seen.count == 10_000)
    #expect(scheduler.cancelled.count <= 64)
  }

  @Test func nextEventTimeSkipsCancelledHead() {
    var scheduler = Scheduler()
    let a = scheduler.schedule(at: SimTime(seconds: 1))
    scheduler.schedule(at: SimTime(seconds: 5))
    scheduler.cancel(a)
    #expect(scheduler.nextEventTime() == SimTime(seconds: 5))
  }
}
