import FileFormats
import Foundation
import Testing

@testable import Experiments
@testable import Results

/// `launches.csv` says why each launch happened, from the rule's own record (issue 64).
@Suite struct LaunchCauseRowTests {
  /// The default experiment with silent pushes on: every launched row carries a trigger,
  /// a reason of the rule's, a score in [0, 1] and its bar; a launch that is no
  /// companion passed its bar. A push counts from its arrival: none launches before it
  /// arrived, and those held past a later point (a timer, a screen-off) show the wait.
  @Test func launchedRowsCarryTheRulesCause() throws {
    let text = DefaultExperiment.text.replacingOccurrences(of: "days: 30", with: "days: 4")
      .replacingOccurrences(of: "warmup_days: auto", with: "warmup_days: 1")
      .replacingOccurrences(of: "devices: 200", with: "devices: 8")
      .replacingOccurrences(
        of: "background_modes: [fetch, processing]",
        with: "background_modes: [fetch, processing, remote-notification]\n  silent_pushes_per_hour: 2")
    let out = try runExperiment(text)
    let (c, rows) = try csvTable(out, .launches)
    let reasons = Set(["threshold", "optimum", "relaxed", "companion", "on_screen"])
    var (launched, pushes, waited) = (0, 0, 0)
    var seen = Set<String>()
    for r in rows {
      guard let t = Double(r[c("launched_at_s")]) else {
        #expect(r[c("launch_reason")].isEmpty && r[c("launch_score")].isEmpty)
        continue
      }
      launched += 1
      let reason = r[c("launch_reason")]
      seen.insert(reason)
      #expect(reasons.contains(reason), "reason '\(reason)'")
      #expect(!r[c("launch_trigger")].isEmpty)
      let score = try #require(Double(r[c("launch_score")]))
      let bar = try #require(Double(r[c("launch_threshold")]))
      #expect((0...1).contains(score) && (0...1).contains(bar))
      // Written to 4 decimals each.
      if reason != "companion" { #expect(score + 1e-4 >= bar, "\(r)") }
      if r[c("kind")] == "silent_push" {
        pushes += 1
        let submitted = try #require(Double(r[c("submitted_at_s")]))
        #expect(submitted <= t)
        if submitted < t - 1 { waited += 1 }
      }
    }
    #expect(launched > 100)
    #expect(pushes > 20)
    #expect(waited > 0, "\(waited) of \(pushes) pushes waited past their arrival")
    #expect(seen.count >= 3, "\(seen)")
  }
}
