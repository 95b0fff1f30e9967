import DeviceModel
import PropertyBased
import SimKernel
import Testing

/// Properties that must hold for any owner and any seed.
@Suite struct DeviceInvariantTests {
  static let personas = [
    "typical", "heavy-night-charger", "light-opportunistic", "commuter-poor-connectivity",
  ]

  @Test func invariantsHoldForRandomSeedsAndPersonas() async throws {
    let personas = try Self.personas.map(Repo.persona)
    await propertyCheck(count: 24, input: Gen.int(in: 0...1_000_000), Gen.int(in: 0...3)) { seed, which in
      var stressed = personas[which]
      // Make flat batteries likely, so the 0 % rules are exercised too.
      if seed % 2 == 0 {
        stressed.charging.overnightProbability = 0.3
        stressed.charging.lowBatteryPlugProbability = 0
        stressed.battery.idleDrainPerHour = 3
      }
      let sim = DeviceSimulation(persona: stressed, days: 10, seed: UInt64(seed), startDate: monday)
      var last = SimTime.zero
      var plugged: Bool?
      var poweredOn = true
      var violations: [String] = []
      var lastPercent: Double?
      _ = sim.run(device: seed % 7) { c in
        if c.time < last { violations.append("time went back at \(c.time)") }
        last = c.time
        // The level is exact at every change and each multiple of 5 it passes is a
        // change of its own: no band is skipped between two changes.
        if let before = lastPercent, c.kind != .batterySet {
          let (low, high) = (min(before, c.batteryPercent), max(before, c.batteryPercent))
          let band = (low / 5).rounded(.down) * 5 + 5
          if band < high - 1e-6 { violations.append("passed \(band) % unannounced before \(c.time)") }
        }
        if c.kind == .batteryLevel, abs(c.batteryPercent / 5 - (c.batteryPercent / 5).rounded()) > 1e-9 {
          violations.append("crossing at \(c.batteryPercent) % at \(c.time)")
        }
        lastPercent = c.batteryPercent
        if !(0...100).contains(c.batteryPercent) {
          violations.append("battery \(c.batteryPercent) at \(c.time)")
        }
        switch c.kind {
        case .plugged:
          if plugged == true { violations.append("plugged twice at \(c.time)") }
          plugged = true
        case .unplugged:
          if plugged != true { violations.append("unplugged while not plugged at \(c.time)") }
          plugged = false
        case .shutdown: poweredOn = false
        case .boot: poweredOn = true
        case .screenOn:
          if c.batteryPercent <= 0 || !poweredOn {
            violations.append("screen on at 0 % or while off at \(c.time)")
          }
        default: break
        }
      }
      #expect(violations.isEmpty, "seed \(seed), persona \(Self.personas[which]): \(violations.prefix(3))")
    }
  }

  @Test func aFlatPhoneShutsDownAndBootsOnTheCharger() throws {
    var persona = try Repo.persona("typical")
    persona.battery.initialPercent = .constant(.init(3, isDuration: false))
    let timeline = Timeline(events: [
      TimelineEvent(time: SimTime(seconds: 10 * 3600), action: .plug),
      TimelineEvent(time: SimTime(seconds: 14 * 3600), action: .unplug),
    ])
    let sim = DeviceSimulation(persona: persona, timeline: timeline, days: 1, seed: 3, startDate: monday)
    var kinds: [(DeviceChange.Kind, SimTime)] = []
    _ = sim.run(device: 0) { kinds.append(($0.kind, $0.time)) }
    let shutdown = try #require(kinds.first { $0.0 == .shutdown })
    let boot = try #require(kinds.first { $0.0 == .boot })
    #expect(shutdown.1 < SimTime(seconds: 10 * 3600))
    #expect(boot.1 == SimTime(seconds: 10 * 3600 + persona.battery.bootDelaySeconds))
    #expect(!kinds.contains { $0.0 == .screenOn && $0.1 > shutdown.1 && $0.1 < boot.1 })
  }
}
