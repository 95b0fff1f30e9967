import Experiments
import FileFormats
import Randomness
import SimKernel

/// The classic hold model (Vaucher and Duval, 1975): `entities` entities, each of
/// which, when its event runs, schedules its next one at now + Exp(1 s). The queue stays
/// at `entities` events, so the run measures the kernel's pop-and-push cost together
/// with one exponential draw from a real random stream.
public struct HoldBenchmark: Sendable {
  /// Number of entities, and so the queue size [≥ 1].
  public var entities: Int
  /// Number of events to process [≥ 1].
  public var events: Int64
  /// Master seed of the random stream.
  public var seed: UInt64

  public init(entities: Int, events: Int64, seed: UInt64) {
    self.entities = entities
    self.events = events
    self.seed = seed
  }

  /// What one run measured.
  public struct Result: Sendable {
    public let events: Int64
    public let wallSeconds: Double
    /// Simulated time reached [s].
    public let simulatedSeconds: Double
    public let finalQueueSize: Int
    public var eventsPerSecond: Double { Double(events) / wallSeconds }
  }

  struct Model: EventHandler {
    let stream: RandomStream
    var remaining: Int64

    @inline(__always)
    mutating func handle(_ event: Event, loop: inout EventLoop) {
      remaining &-= 1
      if remaining <= 0 { loop.stop() }
      let delay = SimDuration(microseconds: Int64(stream.exponential(mean: 1e6)) &+ 1)
      loop.schedule(after: delay, target: event.target)
    }
  }

  /// Runs the model and times it with a monotonic clock.
  public func run() -> Result {
    let stream = RandomStreams(seed: seed).stream("bench/hold")
    var loop = EventLoop()
    for entity in 0..<entities {
      let start = SimDuration(microseconds: Int64(stream.exponential(mean: 1e6)))
      loop.schedule(after: start, target: UInt32(truncatingIfNeeded: entity))
    }
    var model = Model(stream: stream, remaining: events)
    let clock = ContinuousClock()
    let began = clock.now
    loop.runUntilEmpty(handler: &model)
    let elapsed = clock.now - began
    let wall = elapsed.inSeconds
    return Result(
      events: loop.eventsProcessed, wallSeconds: wall,
      simulatedSeconds: loop.now.seconds, finalQueueSize: loop.pendingCount)
  }
}
