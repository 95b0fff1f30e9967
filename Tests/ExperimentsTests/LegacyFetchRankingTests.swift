import FileFormats
import SimKernel
import Testing

@testable import Experiments
@testable import IOSModel

/// dasd's cut of the apps that keep legacy fetch: when more apps than `top_apps` appear
/// in 14 days of foreground sessions (of at least 10 s), only that many of the apps with
/// fetch work, by sessions, keep it.
@Suite struct LegacyFetchRankingTests {
  func t(day: Int, _ hour: Double) -> SimTime { SimTime(seconds: Double(day) * 86_400 + hour * 3600) }

  /// Apps 1–3 fetch, app 4 does not; `sessions[k]` sessions of 60 s for app k+1 on day 0.
  func ranking(top: Int, sessions: [Int], seconds: Double = 60) -> LegacyFetchRanking {
    var settings = LegacyFetchRanking.Settings()
    settings.topApps = top
    var r = LegacyFetchRanking(apps: 5, settings: settings)
    r.candidates = [1, 2, 3]
    var hour = 8.0
    for (k, n) in sessions.enumerated() {
      for _ in 0..<n {
        r.session(Int32(k + 1), from: t(day: 0, hour), to: t(day: 0, hour) + .seconds(seconds))
        hour += 0.01
      }
    }
    // A session after the ranking period: the ranking is made again with all of them.
    r.session(5, from: t(day: 0, 12), to: t(day: 0, 12) + .seconds(seconds))
    return r
  }

  @Test func theTopAppsByForegroundSessionsKeepFetch() {
    // Five apps appear, more than 2: the two fetch apps with most sessions keep it.
    let r = ranking(top: 2, sessions: [5, 1, 3, 2])
    #expect([1, 2, 3].map { r.keepsFetch($0) } == [true, false, true])
    #expect(r.keepsFetch(4) && r.keepsFetch(0), "apps without fetch work are not cut")
    // Five appear, not more than 5: nobody is cut, not even an app with no session.
    let all = ranking(top: 5, sessions: [5, 0, 3, 2])
    #expect([1, 2, 3].allSatisfy { all.keepsFetch($0) })
    // With the cut, an app with no session in the history loses fetch.
    let cut = ranking(top: 3, sessions: [5, 0, 3, 2, 1])
    #expect([1, 2, 3].map { cut.keepsFetch($0) } == [true, false, true])
  }

  @Test func sessionsShorterThanTenSecondsDoNotCount() {
    let r = ranking(top: 0, sessions: [5, 1, 3], seconds: 9)
    #expect([1, 2, 3].allSatisfy { r.keepsFetch($0) }, "no session counted: nobody appears")
  }

  /// Sessions leave the count after 14 days; the ranking changes only at the first
  /// session end after each 3-hour period.
  @Test func theHistoryIsFourteenDaysAndTheRankingIsRemadeEveryThreeHours() {
    var settings = LegacyFetchRanking.Settings()
    settings.topApps = 1
    var r = LegacyFetchRanking(apps: 3, settings: settings)
    r.candidates = [1, 2]
    func session(_ app: Int32, day: Int, _ hour: Double) {
      r.session(app, from: t(day: day, hour), to: t(day: day, hour) + .seconds(60))
    }
    for k in 0..<5 { session(1, day: 0, 8 + Double(k)) }
    session(2, day: 0, 20)
    #expect(r.keepsFetch(1) && !r.keepsFetch(2))
    #expect(r.sessions(1) == 5)
    // Day 14: app 1's sessions of day 0 have left the history; app 2 alone appears,
    // not more than one app: no cut.
    session(2, day: 14, 9)
    #expect(r.sessions(1) == 0 && r.sessions(2) == 1)
    #expect(r.keepsFetch(1) && r.keepsFetch(2))
    // Before 12:00 app 3 and app 1 appear: the ranking stands until the first session
    // end after 12:00, which cuts app 2.
    session(3, day: 14, 9.2)
    for m in 0..<3 { session(1, day: 14, 9.5 + Double(m) * 0.1) }
    #expect(r.keepsFetch(1) && r.keepsFetch(2))
    session(3, day: 14, 12)
    #expect(r.keepsFetch(1) && !r.keepsFetch(2))
  }

  /// On a whole phone: six weather apps opened far more than the app under study (at
  /// usage ranks 1–6 of 30 used apps, the third of them about 2 sessions a day against
  /// its 0.5); with `top_apps: 3` the app under study keeps no legacy fetch, with the
  /// default 50 it does.
  func fetches(top: Int) throws -> Int {
    let weather = (1...6).map { "    - {bundle: com.w.app\($0), archetype: weather, rank: \($0)}" }
    let text = """
      days: 8
      seed: 11
      persona: {name: typical, overrides: {usage.app_opens_per_day: 0.5}}
      app:
        ios: ios13
        background_modes: [fetch]
        minimum_background_fetch_interval: 0s
        fetch_work: 5s
      scheduler: {legacy_fetch: {top_apps: \(top)}}
      other_apps:
        background_active: 0
        installed: 40
        used: 30
        apps:
      \(weather.joined(separator: "\n"))

      """
    let scenario = try Scenario.parse(tree: ConfigTree.parse(yaml: text, file: "s.yaml"), file: "s.yaml")
    var n = 0
    for device in 0..<3 {
      let log = scenario.run(device: device, recordDecisions: false)
      n +=
        log.appLog.filter {
          $0.kind == .launch && $0.identifier == "legacy_fetch" && $0.time.seconds > 3 * 86_400
        }
        .count
    }
    return n
  }

  @Test func onAWholePhoneTheCutStopsALittleUsedAppsFetch() throws {
    let (cut, kept) = try (fetches(top: 3), fetches(top: 50))
    #expect(cut == 0, "cut: \(cut) fetches after day 3")
    #expect(kept > 0, "kept: \(kept) fetches after day 3")
  }
}

extension LegacyFetchRankingTests {
  /// The running totals agree with the day bins over 60 days of random sessions, with
  /// gaps of days without any.
  @Test func theTotalsAreTheSumsOfTheDays() {
    var r = LegacyFetchRanking(apps: 6)
    var seconds = 0.0
    var x: UInt64 = 12_345
    func next() -> Double {
      x = x &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Double(x >> 11) / Double(1 << 53)
    }
    while seconds < 60 * 86_400 {
      seconds += next() < 0.01 ? 3 * 86_400 : next() * 7200
      let app = Int32(next() * 7)
      r.session(app, from: SimTime(seconds: seconds), to: SimTime(seconds: seconds + 30))
      for a in 0...6 {
        let days = r.settings.days
        #expect(r.sessions(a) == r.bins[(a * days)..<(a * days + days)].reduce(0) { $0 + Int($1) })
      }
    }
  }
}
