import Randomness
import SimKernel

/// An owner's usage draws, kept for the owner's other arms: the unlock times and screen
/// session lengths, and the app-open times and app session lengths.
///
/// These draws come from the owner's `usage` and `app` streams alone, and each asks only
/// for the time of the previous unlock (or open), which the same draws set; nothing the
/// app or the system scheduler does changes them. So every arm of an owner would draw
/// the same numbers, and the first arm to run records them while the others read them
/// (the thinning of the time-of-day rate and the log-normal sessions cost about a tenth
/// of a run). Each ``SimulatedDevice`` keeps its own reading position; one object
/// serves the arms of one owner, simulated one after another on one thread. The owner's
/// usage and app streams live here too: a device that asks for more than was kept (a
/// longer run) draws on from where the keeping device stopped. A device of another
/// owner (other stream keys) is not served and draws on its own.
public final class UsageDraws {
  /// One stream's draws, in the order a device asks for them.
  final class Sequence {
    /// The time each next event was drawn after, and the time drawn (nil: none).
    var times: [(after: SimTime, at: SimTime?)] = []
    /// Session lengths [s], as sampled (before any clamping).
    var lengths: [Double] = []
  }

  let unlocks = Sequence()
  let opens = Sequence()
  /// The owner's usage and app streams, from the first device served.
  private(set) var streams: (usage: RandomStream, app: RandomStream)?

  public init() {}

  /// The shared streams for a device whose own streams are `usage` and `app`, or nil
  /// when they belong to another owner than the first device's.
  func adopt(usage: RandomStream, app: RandomStream) -> (usage: RandomStream, app: RandomStream)? {
    guard let kept = streams else {
      streams = (usage, app)
      return streams
    }
    return kept.usage.key == usage.key && kept.app.key == app.key ? kept : nil
  }
}

/// Where a device is in a ``UsageDraws/Sequence``.
struct UsageDrawCursor {
  var times = 0
  var lengths = 0

  /// The next event time after `after`: the kept one, or `draw()`'s (then kept).
  @inline(__always)
  mutating func time(_ sequence: UsageDraws.Sequence, after: SimTime, draw: () -> SimTime?) -> SimTime? {
    defer { times += 1 }
    if times < sequence.times.count {
      assert(sequence.times[times].after == after, "usage draws asked in another order than kept")
      return sequence.times[times].at
    }
    let t = draw()
    sequence.times.append((after, t))
    return t
  }

  /// The next session length [s]: the kept one, or `draw()`'s (then kept).
  @inline(__always)
  mutating func length(_ sequence: UsageDraws.Sequence, draw: () -> Double) -> Double {
    defer { lengths += 1 }
    if lengths < sequence.lengths.count { return sequence.lengths[lengths] }
    let x = draw()
    sequence.lengths.append(x)
    return x
  }
}
