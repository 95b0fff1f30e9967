import Experiments
import FileFormats
import Foundation
import Randomness
import TestScratch
import Testing

/// Sobol ranges over durations and whole numbers: `[5m, 2h]` draws durations written
/// with a unit, a key that takes whole numbers (bytes, counts) draws whole numbers from
/// its whole bounds, and a real key stays real.
@Suite struct SobolRangeTests {
  func experiment(_ ranges: String, samples: Int = 16) -> String {
    """
    name: sob
    days: 2
    devices: 2
    warmup_days: 0
    app: {background_modes: [fetch, processing], permitted_identifiers: [t]}
    arms:
      a: {tasks: [{identifier: t, type: refresh, earliest_begin: 15m, network_bytes: 1000}]}
    sweep:
      sobol: {samples: \(samples), ranges: {\(ranges)}}

    """
  }

  func load(_ text: String) throws -> ExperimentSpec {
    var r = RunRequest()
    r.file = write(text)
    return try r.load()
  }

  @Test func durationsWholeNumbersAndRealsEachKeepTheirKind() throws {
    let spec = try load(
      experiment(
        "tasks.earliest_begin: [5m, 2h], tasks.network_bytes: [1000, 1003], app.opens_per_day: [1, 20]"))
    var bytesSeen = Set<String>()
    var fractionalOpens = 0
    for cell in spec.cells {
      let values = Dictionary(uniqueKeysWithValues: cell.overrides.map { ($0.0, $0.1) })
      let seconds = try #require(DurationText.parseSeconds(values["tasks.earliest_begin"]!))
      #expect((300...7200).contains(seconds), "\(values)")
      let bytes = try #require(Int(values["tasks.network_bytes"]!), "\(values)")
      #expect((1000...1003).contains(bytes))
      bytesSeen.insert(values["tasks.network_bytes"]!)
      let opens = try #require(Double(values["app.opens_per_day"]!))
      #expect((1...20).contains(opens))
      if opens != opens.rounded() { fractionalOpens += 1 }
      // Every cell decodes: the values are ones the keys accept.
      _ = try spec.spec(for: cell)
    }
    // 16 Sobol points cover each of the 4 whole values (each a quarter of [0, 1)).
    #expect(bytesSeen == ["1000", "1001", "1002", "1003"])
    #expect(fractionalOpens > 0)
  }

  @Test(arguments: [
    ("tasks.network_bytes: [1000.5, 2000]", "takes whole numbers; give whole bounds"),
    ("tasks.earliest_begin: [2h, 5m]", "low < high"),
    ("tasks.earliest_begin: [5m, soon]", "is not a range of numbers or of durations with units"),
    ("app.opens_per_day: [1]", "a range is [low, high]"),
  ])
  func aBadRangeIsRefusedInOneLine(ranges: String, message: String) throws {
    let error = #expect(throws: UserError.self) { try load(experiment(ranges)) }
    #expect(error?.message.contains(message) == true, "\(error?.message ?? "")")
  }

  /// A byte count is a whole number wherever it is written.
  @Test func aFractionalByteCountIsRefused() throws {
    let text = experiment("app.opens_per_day: [1, 20]").replacingOccurrences(
      of: "network_bytes: 1000", with: "network_bytes: 1563187.5")
    let error = #expect(throws: UserError.self) { try load(text) }
    #expect(error?.message.contains("'1563187.5' is not a whole number") == true)
  }
}
