import Randomness
import SimKernel

/// Runs devices on their own, with no app and no scheduler: for traces, persona
/// statistics and tests. Each device gets its own kernel; its changes are handed to
/// `visit` day by day, in time order.
public struct DeviceSimulation: Sendable {
  public var persona: Persona
  public var timeline: Timeline?
  public var trace: RecordedTrace?
  public var days: Int
  public var seed: UInt64
  public var calendar: SimCalendar

  public init(
    persona: Persona, timeline: Timeline? = nil, trace: RecordedTrace? = nil, days: Int, seed: UInt64,
    startDate: CivilDate
  ) {
    self.persona = persona
    self.timeline = timeline
    self.trace = trace
    self.days = days
    self.seed = seed
    calendar = SimCalendar(startDate: startDate)
  }

  struct DeviceOnly: EventHandler {
    var device: SimulatedDevice
    mutating func handle(_ event: Event, loop: inout EventLoop) {
      device.handle(event, loop: &loop)
    }
  }

  /// What running one device gave.
  public struct Outcome: Sendable {
    public let days: [DeviceDayStats]
    /// Kernel events handled.
    public let events: Int64
    public let changes: Int
  }

  /// Simulates device `index` and returns the kernel events it handled, and nothing else:
  /// the device model's share of a run (`bgsim bench devices`). `usageDraws` is shared
  /// by the owner's arms as in a run.
  public func events(device index: Int, usageDraws: UsageDraws?) -> Int64 {
    var loop = EventLoop()
    var model = DeviceOnly(
      device: SimulatedDevice(
        id: index, persona: persona, calendar: calendar, streams: RandomStreams(seed: seed), target: 0,
        timeline: timeline, trace: trace, usageDraws: usageDraws))
    model.device.start(loop: &loop)
    for day in 0..<days {
      loop.run(until: calendar.startOfDay(day + 1), handler: &model)
      model.device.changes.removeAll(keepingCapacity: true)
    }
    usageDraws?.keep(model.device)
    return loop.eventsProcessed
  }

  /// Simulates device `index`, calling `visit` with each change, and returns its days.
  public func run(device index: Int, visit: (DeviceChange) -> Void = { _ in }) -> Outcome {
    var loop = EventLoop()
    var model = DeviceOnly(
      device: SimulatedDevice(
        id: index, persona: persona, calendar: calendar, streams: RandomStreams(seed: seed), target: 0,
        timeline: timeline, trace: trace))
    model.device.start(loop: &loop)
    var accumulator = DeviceDayAccumulator(calendar: calendar)
    var changes = 0
    for day in 0..<days {
      loop.run(until: calendar.startOfDay(day + 1), handler: &model)
      for change in model.device.changes {
        accumulator.consume(change)
        visit(change)
      }
      changes += model.device.changes.count
      model.device.changes.removeAll(keepingCapacity: true)
    }
    let end = calendar.startOfDay(days)
    return Outcome(
      days: accumulator.finish(at: end, level: model.device.batteryPercent(at: end)),
      events: loop.eventsProcessed, changes: changes)
  }
}
