import FileFormats
import IOSModel
import PhoneAssembly
import SimKernel
import Testing

@testable import Experiments
@testable import IOSModel

/// The owner's other apps share one system scheduler with the app under study
/// (`experiments/whole-phone.yaml`).
@Suite struct OtherAppsTests {
  static func text(otherApps: Int, days: Int = 10) throws -> String {
    var text = try String(contentsOfFile: "experiments/whole-phone.yaml", encoding: .utf8)
    // The other_apps section's line, not the sweep's baseline.
    text = text.replacingOccurrences(
      of: "\n  background_active: 0\n", with: "\n  background_active: \(otherApps)\n")
    return text.replacingOccurrences(of: "days: 30", with: "days: \(days)")
      .replacingOccurrences(of: "warmup_days: auto", with: "warmup_days: 1")
  }

  static func spec(otherApps: Int, days: Int = 10) throws -> ExperimentSpec {
    try spec(text(otherApps: otherApps, days: days))
  }

  static func spec(_ text: String) throws -> ExperimentSpec {
    try ExperimentSpec(tree: ConfigTree.parse(yaml: text, file: "w.yaml"), file: "w.yaml")
  }

  /// Runs owner `device` of `spec`'s arm `arm`: the phone's scheduler and the app under
  /// study's launches.
  static func run(_ spec: ExperimentSpec, arm: Int, device: Int) -> (
    system: SystemScheduler, launches: Int, totals: [OtherAppTotal]
  ) {
    let sim = simulated(spec, arm: arm, device: device, recordsRuns: false)
    return (
      sim.decider, (sim.appLog + sim.app.events.elements).filter { $0.kind == .launch }.count,
      sim.otherAppTotals
    )
  }

  /// Owner `device` of `spec`'s arm `arm`, simulated, with the other apps' runs recorded
  /// (`recordsRuns`) and the device's changes kept (`keepChanges`) when asked for.
  static func simulated(
    _ spec: ExperimentSpec, arm: Int = 0, device: Int, keepChanges: Bool = false, recordsRuns: Bool = true
  ) -> PhoneSimulation<SystemScheduler> {
    let recipe = OwnerSimulation.recipe(
      spec, replication: 0, owner: device, arm: spec.arms[arm], recordDecisions: false)
    var sim = recipe.assemble()
    // The assembly's own settings are kept unless asked for.
    if keepChanges { sim.keepChanges = true }
    if recordsRuns { sim.recordsOtherAppRuns = true }
    var kernel = EventLoop()
    sim.start(loop: &kernel)
    kernel.run(until: recipe.calendar.startOfDay(spec.days), handler: &sim)
    return sim
  }

  @Test func theArchetypeMixFollowsTheSharesInWholeApps() throws {
    var population = AppPopulation()
    for n in [0, 1, 7, 10, 40, 500] {
      population.backgroundActive = n
      let counts = population.counts()
      #expect(counts.map(\.1).reduce(0, +) == n)
      for (archetype, count) in counts {
        // Largest remainders: each count within one app of its share.
        #expect(abs(Double(count) - Double(n) * population.shares[archetype]!) < 1)
      }
      #expect(Set(population.bundles).count == n)
    }
  }

  /// Used other apps launch; unused ones (never opened) do not; every arm sees the same
  /// apps at the same usage ranks (common random numbers).
  @Test func otherAppsLaunchWhenTheOwnerUsesThem() throws {
    // An owner at the persona's own unlock rate (owner 0 of the typical persona's spread
    // unlocks less often), so that the counts below are a typical owner's.
    let spec = try Self.spec(
      Self.text(otherApps: 40).replacingOccurrences(
        of: "persona: typical", with: "persona: {name: typical, overrides: {usage.unlocks_owner_sigma: 0}}"))
    let (refreshRun, processingRun) = (Self.run(spec, arm: 0, device: 0), Self.run(spec, arm: 1, device: 0))
    let (refresh, processing) = (refreshRun.system.otherApps, processingRun.system.otherApps)
    #expect(refresh.apps.map(\.bundle) == processing.apps.map(\.bundle))
    #expect(refresh.apps.map(\.rank) == processing.apps.map(\.rank))
    // The owner opens the same apps at the same times in both arms, and the messengers'
    // pushes arrive at the same times: only the scheduler's decisions differ.
    #expect(refreshRun.totals.map(\.opens) == processingRun.totals.map(\.opens))
    #expect(refreshRun.totals.map(\.opens).reduce(0, +) > 100)
    // (Pushes are drawn as decision points come: brought to one time, they agree.)
    let (r, p) = (refresh, processing)
    let later = SimTime.zero + .seconds(86_400 * 11)
    r.deliverPushes(until: later)
    p.deliverPushes(until: later)
    #expect(r.apps.map(\.nextPushAt) == p.apps.map(\.nextPushAt))
    #expect(refresh.count == 42, "40 apps and Apple's two maintenance entries")
    for (i, app) in refresh.apps.enumerated()
    where refreshRun.system.usage.otherApps.opens[i].total == 0 && app.work.kind != .backgroundTransfer
      && !app.work.isApples
    {
      #expect(app.launches == 0, "\(app.bundle) was never opened")
    }
    #expect(refresh.apps.filter { $0.launches > 0 }.count >= 5)
    #expect(refresh.apps.map(\.launches).reduce(0, +) > 100)
  }

