import DeviceModel
import Randomness
import SimKernel
import Testing

@testable import IOSModel

/// dasd's prediction jitter: one value for every app, drawn again only once 300 s have
/// passed since it was last asked for.
@Suite struct PredictionJitterTests {
  func scheduler(redraw: Double = 300) -> SystemScheduler {
    var p = SchedulerParameters()
    p.appJitterRedrawSeconds = redraw
    return SystemScheduler(
      parameters: p, calendar: SimCalendar(startDate: CivilDate(iso: "2026-01-05")!),
      stream: RandomStreams(seed: 4).stream("scheduler"))
  }

  @Test func askedWithinFiveMinutesItStaysTheSame() {
    var s = scheduler()
    let first = s.usage.jitter(at: SimTime(seconds: 1000), redrawSeconds: s.parameters.appJitterRedrawSeconds)
    // Each ask within 300 s of the last keeps it, however long the chain.
    for t in stride(from: 1200.0, through: 3000, by: 200) {
      #expect(
        s.usage.jitter(at: SimTime(seconds: t), redrawSeconds: s.parameters.appJitterRedrawSeconds) == first,
        "at \(t) s")
    }
    let later = s.usage.jitter(at: SimTime(seconds: 3301), redrawSeconds: s.parameters.appJitterRedrawSeconds)
    #expect(later != first, "301 s after the last ask: drawn again")
    #expect((0..<1).contains(later))
  }

  /// With no wait, every ask draws: the values are the stream's own draws in order.
  @Test func withoutTheWaitEveryAskDraws() {
    var s = scheduler(redraw: 0)
    let stream = RandomStreams(seed: 4).stream("scheduler")
    for t in [0.0, 1, 2, 3] {
      #expect(
        s.usage.jitter(at: SimTime(seconds: t), redrawSeconds: s.parameters.appJitterRedrawSeconds)
          == stream.uniform())
    }
  }
}
