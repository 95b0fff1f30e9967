import Testing

@testable import SimKernel

@Suite struct SchedulerRunUntilTests {
  @Test func runUntilStopsExactlyAtItsBound() {
    var loop = EventLoop()
    for s in [1.0, 2.0, 3.0, 3.0, 4.0] { loop.schedule(at: SimTime(seconds: s)) }
    var recorder = Recorder()
    loop.run(until: SimTime(seconds: 3), handler: &recorder)
    #expect(recorder.seen.map(\.time.seconds) == [1, 2])
    #expect(loop.now == SimTime(seconds: 3))
    #expect(loop.pendingCount == 3)
    loop.run(until: SimTime(seconds: 3.5), handler: &recorder)
    #expect(recorder.seen.map(\.time.seconds) == [1, 2, 3, 3])
    #expect(loop.now == SimTime(seconds: 3.5))
  }

  @Test func consecutiveRunsHandleEachEventOnce() {
    var loop = EventLoop()
    for s in stride(from: 0.0, to: 100.0, by: 0.5) { loop.schedule(at: SimTime(seconds: s)) }
    var recorder = Recorder()
    for bound in stride(from: 10.0, through: 110.0, by: 10.0) {
      loop.run(until: SimTime(seconds: bound), handler: &recorder)
    }
    #expect(recorder.seen.count == 200)
    #expect(Set(recorder.seen.map(\.id)).count == 200)
  }

  @Test func clockAdvancesToBoundWhenQueueIsEmpty() {
    var loop = EventLoop()
    var recorder = Recorder()
    loop.run(until: SimTime(seconds: 86_400), handler: &recorder)
    #expect(loop.now == SimTime(seconds: 86_400))
    #expect(recorder.seen.isEmpty)
  }

  @Test func stopReturnsAfterTheCurrentEvent() {
    var loop = EventLoop()
    for s in 1...5 { loop.schedule(at: SimTime(seconds: Double(s)), payload: Int64(s)) }
    var recorder = Recorder()
    recorder.reaction = { event, s in
      if event.payload == 2 { s.stop() }
    }
    loop.run(until: SimTime(seconds: 100), handler: &recorder)
    #expect(recorder.seen.map(\.payload) == [1, 2])
    #expect(loop.now == SimTime(seconds: 2))
    recorder.reaction = nil
    loop.run(until: SimTime(seconds: 100), handler: &recorder)
    #expect(recorder.seen.map(\.payload) == [1, 2, 3, 4, 5])
  }
}
