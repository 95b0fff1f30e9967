import Randomness
import SimKernel

/// An owner's usage draws, kept for the owner's other arms: the unlock times and screen
/// session lengths, the app-open times and app session lengths, and the network's draws
/// (the day's departure and return, each period's network and length).
///
/// These draws come from the owner's `usage`, `app` and `network` streams alone, and each
/// asks only for the time of the previous unlock (or open, or network period), which the
/// same draws set; nothing the app or the system scheduler does changes them. So every
/// arm of an owner would draw the same numbers, and the first arm to run keeps them while
/// the others read them (the thinning of the time-of-day rate and the log-normal sessions
/// cost about a tenth of a run). A device starts from the draws kept so far (its
/// `usageDraws` argument) and hands back what it drew (``keep(_:)``) when its run is over;
/// one object serves the arms of one owner, simulated one after another. The owner's
/// usage, app and network streams live here too: a device that asks for more than was
/// kept (a longer run) draws on from where the keeping device stopped. A device of another owner (other stream keys) is
/// not served and draws on its own.
public final class UsageDraws {
  var unlocks = UsageDrawSequence()
  var opens = UsageDrawSequence()
  var network = DrawSequence()
  /// The owner's usage, app and network streams, from the first device served.
  private(set) var streams: (usage: RandomStream, app: RandomStream, network: RandomStream)?

  public init() {}

  /// The shared streams for a device whose own streams are `usage`, `app` and `network`,
  /// or nil when they belong to another owner than the first device's.
  func adopt(usage: RandomStream, app: RandomStream, network: RandomStream) -> (
    usage: RandomStream, app: RandomStream, network: RandomStream
  )? {
    guard let kept = streams else {
      streams = (usage, app, network)
      return streams
    }
    return kept.usage.key == usage.key && kept.app.key == app.key && kept.network.key == network.key
      ? kept : nil
  }

  /// Keeps the draws `device` made beyond those kept so far (nothing for a device this
  /// object does not serve).
  public func keep(_ device: SimulatedDevice) {
    guard device.keepsUsageDraws else { return }
    if device.unlockDraws.times.count > unlocks.times.count
      || device.unlockDraws.lengths.values.count > unlocks.lengths.values.count
    {
      unlocks = device.unlockDraws
    }
    if device.openDraws.times.count > opens.times.count
      || device.openDraws.lengths.values.count > opens.lengths.values.count
    {
      opens = device.openDraws
    }
    if device.networkDraws.values.count > network.values.count { network = device.networkDraws }
  }
}

/// Draws kept as numbers, in the order a device asks for them, and where the device is
/// in them: session lengths, and the network stream's uniforms and sampled times alike.
struct DrawSequence {
  var values: [Double] = []
  var next = 0

  /// The same draws, to be read from the start.
  var rewound: DrawSequence {
    var s = self
    s.next = 0
    return s
  }

  /// The next kept draw, moving on; nil when it is not kept yet.
  @inline(__always)
  mutating func kept() -> Double? {
    guard next < values.count else { return nil }
    next += 1
    return values[next - 1]
  }

  /// Keeps a draw, moving on.
  @inline(__always)
  mutating func keep(_ value: Double) {
    values.append(value)
    next += 1
  }
}

/// One usage stream's draws, in the order a device asks for them, and where the device
/// is in them. A device reads a kept draw if there is one, else draws and keeps it: the
/// two steps are separate (no closure), so that the device's profile and stream are read
/// in place, and the arrays live in the device, so that reading them retains nothing.
struct UsageDrawSequence {
  /// Each next event time drawn [µs], `Int64.min` for none: eight bytes a draw, since an
  /// owner's draws are held while its arms run (about 70 unlocks a day).
  var times: [Int64] = []
  #if DEBUG
    /// The time each was drawn after, to check that they are asked for in the same order.
    var afters: [SimTime] = []
  #endif
  /// Session lengths [s], as sampled (before any clamping).
  var lengths = DrawSequence()
  var nextTime = 0

  /// The same draws, to be read from the start.
  var rewound: UsageDrawSequence {
    var s = self
    s.nextTime = 0
    s.lengths.next = 0
    return s
  }

  /// The next event time of `profile` after `after`: the kept one, else drawn from
  /// `stream` (and kept, when `keeping`).
  @inline(__always)
  mutating func nextTime(
    after: SimTime, of profile: TimeOfDayProfile, _ calendar: SimCalendar, _ stream: RandomStream,
    keeping: Bool
  ) -> SimTime? {
    if let kept = keptTime(after: after) { return kept.at }
    let t = profile.nextEvent(after: after, calendar: calendar, stream: stream)
    if keeping { keep(t, after: after) }
    return t
  }

  /// The next session length [s]: the kept one, else drawn from `distribution` on
  /// `stream` (and kept, when `keeping`).
  @inline(__always)
  mutating func nextLength(of distribution: RandomDistribution, _ stream: RandomStream, keeping: Bool)
    -> Double
  {
    if let kept = lengths.kept() { return kept }
    let x = distribution.sample(stream)
    if keeping { lengths.keep(x) }
    return x
  }

  /// A kept next-event time (which may be "none").
  struct KeptTime {
    let at: SimTime?
  }

  /// The kept next event time after `after`, moving on; nil when it is not kept yet.
  @inline(__always)
  mutating func keptTime(after: SimTime) -> KeptTime? {
    guard nextTime < times.count else { return nil }
    #if DEBUG
      precondition(afters[nextTime] == after, "usage draws asked in another order than kept")
    #endif
    let t = times[nextTime]
    nextTime += 1
    return KeptTime(at: t == .min ? nil : SimTime(microseconds: t))
  }

  /// Keeps a time drawn after `after`, moving on.
  @inline(__always)
  mutating func keep(_ at: SimTime?, after: SimTime) {
    times.append(at?.microseconds ?? .min)
    #if DEBUG
      afters.append(after)
    #endif
    nextTime += 1
  }
}
