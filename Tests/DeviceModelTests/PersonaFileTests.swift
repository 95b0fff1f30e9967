import DeviceModel
import FileFormats
import Testing

@Suite struct PersonaFileTests {
  @Test func builtInPersonasLoad() throws {
    for name in ["typical", "heavy-night-charger", "light-opportunistic", "commuter-poor-connectivity"] {
      let persona = try Repo.persona(name)
      #expect(persona.name == name)
    }
  }

  @Test func typicalFileMatchesTheBuiltInDefaults() throws {
    let fromFile = try Repo.persona("typical")
    var defaults = Persona()
    defaults.summary = fromFile.summary
    #expect(fromFile == defaults)
  }

  @Test func overridesApplyKeyByKey() throws {
    let path = Repo.root.appendingPathComponent("experiments/personas/typical.yaml").path
    let capacity = try ConfigTree.parse(yaml: "17.11", file: "experiment.yaml")
    let persona = try Persona.load(file: path, overrides: [("battery.capacity_wh", capacity)])
    #expect(persona.battery.capacityWh == 17.11)
    #expect(persona.usage.unlocksPerDay == 70)
  }

  @Test(arguments: [
    (
      "usage:\n  unlocks_per_dya: 70\n",
      ":2: usage.unlocks_per_dya: unknown key 'unlocks_per_dya'; did you mean 'unlocks_per_day'?"
    ),
    ("usage:\n  unlocks_per_day: -3\n", ":2: usage.unlocks_per_day: -3 is out of range"),
    ("usage:\n  app_opens_owner_sigma: -0.5\n", ":2: usage.app_opens_owner_sigma: -0.5 is out of range"),
    ("usage:\n  unlocks_owner_sigma: 4\n", ":2: usage.unlocks_owner_sigma: 4 is out of range"),
    ("usage:\n  force_quit_probability: 1.5\n", ":2: usage.force_quit_probability: 1.5 is not a probability"),
    (
      "charging:\n  overnight_plug_in: 23h\n  overnight_unplug: seven\n",
      ":3: charging.overnight_unplug: 'seven' is not a number, a duration"
    ),
    ("usage:\n  session_length: \"lognormal(median: -3s, sigma: 1)\"\n", "median must be greater than 0"),
    ("network:\n  leave_home: 8\n", "needs durations with units"),
    (
      "network:\n  leave_home: 20h\n  return_home: 7h\n",
      ":3: network.return_home: return_home's mean (7h) is not after leave_home's (20h), so each weekday trip would last 30 min"
    ),
    (
      "network:\n  leave_home: 20h\n",
      ":2: network.leave_home: return_home's mean (19h) is not after leave_home's (20h)"
    ),
    ("battery: [1, 2\n", "malformed YAML"),
    ("batery:\n  capacity_wh: 3\n", ":1: batery: unknown key 'batery'; did you mean 'battery'?"),
    ("thermal:\n  heavy_use_after: 15\n", "needs a unit"),
  ])
  func badPersonaFilesGetOneLineNamingFileLineAndKey(yaml: String, message: String) {
    let path = temporaryFile("persona.yaml", yaml)
    do {
      _ = try Persona.load(file: path)
      Issue.record("accepted: \(yaml)")
    } catch {
      #expect(error.description.hasPrefix(path))
      #expect(error.description.contains(message), "got: \(error.description)")
      #expect(!error.description.contains("\n"))
    }
  }

  @Test func missingFileIsReported() {
    do {
      _ = try Persona.load(file: "/nonexistent/persona.yaml")
      Issue.record("accepted a missing file")
    } catch {
      #expect(error.description == "/nonexistent/persona.yaml: no such file")
    }
  }

  /// A night away, timed as the refusal above says: out at 20:00 and back at 07:00 the
  /// next morning (31 h), 11 h away against the typical commuter's 10.75 h, so the
  /// Wi-Fi share stays in the typical's 0.5–0.7 (four standard errors over owners). With
  /// the return written 7h, the trip was the 30-min floor: a share of 0.9.
  @Test func aNightAwayIsTimedPastMidnight() throws {
    let typical = try String(
      contentsOf: Repo.root.appendingPathComponent("experiments/personas/typical.yaml"), encoding: .utf8)
    let night =
      typical
      .replacingOccurrences(of: "normal(mean: 8.25h, sd: 45m)", with: "normal(mean: 20h, sd: 45m)")
      .replacingOccurrences(of: "normal(mean: 19h, sd: 75m)", with: "normal(mean: 31h, sd: 75m)")
    #expect(night != typical)
    let sim = DeviceSimulation(
      persona: try Persona.load(file: temporaryFile("night.yaml", night)), days: 10, seed: 7,
      startDate: monday)
    let devices = (0..<20).map { sim.run(device: $0).days }
    let (mean, se) = meanOverDevices(devices) { average($0) { $0.wifiSeconds / 86_400 } }
    #expect(mean >= 0.5 - 4 * se && mean <= 0.7 + 4 * se, "Wi-Fi share \(mean) ± \(se)")
  }
}
