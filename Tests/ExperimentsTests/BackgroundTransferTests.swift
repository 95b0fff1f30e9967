import Experiments
import FileFormats
import Foundation
import Testing

/// Background URLSession transfers: a discretionary one waits for Wi-Fi and power (Apple,
/// `URLSessionConfiguration.isDiscretionary`); one the app wants at once does not. Each
/// transfer's row keeps the time the app handed it over.
@Suite struct BackgroundTransferTests {
  static func experiment(discretionary: Bool) -> String {
    """
    name: transfers
    days: 4
    warmup_days: 0
    devices: 6
    seed: 9
    persona: commuter-poor-connectivity
    app:
      bundle: com.example.uploader
      background_modes: [fetch]
      permitted_identifiers: [r]
      opens_per_day: 6
      background_transfer: {bytes: 200000, discretionary: \(discretionary)}
    arms:
      upload:
        tasks: []
    """
  }

  func transferRows(discretionary: Bool) throws -> [[String]] {
    let out = try runExperiment(Self.experiment(discretionary: discretionary))
    let rows = try csvRows(out.appendingPathComponent("launches.csv").path).dropFirst()
    let c = CSVSchema.launches.index
    return rows.filter { $0[c("kind")] == "background_transfer" }
  }

  @Test func aDiscretionaryTransferRunsOnlyOnWiFiAndPower() throws {
    let c = CSVSchema.launches.index
    let waiting = try transferRows(discretionary: true).filter { !$0[c("launched_at_s")].isEmpty }
    #expect(waiting.count > 5)
    #expect(waiting.allSatisfy { $0[c("network")] == "wifi" && $0[c("charging")] == "1" })
    let urgent = try transferRows(discretionary: false).filter { !$0[c("launched_at_s")].isEmpty }
    #expect(urgent.contains { $0[c("network")] != "wifi" || $0[c("charging")] == "0" })
  }

  @Test func aTransferKeepsItsHandOverTime() throws {
    let c = CSVSchema.launches.index
    let rows = try transferRows(discretionary: true)
    let launched = rows.filter { !$0[c("launched_at_s")].isEmpty }
    #expect(
      launched.allSatisfy { Double($0[c("submitted_at_s")])! <= Double($0[c("launched_at_s")])! })
    // Waiting for the charger takes hours: the hand-over is well before the launch.
    #expect(launched.contains { Double($0[c("launched_at_s")])! - Double($0[c("submitted_at_s")])! > 3600 })
  }
}