  /// The other apps' refresh, processing and legacy fetch are judged against their own
  /// optimum, each from its own open history, as the app under study's are; Apple's
  /// maintenance keeps the model's bar. Each app's bar is its own: the
  /// bars kept differ between apps, and a rarely opened app's, whose best moment scores
  /// low, lies below the model's absolute one.
  @Test func otherAppsAreJudgedAgainstTheirOwnOptimum() throws {
    let on = try Self.spec(otherApps: 40)
    let off = try Self.spec(
      Self.text(otherApps: 40).replacingOccurrences(
        of: "scheduler:\n  model: ios\n",
        with: "scheduler:\n  model: ios\n  relative_threshold: {enabled: false}\n"))
    var keptFor = Set<String>()
    var refreshBars: [Double] = []
    var absoluteBar = Double.nan
    for device in 0..<4 {
      let run = Self.run(on, arm: 0, device: device)
      let apps = run.system.otherApps.apps
      for (i, kept) in run.system.requests.otherAppOptima.enumerated() {
        guard let kept else { continue }
        #expect(!apps[i].work.isApples, "\(apps[i].bundle): Apple's maintenance keeps the model's bar")
        keptFor.insert(apps[i].work.kind.rawValue)
        if apps[i].work.kind == .refresh {
          refreshBars.append(kept.threshold)
          absoluteBar = run.system.model.threshold(for: apps[i].activity)
        }
      }
      // With the relative threshold off, none is kept.
      #expect(Self.run(off, arm: 0, device: device).system.requests.otherAppOptima.allSatisfy { $0 == nil })
    }
    #expect(keptFor == ["refresh", "processing", "legacy_fetch"], "\(keptFor)")
    #expect(Set(refreshBars).count > 1, "\(refreshBars)")
    #expect(refreshBars.contains { $0 < absoluteBar }, "\(refreshBars) against \(absoluteBar)")
  }

  /// dasd's 3-hourly fetch timer makes every other app's legacy fetch due at once, its
  /// interval not added (legacy-fetch.md §2, §5 item 3), as it does the app under study's.
  /// Without it a weather app's fetch comes at least its interval (1 h) after its last run
  /// ends; with it, some come sooner: 4 owners × 10 days of 40 apps.
  @Test func anOtherAppsFetchIsMadeDueAgainAtDasdsFetchTimer() throws {
    let spec = try Self.spec(otherApps: 40)
    var (gaps, sooner) = (0, 0)
    for device in 0..<4 {
      let sim = Self.simulated(spec, device: device)
      let fetches = Dictionary(grouping: sim.otherAppRuns.filter { $0.kind == .legacyFetch }, by: \.bundle)
      for runs in fetches.values {
        for (before, after) in zip(runs, runs.dropFirst()) {
          gaps += 1
          if (after.start - before.end).seconds < 3_600 { sooner += 1 }
        }
      }
    }
    #expect(gaps > 20, "\(gaps) gaps between fetches")
    #expect(sooner > 0, "\(sooner) of \(gaps) fetches came within the interval of the last")
  }

  /// `whole-phone.yaml`'s phones with one installed other app, used: a weather app
  /// fetching every 15 min, so that every screen-on opens it (but one that opens the app
  /// under study).
  static func oneWeatherApp() throws -> ExperimentSpec {
    try oneApp("{bundle: com.test.weather, archetype: weather, every: 15m, rank: 1}")
  }

