import Testing

@testable import Randomness

/// Spelling help: the candidate a misspelt name most plausibly meant, or none.
@Suite struct NearestNameTests {
  static let metrics = [
    "launches_per_device_day", "share_while_charging", "completion_rate", "icc_launches_per_day",
  ]

  @Test(arguments: [
    ("launches_per_dday", metrics, "launches_per_device_day"),
    ("completion_rat", metrics, "completion_rate"),
    ("devise", ["days", "devices", "seed"], "devices"),
    ("opens_per_dya", ["opens_per_day", "force_quit_probability"], "opens_per_day"),
    ("on_complete", ["on_launch", "on_completion", "once"], "on_completion"),
  ])
  func aNearMissGetsTheNameItMeant(name: String, candidates: [String], meant: String) {
    #expect(NearestName.suggest(name, among: candidates) == meant)
  }

  @Test func aNameLikeNoneGetsNoSuggestion() {
    #expect(NearestName.suggest("battery", among: Self.metrics) == nil)
    #expect(NearestName.suggest("x", among: ["days", "seed"]) == nil)
  }
}
