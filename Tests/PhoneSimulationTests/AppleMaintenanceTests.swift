import DeviceModel
import Randomness
import SimKernel
import Testing

@testable import IOSModel
@testable import PhoneAssembly

/// Apple's own maintenance (iCloud backup, Photos analysis) runs on the charger at night,
/// once a day, judged by the apps' policies as a system activity, and keeps the CPU busy
/// while it runs.
@Suite struct AppleMaintenanceTests {
  /// Four nights on a charger from 23:00 to 07:00, the app's processing resubmitted
  /// 15 min after each run; Apple's maintenance on or off.
  func world(maintenance: Bool) -> SystemWorld {
    var world = SystemWorld(
      behavior: StandingVetoTests.app(both: false),
      script: nightlyCharge(days: 4, plug: 23, unplug: 7) + [(at(9), .openApp(seconds: 30))],
      model: .iosFromDayZero(), recordDecisions: true)
    var population = AppPopulation()
    population.maintenance = maintenance ? AppleMaintenance.defaults : [:]
    world.phone.decider.connect(
      otherApps: OtherAppsWork(
        population, ranks: Array(1...population.installed), streams: { RandomStreams(seed: 3).stream($0) },
        start: .zero),
      recent: RandomStreams(seed: 3).stream("recent"))
    world.phone.decider.otherApps.recordsRuns = true
    world.run(until: at(day: 4, 12))
    return world
  }

  @Test func itRunsOnTheChargerOnceADay() {
    let w = world(maintenance: true)
    let runs = w.phone.decider.otherApps.runs
    for entry in AppleMaintenance.allCases {
      let mine = runs.filter { $0.bundle == entry.bundle }
      // Four nights, each at least 24 h after the last run ended: three or four runs.
      #expect((3...4).contains(mine.count), "\(entry.bundle): \(mine.map(\.start))")
      for run in mine {
        let hour = run.start.seconds.truncatingRemainder(dividingBy: 86_400) / 3600
        #expect(hour >= 23 || hour < 7, "\(entry.bundle) ran at \(hour) h, off the charger")
        #expect((run.end - run.start).seconds == entry.defaultSeconds)
      }
      for (a, b) in zip(mine, mine.dropFirst()) {
        #expect((b.start - a.end).seconds >= 86_400)
      }
    }
  }

  /// While it runs, the CPU policy scores the app's processing lower and names it, and
  /// the app's first processing run of a night comes no earlier than without it.
  @Test func itKeepsTheCPUBusyForTheAppsProcessing() {
    let with = world(maintenance: true)
    let without = world(maintenance: false)
    let busy = with.decisions.flatMap(\.verdicts).filter {
      $0.policy == "cpu" && $0.reason.contains("com.apple.")
    }
    #expect(!busy.isEmpty)
    for v in busy {
      if case .score(let x, _) = v.outcome { #expect(x < 1) }
    }
    #expect(!without.decisions.flatMap(\.verdicts).contains { $0.reason.contains("com.apple.") })
    func firstEachNight(_ w: borrowing SystemWorld) -> [Double] {
      (0..<4).compactMap { d in w.launches("p0").first { $0 >= at(day: d, 23) && $0 < at(day: d + 1, 7) } }
    }
    let (a, b) = (firstEachNight(with), firstEachNight(without))
    #expect(a.count == b.count)
    #expect(zip(a, b).allSatisfy { $0 >= $1 }, "with: \(a), without: \(b)")
    #expect(zip(a, b).contains { $0 > $1 }, "with: \(a), without: \(b)")
  }
}
