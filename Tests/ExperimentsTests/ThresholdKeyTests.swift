import FileFormats
import IOSModel
import SimKernel
import Testing

@testable import Experiments

/// `threshold` and `processing_threshold` act wherever a file may set them, or are
/// refused with the true reason (issue 64).
@Suite struct ThresholdKeyTests {
  static func wholePhone(scheduler: String, otherApps: Int = 10) throws -> String {
    try OtherAppsTests.text(otherApps: otherApps, days: 6)
      .replacingOccurrences(of: "scheduler:\n  model: ios\n", with: "scheduler:\n" + scheduler)
  }

  static func problem(_ text: String) -> String? {
    do {
      _ = try OtherAppsTests.spec(text)
      return nil
    } catch { return "\(error)" }
  }

  /// The `ios` model with Apple's maintenance: the bar judges it (the other apps'
  /// processing is judged against its own optimum), so raising it to 1 launches less of it.
  @Test func processingThresholdActsOnAppleMaintenanceInTheIOSModel() throws {
    func otherProcessingLaunches(_ bar: String) throws -> Int {
      let spec = try OtherAppsTests.spec(
        Self.wholePhone(scheduler: "  model: ios\n  processing_threshold: \(bar)\n"))
      let cell = try spec.spec(for: spec.cells[1])
      var total = 0
      for device in 0..<6 {
        total += OtherAppsTests.run(cell, arm: 0, device: device).totals
          .filter { $0.work == "apple_maintenance" }
          .map(\.launches).reduce(0, +)
      }
      return total
    }
    let low = try otherProcessingLaunches("0.5")
    let high = try otherProcessingLaunches("1.0")
    #expect(low > 0)
    #expect(high < low)
  }

  /// The `ios` model on phones without Apple's maintenance: every app's processing is
  /// judged against its own best moment, so the bar changes nothing and is refused,
  /// naming the way to make it count; with the relative threshold off, or a longer `app_usage`
  /// limit than `used_within`, it acts and is taken.
  @Test func processingThresholdAloneIsRefusedTruthfully() throws {
    // No other apps, no maintenance, no sweep over them.
    var alone = try Self.wholePhone(scheduler: "  model: ios\n  processing_threshold: 0.8\n")
    alone = String(alone[..<alone.range(of: "sweep:")!.lowerBound])
    let cut = try #require(alone.range(of: "other_apps:")?.lowerBound)
    let arms = try #require(alone.range(of: "arms:")?.lowerBound)
    alone.removeSubrange(cut..<arms)
    let message = try #require(Self.problem(alone))
    #expect(message.contains("w.yaml:"))
    #expect(message.contains("scheduler.processing_threshold: has no effect here"))
    #expect(message.contains("set relative_threshold: {enabled: false}"))
    let off = alone.replacingOccurrences(
      of: "  processing_threshold: 0.8\n",
      with: "  processing_threshold: 0.8\n  relative_threshold: {enabled: false}\n")
    #expect(Self.problem(off) == nil)
    let longer = alone.replacingOccurrences(
      of: "  processing_threshold: 0.8\n",
      with: "  processing_threshold: 0.8\n  policies: {app_usage: {maximum_days: 30}}\n")
    #expect(Self.problem(longer) == nil)
    // `threshold` judges pushes, fetch and transfers: it acts in the ios model.
    #expect(Self.problem(alone.replacingOccurrences(of: "processing_threshold", with: "threshold")) == nil)
  }

  /// The `naive` model's policies only veto: no score meets either bar, so both keys
  /// are refused, whatever else is on the phone.
  @Test(arguments: ["threshold", "processing_threshold"])
  func naiveModelRefusesBothBars(key: String) throws {
    let text = try Self.wholePhone(scheduler: "  model: naive\n  \(key): 0.5\n")
    let message = try #require(Self.problem(text))
    #expect(message.contains("scheduler.\(key): has no effect: no policy of the naive model gives a score"))
  }
}