  /// `whole-phone.yaml`'s phones with one installed other app, used, as `listed` (an
  /// entry of `other_apps.apps`). One cell: the sweep's would not fit in one installed app.
  static func oneApp(_ listed: String) throws -> ExperimentSpec {
    let text = try Self.text(otherApps: 0).replacingOccurrences(
      of: "  installed: 90\n  used: 30\n", with: "  installed: 1\n  used: 1\n  apps: [\(listed)]\n")
    return try Self.spec(String(text[..<text.range(of: "sweep:")!.lowerBound]))
  }

  /// dasd vetoes a refresh or fetch of the app on screen (dasd-decisions.md §6;
  /// legacy-fetch.md §3), an other app's as the app under study's: on phones whose one
  /// used other app is a weather app fetching every 15 min, every screen-on opens it
  /// but one that opens the app under study, and none of its fetches starts while it is
  /// on screen: from such a screen-on to the screen-off or the owner's turn to the app
  /// under study (4 owners × 10 days).
  @Test func anOtherAppOnScreenGetsNoFetch() throws {
    let spec = try Self.oneWeatherApp()
    var (fetches, screenOnSeconds) = (0, 0.0)
    for device in 0..<4 {
      let sim = Self.simulated(spec, device: device, keepChanges: true)
      var on: [(SimTime, SimTime)] = []
      var since: SimTime?
      let opens = Set(sim.deviceLog.filter { $0.kind == .appOpened }.map(\.time))
      for change in sim.deviceLog {
        if change.kind == .screenOn, !opens.contains(change.time) { since = change.time }
        if change.kind == .screenOff || change.kind == .appOpened, let start = since {
          on.append((start, change.time))
          since = nil
        }
      }
      screenOnSeconds += on.map { ($0.1 - $0.0).seconds }.reduce(0, +)
      let starts = sim.otherAppRuns.filter { $0.kind == .legacyFetch }.map(\.start)
      fetches += starts.count
      for start in starts {
        #expect(
          !on.contains { $0.0 < start && start < $0.1 }, "a fetch at \(start) while its app was on screen")
      }
    }
    // Enough fetches and screen time that a fetch ignoring the screen would land in it:
    // the screen is on for about a tenth of the day.
    #expect(fetches > 40, "\(fetches) fetches")
    #expect(screenOnSeconds > 4 * 10 * 3_600, "\(screenOnSeconds) s of screen-on")
  }

  /// The screen-ons at which the owner opens the app under study open no other app:
  /// with one used other app, its opens are the other screen-ons (4 owners × 10 days).
  @Test func aScreenOnForTheAppUnderStudyOpensNoOtherApp() throws {
    let spec = try Self.oneWeatherApp()
    var withApp = 0
    for device in 0..<4 {
      let sim = Self.simulated(spec, device: device, keepChanges: true)
      let opens = Set(sim.deviceLog.filter { $0.kind == .appOpened }.map(\.time))
      let screenOns = sim.deviceLog.filter { $0.kind == .screenOn }.map(\.time)
      let forTheApp = screenOns.filter { opens.contains($0) }.count
      withApp += forTheApp
      #expect(sim.otherAppUse?.opens(rank: 1) == screenOns.count - forTheApp)
    }
    // Enough such screen-ons that counting them as the other app's would show.
    #expect(withApp > 20, "\(withApp) screen-ons opened the app under study")
  }

  /// Ten days of eight owners: with 40 other apps the app under study's processing gets
  /// fewer launches than with none, as the other apps' runs keep the CPU busy on the
  /// charger at night and draw the shared energy budget; its refresh, judged by day
  /// from its own predicted opens, gets no more than it would alone (within three
  /// standard deviations of a count of that size).
  @Test func fortyOtherAppsLeaveTheAppUnderStudyFewerLaunches() throws {
    let alone = try Self.spec(otherApps: 0)
    let crowded = try Self.spec(otherApps: 40)
    for arm in alone.arms.indices {
      var (few, many) = (0, 0)
      var othersDrew = 0.0
      for device in 0..<8 {
        few += Self.run(alone, arm: arm, device: device).launches
        let run = Self.run(crowded, arm: arm, device: device)
        many += run.launches
        othersDrew += run.system.usage.otherApps.energyToday.dropLast().reduce(0, +)
      }
      let name = alone.arms[arm].name
      if name == "processing" {
        #expect(many < few, "arm \(name): \(many) launches with 40 other apps, \(few) alone")
      } else {
        #expect(
          Double(many) <= Double(few) + 3 * Double(few).squareRoot(),
          "arm \(name): \(many) launches with 40 other apps, \(few) alone")
      }
      #expect(othersDrew > 0)
    }
  }

  /// Without the section, or with no background-active app and Apple's maintenance off,
  /// nothing changes.
  @Test func noOtherAppsLeaveThePhoneAsItWas() throws {
    let maintenance = "  apple_maintenance: {icloud_backup: 10m, photo_analysis: 20m}\n"
    var plain = try Self.text(otherApps: 0)
    plain = plain.replacingOccurrences(
      of: "other_apps:\n  background_active: 0\n  installed: 90\n  used: 30\n" + maintenance, with: "")
    plain = String(plain[..<plain.range(of: "sweep:")!.lowerBound])
    #expect(!plain.contains("other_apps"))
    let a = try Self.spec(plain)
    let b = try Self.spec(
      Self.text(otherApps: 0).replacingOccurrences(
        of: maintenance, with: "  apple_maintenance: {icloud_backup: 0s, photo_analysis: 0s}\n"))
    #expect(b.otherApps.isEmpty)
    for device in 0..<3 {
      #expect(Self.run(a, arm: 0, device: device).launches == Self.run(b, arm: 0, device: device).launches)
    }
  }

  @Test(arguments: [
    (
      "background_active: 0", "background_active: 3\n  archetypes: {messenger: 0.5, newz: 0.5}",
      "unknown archetype 'newz'"
    ),
    ("background_active: 0", "background_active: 3\n  archetypes: {messenger: 0.5, news: 0.4}", "sum to 0.9"),
    ("background_active: 0", "background_active: -2", "-2 is out of range"),
    ("background_active: 0", "background_active: 501", "more than a phone holds"),
    ("installed: 90", "installed: 800", "more than a phone holds"),
    ("background_active: 0", "background_active: 95", "do not fit in 90 installed"),
    ("model: ios", "model: ios\n  groups: {transfers: 0}", "0 is out of range"),
    ("bundle: com.example.sync", "bundle: com.other.messenger-1", "also one of the other apps'"),
  ])
  func badPopulationsAreOneLineNamingFileLineAndKey(old: String, new: String, message: String) throws {
    var text = try Self.text(otherApps: 0)
    // The first occurrence: the other_apps section, not the sweep's baseline.
    func replaceFirst(_ a: String, _ b: String) {
      if let r = text.range(of: a) { text.replaceSubrange(r, with: b) }
    }
    if new.contains("com.other") { replaceFirst("background_active: 0", "background_active: 4") }
    replaceFirst(old, new)
    expectOneLineRefusal(file: "w.yaml", message: message) { _ = try Self.spec(text) }
  }
}

