import Randomness
import SimKernel
import Testing

@testable import DeviceModel

/// The arms of an owner share its usage draws (``UsageDraws``): the first arm draws and
/// keeps them, the others read them. Each arm must see exactly the phone it would have
/// seen drawing on its own, even though the arms load the battery differently.
@Suite struct UsageDrawsTests {
  /// A phone and an "app" that keeps it busy in the background on its own schedule.
  struct Phone: EventHandler {
    var device: SimulatedDevice
    /// Background work: every `period` seconds, for `busySeconds`.
    let period: Double
    let busySeconds: Double

    mutating func handle(_ event: Event, loop: inout EventLoop) {
      guard event.target == 1 else {
        device.handle(event, loop: &loop)
        return
      }
      let starting = event.kind == 0
      device.setBackgroundWork(running: starting, loop: &loop)
      loop.schedule(
        after: .seconds(starting ? busySeconds : period - busySeconds), target: 1, kind: starting ? 1 : 0)
    }
  }

  /// Every change of state over `days`, as text.
  func changes(
    _ persona: Persona, device: Int, period: Double, busySeconds: Double, days: Int, shared: UsageDraws?
  ) -> [String] {
    let calendar = SimCalendar(startDate: monday)
    var phone = Phone(
      device: SimulatedDevice(
        id: device, persona: persona, calendar: calendar, streams: RandomStreams(seed: 5, replication: 1),
        target: 0, usageDraws: shared),
      period: period, busySeconds: busySeconds)
    var loop = EventLoop()
    phone.device.start(loop: &loop)
    loop.schedule(after: .seconds(period), target: 1, kind: 0)
    var out: [String] = []
    for day in 0..<days {
      loop.run(until: calendar.startOfDay(day + 1), handler: &phone)
      out += phone.device.changes.map {
        "\($0.time.microseconds) \($0.kind) \($0.detail) \($0.batteryPercent)"
      }
      phone.device.changes.removeAll()
    }
    shared?.keep(phone.device)
    return out
  }

  @Test(arguments: DeviceInvariantTests.personas)
  func armsThatShareDrawsSeeThePhonesTheyWouldDrawAlone(_ name: String) throws {
    let persona = try Repo.persona(name)
    // Two "arms": a light and a heavy background load (the heavy one drains the battery
    // faster, so plugging, Low Power Mode and shutdowns can differ).
    let arms = [(period: 3600.0, busy: 10.0), (period: 900.0, busy: 600.0)]
    for device in 0..<3 {
      let alone = arms.map {
        changes(persona, device: device, period: $0.period, busySeconds: $0.busy, days: 10, shared: nil)
      }
      let draws = UsageDraws()
      let shared = arms.map {
        changes(persona, device: device, period: $0.period, busySeconds: $0.busy, days: 10, shared: draws)
      }
      // The network's draws are kept too (ten days: departures and many periods).
      #expect(draws.network.values.count > 20, "\(name), owner \(device)")
      #expect(shared[0] == alone[0], "\(name), owner \(device): the drawing arm")
      #expect(shared[1] == alone[1], "\(name), owner \(device): the reading arm")
      // The arms' phones differ (the test would show nothing otherwise), and the same
      // unlocks happen in both.
      #expect(alone[0] != alone[1])
      let unlocks = alone.map { $0.filter { $0.contains(" screenOn ") }.count }
      #expect(unlocks[0] > 10 * 20)
    }
  }

  @Test func aLongerRunDrawsOnWhereTheKeepingArmStopped() throws {
    let persona = try Repo.persona("typical")
    let draws = UsageDraws()
    let first = changes(persona, device: 1, period: 1800, busySeconds: 30, days: 5, shared: draws)
    let second = changes(persona, device: 1, period: 1800, busySeconds: 30, days: 5, shared: draws)
    #expect(first == second)
    // Seven days on draws kept for five: the last two days' draws continue the owner's
    // streams from where the keeping arm left them.
    let longer = changes(persona, device: 1, period: 1800, busySeconds: 30, days: 7, shared: draws)
    let alone = changes(persona, device: 1, period: 1800, busySeconds: 30, days: 7, shared: nil)
    #expect(longer == alone)
  }

  @Test func anotherOwnerIsNotServedTheDraws() throws {
    let persona = try Repo.persona("typical")
    let draws = UsageDraws()
    _ = changes(persona, device: 1, period: 1800, busySeconds: 30, days: 3, shared: draws)
    let other = changes(persona, device: 2, period: 1800, busySeconds: 30, days: 3, shared: draws)
    let alone = changes(persona, device: 2, period: 1800, busySeconds: 30, days: 3, shared: nil)
    #expect(other == alone)
  }

  @Test func theReadingArmReadsTheKeptDraws() throws {
    let persona = try Repo.persona("typical")
    let draws = UsageDraws()
    let first = changes(persona, device: 4, period: 1800, busySeconds: 30, days: 3, shared: draws)
    let kept = (draws.unlocks.times.count, draws.unlocks.lengths.values.count, draws.opens.times.count)
    #expect(kept.0 > 3 * 20 && kept.1 == kept.0 - 1 && kept.2 > 3)
    // Reading leaves the kept draws as they were...
    #expect(changes(persona, device: 4, period: 1800, busySeconds: 30, days: 3, shared: draws) == first)
    #expect(draws.unlocks.times.count == kept.0)
    // ...and a reader uses them: longer kept sessions give a different phone.
    draws.unlocks.lengths.values = draws.unlocks.lengths.values.map { $0 + 60 }
    #expect(changes(persona, device: 4, period: 1800, busySeconds: 30, days: 3, shared: draws) != first)
  }
}
