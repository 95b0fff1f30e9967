import Experiments
import FileFormats
import Foundation
import Testing

@testable import Results

/// Background URLSession transfers: a discretionary one waits for Wi-Fi and power (Apple,
/// `URLSessionConfiguration.isDiscretionary`); one the app wants at once does not. Each
/// transfer's row keeps the time the app handed it over.
@Suite struct BackgroundTransferTests {
  static func experiment(discretionary: Bool, bytes: Int = 200_000) -> String {
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
      background_transfer: {bytes: \(bytes), discretionary: \(discretionary)}
    arms:
      upload:
        tasks: []
    """
  }

  func transferRows(discretionary: Bool, bytes: Int = 200_000) throws -> [[String]] {
    let out = try runExperiment(Self.experiment(discretionary: discretionary, bytes: bytes))
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

  /// A transfer's run lasts while its bytes move (2.5 MB/s on Wi-Fi, 1 MB/s on
  /// cellular by default), then while the app handles the session.
  @Test func aTransferTakesTimeInProportionToItsBytes() throws {
    let c = CSVSchema.launches.index
    func runSeconds(_ bytes: Int, scheduler: String = "") throws -> [(network: String, seconds: Double)] {
      let out = try runExperiment(Self.experiment(discretionary: false, bytes: bytes) + scheduler)
      return try csvRows(out.appendingPathComponent("launches.csv").path).dropFirst().filter {
        $0[c("kind")] == "background_transfer" && $0[c("outcome")] == "completed"
      }.map { ($0[c("network")], Double($0[c("ended_at_s")])! - Double($0[c("launched_at_s")])!) }
    }
    // Times are written to the millisecond.
    func within(_ runs: [(network: String, seconds: Double)], wifi: Double, cellular: Double) -> Bool {
      runs.allSatisfy {
        let moving = $0.network == "wifi" ? wifi : cellular
        return $0.seconds >= moving - 0.002 && $0.seconds < moving + 1
      }
    }
    let large = try runSeconds(4_000_000)
    #expect(large.count > 20)
    #expect(within(large, wifi: 1.6, cellular: 4))
    let slow = try runSeconds(4_000_000, scheduler: "\nscheduler: {transfers: {wifi_bytes_per_s: 500000}}\n")
    #expect(slow.count > 20)
    #expect(within(slow, wifi: 8, cellular: 4))
    #expect(try runSeconds(200_000).allSatisfy { $0.seconds < 0.25 })
  }
}
