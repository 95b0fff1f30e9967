import DeviceModel
import Randomness
import SimKernel
import Testing

@testable import IOSModel
@testable import PhoneAssembly

/// A push to another of the owner's apps reaches a phone asleep on battery, which is then
/// awake: a timer of the app under study that came due while it slept fires there
/// (dasd-decisions.md §4: background timers do not wake the phone; legacy-fetch.md §5,
/// item 4: the device waking is a gate every app's work shares). A held push's spacing
/// end is a timer of dasd's, not a push reaching the phone.
@Suite struct PushWakeTests {
  /// One messenger with a push every `pushEverySeconds` on average.
  static func messenger(pushEverySeconds: Double) -> OtherAppsWork {
    var population = AppPopulation()
    var work = AppArchetype.messenger.work
    work.intervalSeconds = pushEverySeconds
    population.listed = [ListedApp(bundle: "com.chat", work: [work], rank: 1, archetype: .messenger)]
    return OtherAppsWork(
      population, ranks: Array(1...population.installed), streams: { RandomStreams(seed: 3).stream($0) },
      start: .zero)
  }

  /// Three days off the charger, the screen on only for the app's open at 10:00: the
  /// app's refresh requests start while the phone sleeps. Beside a messenger, or alone.
  static func world(pushEverySeconds: Double?) -> SystemWorld {
    var w = SystemWorld(behavior: PeriodicRefresh(), script: habitualOpens(days: 3, at: [(10, 0)]))
    if let pushEverySeconds {
      w.phone.decider.connect(
        otherApps: messenger(pushEverySeconds: pushEverySeconds),
        recent: RandomStreams(seed: 3).stream("recent"))
      w.phone.decider.scheduleOtherAppPush(loop: &w.loop)
    }
    w.run(until: at(day: 3, 0))
    return w
  }

  @Test func anotherAppsPushServesTheAppsTimerMissedInSleep() {
    let alone = Self.world(pushEverySeconds: nil)
    let beside = Self.world(pushEverySeconds: 120)
    #expect(!alone.decisions.contains { $0.trigger == DecisionTrigger.otherAppPush.text })
    let woken = beside.decisions.filter { $0.trigger == DecisionTrigger.otherAppPush.text }
    #expect(woken.count >= 3, "\(woken.count) decisions at another app's push")
    // A push judges only work whose timer came due in sleep: a refresh past its start.
    for decision in woken {
      #expect(decision.activity.kind == .refresh)
      #expect(decision.time >= decision.activity.earliest ?? .distantFuture, "\(decision.time)")
    }
    // From a request's start to its first judgement: alone, dasd's own timer (every
    // 600–900 s, at a phase of its own) or the screen; beside a push every 120 s on
    // average, mostly the push.
    let waitAlone = Self.medianWait(alone.decisions)
    let waitBeside = Self.medianWait(beside.decisions)
    #expect(waitBeside < waitAlone, "median \(waitBeside) s beside the pushes, \(waitAlone) s alone")
  }

  /// The median, over the refresh requests judged, of the time from each one's start to
  /// its first judgement [s].
  static func medianWait(_ decisions: [Decision]) -> Double {
    var first: [SimTime: Double] = [:]
    for d in decisions where d.activity.kind == .refresh {
      guard let start = d.activity.earliest, first[d.activity.submittedAt] == nil else { continue }
      first[d.activity.submittedAt] = (d.time - start).seconds
    }
    let waits = first.values.sorted()
    #expect(waits.count >= 3, "\(waits.count) requests judged")
    return waits.isEmpty ? .nan : waits[waits.count / 2]
  }

  /// A held push's spacing end judges the push again, but no push reached the phone.
  @Test func aSpacingEndIsNoArrival() throws {
    let work = Self.messenger(pushEverySeconds: 3600)
    let i = try #require(work.pushApps.first)
    let first = work.apps[i].nextPushAt
    work.deliverPushes(until: first)
    #expect(work.aPushArrived)
    #expect(work.pushesArrived == [i])
    let end = first + .seconds(1)
    try #require(work.apps[i].nextPushAt > end)
    work.holdPush(i, until: end)
    work.deliverPushes(until: end)
    #expect(work.pushesArrived == [i])
    #expect(!work.aPushArrived)
  }
}