extension OtherAppsTests {
  /// `explain` names the other apps behind a CPU verdict and says which policy held a
  /// waiting decision back most (the processing arm with 40 other apps, as in the
  /// README's reading of whole-phone: the first of owners 0–7 with such a decision).
  @Test func explainNamesTheOtherAppsThatKeptTheCPUBusy() throws {
    let spec = try Self.spec(otherApps: 40, days: 4)
    var busyDecisions = 0
    var lines: [String] = []
    for owner in 0..<8 where lines.isEmpty {
      let recipe = OwnerSimulation.recipe(
        spec, replication: 0, owner: owner, arm: spec.arms[1], recordDecisions: true)
      let log = recipe.run(days: spec.days)
      let busy = log.decisions.filter { d in
        d.verdicts.contains { $0.policy == "cpu" && $0.reason.contains("running: com.other.") }
      }
      busyDecisions += busy.count
      let waiting = busy.filter { if case .belowThreshold = $0.outcome { true } else { false } }
      lines = waiting.map { DecisionReport.line($0, recipe.calendar) }.filter {
        $0.contains("held back most by cpu: CPU") && $0.contains("running: com.other.")
      }
    }
    #expect(busyDecisions > 0)
    #expect(!lines.isEmpty)
    // Alone, no verdict names another app.
    let alone = try Self.spec(otherApps: 0, days: 4)
    let plain = OwnerSimulation.recipe(
      alone, replication: 0, owner: 3, arm: alone.arms[1], recordDecisions: true
    ).run(days: alone.days)
    #expect(!plain.decisions.contains { d in d.verdicts.contains { $0.reason.contains("com.other.") } })
  }
}
