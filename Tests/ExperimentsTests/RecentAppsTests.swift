import Randomness
import SimKernel
import Testing

@testable import Experiments
@testable import IOSModel

/// dasd's set of the 25 most recently used apps (`scheduler.recent_apps`), which gives
/// overdue work its recent bonus when the phone models the owner's other apps.
@Suite struct RecentAppsTests {
  @Test func aFullSetEvictsAnArbitraryMember() {
    var set = RecentApps(capacity: 3, stream: RandomStreams(seed: 5).stream("recent"))
    for app: Int32 in [1, 2, 3, 2] { set.opened(app) }
    #expect(set.members == [1, 2, 3])
    var big = RecentApps(capacity: 10, stream: RandomStreams(seed: 5).stream("recent"))
    for app: Int32 in 1...1000 {
      big.opened(app)
      #expect(big.members.count == min(Int(app), 10) && big.contains(app))
    }
    // Not the least recent each time (that would leave 991…1000): with a uniform
    // eviction a member survives each insertion with probability 0.9, so about
    // 0.9^10 / 0.1 ≈ 3.5 members older than the last ten insertions remain.
    #expect(big.members.contains { $0 <= 990 }, "\(big.members.sorted())")
    var none = RecentApps(capacity: 0)
    none.opened(RecentApps.appUnderStudy)
    #expect(!none.contains(RecentApps.appUnderStudy))
  }

  static func spec(recentApps: Int) throws -> ExperimentSpec {
    try OtherAppsTests.spec(
      OtherAppsTests.text(otherApps: 10).replacingOccurrences(
        of: "  model: ios\n", with: "  model: ios\n  recent_apps: \(recentApps)\n"))
  }

  /// The app under study joins the set when opened; with no room in the set its overdue
  /// refresh loses the bonus, and with room for every app the 24-hour window alone
  /// decides: fewer refresh launches in the first case over four owners, and the
  /// default in between.
  @Test func theSetDecidesTheOverdueBonus() throws {
    let (never, always, usual) = try (
      Self.spec(recentApps: 0), Self.spec(recentApps: 500), Self.spec(recentApps: 25)
    )
    #expect(usual.scheduler.parameters.recentApps == 25)
    var (few, many, middle) = (0, 0, 0)
    for device in 0..<4 {
      let run = OtherAppsTests.run(usual, arm: 0, device: device)
      #expect(run.system.usage.otherApps.recent.members.count == 25)
      few += OtherAppsTests.run(never, arm: 0, device: device).launches
      many += OtherAppsTests.run(always, arm: 0, device: device).launches
      middle += run.launches
    }
    #expect(few < middle && middle <= many, "\(few), \(middle), \(many)")
  }
}

extension RecentAppsTests {
  /// The constant-time membership test agrees with the members, for ranks up to 500.
  @Test func membershipAgreesWithTheMembers() {
    var set = RecentApps(capacity: 25, stream: RandomStreams(seed: 9).stream("recent"))
    let draws = RandomStreams(seed: 10).stream("opens")
    for _ in 0..<5_000 {
      set.opened(Int32(draws.uniformInt(below: 501)))
      #expect(set.members.count <= 25)
    }
    for app: Int32 in 0...500 { #expect(set.contains(app) == set.members.contains(app)) }
  }
}

extension RecentAppsTests {
  /// On a whole phone an overdue app counts as recent only in the set and within the
  /// window: the set alone kept apps opened days ago recent, against F5 (no runs on days
  /// without opens).
  @Test func recentMeansInTheSetAndWithinTheWindow() {
    var a = Activity(kind: .refresh, identifier: "r", priority: .utility, submittedAt: .zero)
    a.earliest = .zero
    func score(inSet: Bool?, days: Double) -> Double? {
      var c = PolicyContext(
        now: SimTime(seconds: 3 * 86_400), batteryPercent: 80, isPluggedIn: false, isInUse: false,
        idleSeconds: 600, network: .wifi, isLowPowerMode: false, thermal: .nominal, isPoweredOn: true,
        appState: .suspended, backgroundAppRefresh: true, isForceQuitFlagged: false, appOpenProbability: 0,
        deviceUseProbability: 0, daysSinceAppOpened: days, energyBudget: 150, energyCapacity: 150,
        dataBudget: 1e6, lastLaunch: LaunchTimes(), runningTasks: 0, overruns: 0)
      c.isAmongRecentApps = inSet
      c.explain = true
      let verdict = ApplicationPolicy().evaluate(a, c)
      reasons.append(verdict.reason)
      if case .score(let x, _) = verdict.outcome { return x }
      return nil
    }
    var reasons: [String] = []
    let bonus = ApplicationPolicy().recentBonus
    #expect(score(inSet: true, days: 0.5) == bonus)
    #expect(score(inSet: false, days: 0.5) == 0)
    #expect(score(inSet: true, days: 2) == 0)
    #expect(score(inSet: nil, days: 0.5) == bonus)
    #expect(score(inSet: nil, days: 2) == 0)
    // explain says which condition failed.
    #expect(reasons[0].contains("live, among the recent apps"))
    #expect(reasons[1].contains("not among the recent apps"))
    #expect(reasons[2].contains("among the recent apps but not opened within the window"))
    #expect(reasons[3].contains("recently used") && reasons[4].contains("not used recently"))
  }
}
