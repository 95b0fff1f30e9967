import Randomness
import SimKernel

/// The app's server: it sends silent pushes to one phone as a Poisson process
/// [pushes/h]. Part of the world an experiment wires, not of the phone's system.
public struct SilentPushServer {
  /// Pushes sent per hour, on average [1/h].
  public let perHour: Double
  let stream: RandomStream

  /// A server sending `perHour` pushes an hour, drawing its gaps from `stream`.
  public init(perHour: Double, stream: RandomStream) {
    self.perHour = perHour
    self.stream = stream
  }

  /// The server's stream for the phone whose system scheduler draws from `scheduler`:
  /// keyed off that stream's key ("push"), as when the server lived in the scheduler,
  /// so that results stay the same.
  public static func stream(pairedWith scheduler: RandomStream) -> RandomStream {
    RandomStream(key: scheduler.key ^ 0x7075_7368)
  }

  /// Schedules the next push after `time`, addressed to `target`.
  func scheduleNext(after time: SimTime, target: UInt32, loop: inout EventLoop) {
    guard perHour > 0 else { return }
    loop.schedule(at: time + .seconds(stream.exponential(mean: 3600 / perHour)), target: target)
  }
}
