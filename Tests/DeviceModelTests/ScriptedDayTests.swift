import DeviceModel
import FileFormats
import SimKernel
import Testing

@Suite struct ScriptedDayTests {
  let yaml = """
    timeline:
      - [12:00, wifi_off]
      - [13:00, wifi_on]
      - [19:13, open_app, 60s]
      - [20:40, plug]
      - [d1 08:30, unplug]
      - {time: "d1 09:00:30", event: screen_on, value: 2m}
    """

  func run(_ timeline: Timeline, days: Int = 2) throws -> [DeviceChange] {
    let sim = DeviceSimulation(
      persona: try Repo.persona("typical"), timeline: timeline, days: days, seed: 1, startDate: monday)
    var out: [DeviceChange] = []
    _ = sim.run(device: 0) { out.append($0) }
    return out
  }

  @Test func scriptedEventsHappenAtExactlyTheirTimes() throws {
    let timeline = try Timeline.load(file: temporaryFile("day.yaml", yaml), startDate: monday)
    let changes = try run(timeline)
    func at(_ seconds: Double, _ kind: DeviceChange.Kind, _ value: String? = nil) -> Bool {
      changes.contains {
        $0.time == SimTime(seconds: seconds) && $0.kind == kind && (value == nil || $0.value == value)
      }
    }
    #expect(at(12 * 3600, .network, "cellular"))
    #expect(at(13 * 3600, .network, "wifi"))
    #expect(at(19 * 3600 + 13 * 60, .appOpened))
    #expect(at(19 * 3600 + 14 * 60, .appClosed))
    #expect(at(20 * 3600 + 40 * 60, .plugged, "scripted"))
    #expect(at(86_400 + 8.5 * 3600, .unplugged))
    #expect(
      at(86_400 + 9 * 3600 + 30, .screenOn)
        || changes.contains { $0.kind == .screenOn && $0.time < SimTime(seconds: 86_400 + 9 * 3600 + 30) })
    // Charging and network are scripted, so no habit plugs, unplugs or switches networks.
    #expect(changes.filter { $0.kind == .plugged }.count == 1)
    #expect(changes.filter { $0.kind == .unplugged }.count == 1)
    #expect(changes.filter { $0.kind == .network && $0.time > .zero }.count == 2)
  }

  @Test func withoutRandomHabitsOnlyTheScriptActs() throws {
    let text = "random_habits: false\n" + yaml
    let timeline = try Timeline.load(file: temporaryFile("day.yaml", text), startDate: monday)
    let changes = try run(timeline)
    let screenOns = changes.filter { $0.kind == .screenOn }.map(\.time)
    #expect(screenOns == [SimTime(seconds: 19 * 3600 + 13 * 60), SimTime(seconds: 86_400 + 9 * 3600 + 30)])
    #expect(
      changes.filter { $0.kind == .screenOff }.map(\.time) == [
        SimTime(seconds: 19 * 3600 + 14 * 60 + 5), SimTime(seconds: 86_400 + 9 * 3600 + 150),
      ])
  }

  /// A swipe-away after use is a habit: a script of the owner's use has its own
  /// `force_quit` events and no random ones, even from a persona that always swipes; the
  /// same persona on its habits swipes after every visit.
  @Test func aScriptedVisitIsNotSweptAwayByChance() throws {
    var persona = try Repo.persona("typical")
    persona.usage.forceQuitProbability = 1
    let opens = (0..<6).map {
      TimelineEvent(time: SimTime(seconds: Double(9 + 2 * $0) * 3600), action: .openApp(seconds: 60))
    }
    var changes: [DeviceChange] = []
    let scripted = DeviceSimulation(
      persona: persona, timeline: Timeline(events: opens, randomHabits: false), days: 1, seed: 1,
      startDate: monday)
    _ = scripted.run(device: 0) { changes.append($0) }
    #expect(changes.filter { $0.kind == .appClosed }.count == 6)
    #expect(changes.filter { $0.kind == .forceQuit }.isEmpty)
    var habits: [DeviceChange] = []
    _ = DeviceSimulation(persona: persona, days: 3, seed: 1, startDate: monday).run(device: 0) {
      habits.append($0)
    }
    let closed = habits.filter { $0.kind == .appClosed }.count
    #expect(closed > 0 && habits.filter { $0.kind == .forceQuit }.count == closed)
  }

  @Test func csvTimelineMatchesTheYamlOne() throws {
    let csv = """
      time,event,value
      12:00,wifi_off,
      13:00,wifi_on,
      19:13,open_app,60s
      20:40,plug,
      d1 08:30,unplug,
      d1 09:00:30,screen_on,2m
      """
    let fromCSV = try Timeline.load(file: temporaryFile("day.csv", csv), startDate: monday)
    let fromYAML = try Timeline.load(file: temporaryFile("day.yaml", yaml), startDate: monday)
    #expect(fromCSV.events.map(\.time) == fromYAML.events.map(\.time))
    #expect(fromCSV.events.map(\.action) == fromYAML.events.map(\.action))
  }

  @Test func isoTimesCountFromTheStartDate() throws {
    let t = try Timeline.parseCSV(
      "time,event,value\n2026-01-06T20:40,plug,\n", file: "x.csv", startDate: monday)
    #expect(t.events.first?.time == SimTime(seconds: 86_400 + 20 * 3600 + 40 * 60))
  }

  @Test(arguments: [
    ("time,event,value\n12:00,plug,\n11:00,unplug,\n", "x.csv:3: time: events are out of order"),
    ("time,event,value\n25:00,plug,\n", "x.csv:2: event: '25:00' is not a time"),
    ("time,event,value\n12:00,plgu,\n", "did you mean 'plug'"),
    ("time,event,value\n12:00,battery,140\n", "battery needs a level in [0, 100]"),
    ("time,event,value\n12:00,screen_on,-5s\n", "not a positive duration"),
    ("when,what\n", "x.csv:1: the first line must be the header"),
  ])
  func malformedTimelinesAreRejectedOnOneLine(csv: String, message: String) {
    do {
      _ = try Timeline.parseCSV(csv, file: "x.csv", startDate: monday)
      Issue.record("accepted: \(csv)")
    } catch {
      #expect(error.description.contains(message), "got: \(error.description)")
      #expect(!error.description.contains("\n"))
    }
  }

  @Test func yamlTimelineErrorsNameFileAndLine() {
    let path = temporaryFile("bad.yaml", "timeline:\n  - [12:00, plug]\n  - [10:00, unplug]\n")
    #expect(throws: ConfigError.self) { try Timeline.load(file: path, startDate: monday) }
    do { _ = try Timeline.load(file: path, startDate: monday) } catch {
      #expect(error.line == 3)
      #expect(error.description.hasPrefix(path + ":3:"))
    }
  }

  /// A one-line list's events share its line: "the one on line 1" named no event. The
  /// event out of order is named by its place.
  @Test func eventsOutOfOrderOnOneLineAreNamedByPlace() {
    let path = temporaryFile("flow.yaml", "timeline: [[22:30, plug], [d1 07:15, unplug], [d1 06:00, plug]]\n")
    do {
      _ = try Timeline.load(file: path, startDate: monday)
      Issue.record("accepted")
    } catch {
      #expect(
        error.description.hasSuffix(
          "events are out of order: event [2] comes before event [1]; sort them by time"))
    }
  }

  /// A charger event that finds the phone already so is named, and the warning is true:
  /// the run without it is the same. An event that alone takes the charger from random
  /// habits (G8's opening unplug) does something, and is not named, unless random habits
  /// are off.
  @Test func chargerEventsThatChangeNothingAreNamed() throws {
    func timeline(_ rows: String, habits: Bool = true) throws -> Timeline {
      let text = (habits ? "" : "random_habits: false\n") + "timeline:\n" + rows
      return try Timeline.load(file: temporaryFile("t.yaml", text), startDate: monday)
    }
    let idle = try timeline("  - [07:00, unplug]\n  - [22:30, plug]\n  - [d1 07:00, unplug]\n")
    #expect(
      idle.idleChargerWarning
        == "1 charger event of the timeline changes nothing, the first the unplug on day 0 at 07:00 (line 2): "
        + "the phone is already off the charger there (a scripted charger starts with the phone off it); "
        + "drop the event, or script the change before it")
    let without = try timeline("  - [22:30, plug]\n  - [d1 07:00, unplug]\n")
    #expect(without.idleChargerWarning == nil)
    #expect(try run(idle) == run(without))
    let twice = try timeline("  - [22:30, plug]\n  - [23:00, plug]\n  - [d1 07:00, unplug]\n")
    #expect(
      twice.idleChargerWarning?.hasPrefix(
        "1 charger event of the timeline changes nothing, the first the plug on day 0 at 23:00") == true)
    #expect(try timeline("  - [00:00, unplug]\n").idleChargerWarning == nil)
    let again = try timeline("  - [00:00, unplug]\n  - [01:00, unplug]\n").idleChargerWarning
    #expect(
      again?.hasPrefix(
        "1 charger event of the timeline changes nothing, the first the unplug on day 0 at 01:00") == true)
    #expect(try timeline("  - [00:00, unplug]\n", habits: false).idleChargerWarning != nil)
  }
}
