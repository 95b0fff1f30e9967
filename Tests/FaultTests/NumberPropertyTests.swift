import Experiments
import Foundation
import PropertyBased
import TestScratch
import Testing

@testable import FileFormats
@testable import Results

/// Numbers of every size in every numeric key of an experiment, drawn by
/// swift-property-based's generators from a fixed seed: each file loads or is refused
/// in one line, and one that loads simulates a day without a trap. Magnitudes run from
/// 1e-320 to 1e308, both signs, with and without units.
@Suite struct NumberPropertyTests {
  static let keys: [(String, String)] = [
    ("days: 2", "days: %@"), ("devices: 2", "devices: %@"), ("seed: 3", "seed: %@"),
    ("opens_per_day: 5", "opens_per_day: %@"), ("work: 5s", "work: %@s"),
    ("earliest_begin: 15m", "earliest_begin: %@s"),
    ("threshold: 0.55", "threshold: %@"), ("network_bytes: 1000", "network_bytes: %@"),
    ("overrides: {}", "overrides: {usage.unlocks_per_day: %@}"),
    ("overrides: {}", "overrides: {battery.initial_pct: %@}"),
    ("overrides: {}", "overrides: {charging.overnight_plug_in: %@h}"),
    ("overrides: {}", "overrides: {usage.session_length: \"lognormal(median: %@s, sigma: 1)\"}"),
  ]

  static let experiment = """
    name: numbers
    days: 2
    devices: 2
    seed: 3
    persona: {name: typical, overrides: {}}
    app: {bundle: x, background_modes: [fetch], permitted_identifiers: [r], opens_per_day: 5}
    scheduler: {threshold: 0.55}
    arms:
      a:
        tasks:
          - {identifier: r, type: refresh, earliest_begin: 15m, submit: [on_launch, on_completion], work: 5s, network_bytes: 1000}

    """

  @Test func anyNumberInAnyKeyLoadsOrIsOneLine() throws {
    let dir = scratchFolder("numbers")
    var loaded = 0
    var refused = 0
    var rng = Xoshiro(seed: (20_261_125, 1, 2, 3))
    let keys = Gen.int(in: 0..<Self.keys.count)
    let mantissas = Gen.double(in: -1...1)
    let exponents = Gen.int(in: -320...308)
    for _ in 0..<600 {
      let key = keys.run(using: &rng)
      let mantissa = mantissas.run(using: &rng)
      let exponent = exponents.run(using: &rng)
      let number = "\(mantissa)e\(exponent)"
      let (old, template) = Self.keys[key]
      let text = Self.experiment.replacingOccurrences(
        of: old, with: template.replacingOccurrences(of: "%@", with: number))
      let file = dir.appendingPathComponent("n-\(key).yaml")
      _ = FileManager.default.createFile(atPath: file.path, contents: Data(text.utf8))
      do {
        let spec = try ExperimentSpec.load(file: file.path)
        loaded += 1
        // A run of what loaded, in process: a trap would end the test run.
        var request = RunRequest()
        request.file = file.path
        request.days = min(spec.days, 2)
        request.devices = min(spec.devices, 2)
        request.out = dir.appendingPathComponent("out-\(key)").path
        request.jobs = 1
        do { _ = try request.run { _, _ in } } catch {
          let message = error.message
          #expect(!message.contains("\n"), "\(number) in \(template): \(message)")
        }
      } catch {
        refused += 1
        let message = error.message
        #expect(!message.isEmpty && !message.contains("\n"), "\(number) in \(template): \(message)")
      }
    }
    print("numbers: \(loaded) loaded and ran, \(refused) refused in one line")
    #expect(loaded > 0 && refused > 0)
  }
}
