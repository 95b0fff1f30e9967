import Experiments
import TestScratch
import Testing

/// `bgsim run` warns in one line when an arm has too few owners for its intervals:
/// below 20, below what the share of stalled phones needs to show in most samples, and
/// below what the drawn other apps' opens need.
@Suite struct FewOwnersWarningTests {
  func warnings(devices: Int, scheduler: String = "") throws -> [String] {
    var r = RunRequest()
    r.file = write(
      DefaultExperiment.text.replacingOccurrences(of: "  model: ios\n", with: "  model: ios\n" + scheduler))
    r.devices = devices
    return try r.warnings()
  }

  @Test func fewOwnersAreNamedOnce() throws {
    let five = try warnings(devices: 5)
    #expect(five.count == 1)
    #expect(five[0].contains("each arm has 5 owners; below 20 the intervals are wide"))
    // And 0.942^5 = 74 % of samples of 5 miss every stalled phone: the same line says so
    // (the coverage study of 10 owners covered staleness's mean in 11 of 20 runs).
    #expect(five[0].contains("inconclusive, and 74 % of such samples hold none of the 5.8 %"))
    #expect(five[0].hasSuffix("use 39 or more"))
    #expect(
      try warnings(devices: 5, scheduler: "  owners: {stalled_release_share: 0}\n")[0].hasSuffix(
        "inconclusive"))
    // 20 owners miss every stalled phone (5.8 %) in 0.942^20 = 30 % of samples; 39
    // bring that under 10 %.
    let twenty = try warnings(devices: 20)
    #expect(twenty.count == 1)
    #expect(twenty[0].contains("30 % of such samples hold none of the 5.8 % of phones on a stalled release"))
    #expect(twenty[0].hasSuffix("use 39 or more"))
    #expect(try warnings(devices: 39).isEmpty)
    #expect(try warnings(devices: 20, scheduler: "  owners: {stalled_release_share: 0}\n").isEmpty)
    #expect(try warnings(devices: 200).isEmpty)
  }

  /// Drawn other apps' opens need 100 owners (the other apps' coverage study); a sweep
  /// with them in any cell is enough, listed apps alone are not.
  @Test func drawnOtherAppsAskForAHundredOwners() throws {
    let drawn =
      "other_apps:\n  background_active: 0\nsweep:\n  grid:\n    other_apps.background_active: [0, 6]\n"
    func warnings(_ devices: Int, _ extra: String) throws -> [String] {
      var r = RunRequest()
      r.file = write(DefaultExperiment.text + "\n" + extra)
      r.devices = devices
      return try r.warnings().filter { $0.contains("other_app_summary.csv") }
    }
    let forty = try warnings(40, drawn)
    #expect(forty.count == 1)
    #expect(
      forty.first?.hasSuffix("at 40 owners they held the truth in about 0.82 of runs); use 100 or more")
        == true)
    #expect(try warnings(100, drawn).isEmpty)
    #expect(try warnings(40, "other_apps:\n  background_active: 0\n").isEmpty)
    // Without a sweep of other_apps, the file's own apps decide.
    #expect(try warnings(40, "other_apps:\n  background_active: 6\n").count == 1)
  }
}
