import DeviceModel
import FileFormats
import SimKernel
import Testing

/// Restarts (``RestartSpec``): iOS 18's inactivity reboot, updates installed overnight
/// on the charger and Wi-Fi, the owner's restarts, and the lock until the first unlock.
@Suite struct RestartTests {
  /// A persona with only the restarts under test.
  func persona(owner: Double = 0, updates: Double = 0, inactivityHours: Double = 0) throws -> Persona {
    var p = try Repo.persona("typical")
    p.restarts.ownerPerDay = owner
    p.restarts.updatesPerDay = updates
    p.restarts.inactivityRebootSeconds = inactivityHours * 3600
    return p
  }

  func changes(_ persona: Persona, timeline: Timeline? = nil, days: Int, seed: UInt64 = 3) -> [DeviceChange] {
    var all: [DeviceChange] = []
    _ = DeviceSimulation(persona: persona, timeline: timeline, days: days, seed: seed, startDate: monday)
      .run(device: 0) { all.append($0) }
    return all
  }

  /// A phone nobody unlocks restarts 72 h after its last unlock, once (it is locked since
  /// the boot, the state the reboot is for), and boots `restart_duration` later.
  @Test func anUnusedPhoneRebootsAfterThreeDays() throws {
    // Only the charger scripted (random habits on for the rest), and no unlocks at all.
    var p = try persona(inactivityHours: 72)
    p.usage.unlocksPerDay = 0
    p.usage.appOpensPerDay = 0
    let c = changes(p, days: 8)
    let shutdowns = c.filter { $0.kind == .shutdown }
    #expect(shutdowns.count == 1, "\(shutdowns.map(\.time))")
    let off = try #require(shutdowns.first)
    #expect(abs(off.time.seconds - 72 * 3600) < 1e-6)
    let boot = try #require(c.first { $0.kind == .boot })
    #expect(abs((boot.time - off.time).seconds - p.restarts.restartSeconds) < 1e-6)
    #expect(!c.contains { $0.kind == .firstUnlock })
  }

  /// Unlocked every day, the phone never reboots for inactivity; with the rule off
  /// neither does an unused one.
  @Test func aPhoneInUseOrWithoutTheRuleDoesNotReboot() throws {
    #expect(
      !changes(try persona(inactivityHours: 72), days: 8).contains {
        $0.kind == .shutdown && $0.batteryPercent > 0
      })
    var unused = try persona(inactivityHours: 0)
    unused.usage.unlocksPerDay = 0
    unused.usage.appOpensPerDay = 0
    #expect(!changes(unused, days: 8).contains { $0.kind == .shutdown && $0.batteryPercent > 0 })
  }

  /// An update installs only at night (02:00–05:00), on the charger, on Wi-Fi and with
  /// the screen off; the phone boots locked and is unlocked at the owner's next use.
  /// With a release every day, over 20 days most nights see one.
  @Test func updatesInstallOvernightOnTheChargerAndWiFi() throws {
    let p = try persona(updates: 1)
    let c = changes(p, days: 20, seed: 11)
    var state = (plugged: false, wifi: true, screen: false)
    var installs = 0
    for (k, change) in c.enumerated() {
      switch change.kind {
      case .plugged: state.plugged = true
      case .unplugged: state.plugged = false
      case .network: state.wifi = change.value == "wifi"
      case .screenOn: state.screen = true
      case .screenOff: state.screen = false
      case .shutdown where change.batteryPercent > 0:
        installs += 1
        let hour = change.time.seconds.truncatingRemainder(dividingBy: 86_400) / 3600
        #expect(hour >= 2 && hour <= 5, "installed at \(hour) h")
        #expect(state.plugged && state.wifi && !state.screen)
        let boot = try #require(c[k...].first { $0.kind == .boot })
        #expect(abs((boot.time - change.time).seconds - p.restarts.updateSeconds) < 1e-6)
        let unlock = try #require(c[k...].first { $0.kind == .firstUnlock })
        let firstScreen = try #require(c[k...].first { $0.kind == .screenOn })
        #expect(unlock.time == firstScreen.time)
      default: break
      }
    }
    #expect(installs >= 10, "\(installs) installs in 20 nights")
    #expect(installs <= 20)
  }

  /// The owner's restarts come at the rate asked for: with 0.5 a day over 60 days, the
  /// count lies within four standard deviations of 30 (a Poisson count).
  @Test func ownerRestartsComeAtTheirRate() throws {
    let c = changes(try persona(owner: 0.5), days: 60, seed: 5)
    let restarts = c.filter { $0.kind == .shutdown && $0.batteryPercent > 0 }.count
    #expect(abs(Double(restarts) - 30) <= 4 * 30.0.squareRoot(), "\(restarts) restarts")
  }

  /// A timeline that turns random habits off scripts the restarts away too.
  @Test func aFullyScriptedPhoneDoesNotRestart() throws {
    var p = try persona(owner: 1, updates: 1, inactivityHours: 1)
    p.usage.unlocksPerDay = 0
    let timeline = Timeline(
      events: [TimelineEvent(time: SimTime(seconds: 3600), action: .plug)], randomHabits: false)
    #expect(!changes(p, timeline: timeline, days: 5).contains { $0.kind == .shutdown })
  }

  @Test(arguments: [
    ("restarts: {owner_per_day: 1.5}", "owner_per_day: 1.5 is out of range"),
    ("restarts: {updates_per_day: -0.1}", "updates_per_day: -0.1 is out of range"),
    ("restarts: {restart_duration: -1m}", "restarts.restart_duration"),
    ("restarts: {update_duration: 5}", "needs a unit"),
    ("restarts: {inactivity_reboot: 72}", "needs a unit"),
    ("restarts: {owner_per_dy: 0.1}", "did you mean 'owner_per_day'?"),
  ])
  func badRestartSettingsGetOneLine(yaml: String, message: String) throws {
    do {
      _ = try Persona(tree: ConfigTree.parse(yaml: yaml + "\n", file: "p.yaml"))
      Issue.record("accepted \(yaml)")
    } catch {
      #expect("\(error)".contains(message) && "\(error)".hasPrefix("p.yaml:1:"), "got \(error)")
    }
  }
}
