import Experiments
import Foundation
import IOSModel
import TestScratch
import Testing

/// Warnings only when true: for each key of a task, the values that make a run warn. A
/// processing task on an app with both modes, in the default model, warns for exactly one
/// setting: `requires_external_power: false`, which asks to run off power in a model that
/// runs processing only on the charger. `true`, what developers set, is silent.
@Suite struct TaskKeyWarningTests {
  static let values: [(key: String, values: [String])] = [
    ("earliest_begin", ["0s", "15m", "\"01:00\"", "\"06:00 + 30m\""]),
    ("requires_network", ["true", "false"]),
    ("requires_external_power", ["true", "false"]),
    ("submit", ["[on_launch]", "[on_completion]", "[on_start]", "[on_launch, on_completion]"]),
    ("work", ["10s", "\"exponential(mean: 30s)\""]),
    ("network_bytes", ["0", "1000000"]),
    ("cpu_share", ["0.1", "1"]),
    ("success_probability", ["0.5", "1"]),
    ("honours_expiration", ["true", "false"]),
    ("calls_set_task_completed", ["true", "false"]),
  ]

  func warnings(key: String, value: String) throws -> [String] {
    let text = """
      name: keys
      days: 3
      devices: 2
      app: {background_modes: [fetch, processing], permitted_identifiers: [t]}
      arms:
        a: {tasks: [{identifier: t, type: processing, \(key): \(value)}]}

      """
    var r = RunRequest()
    r.file = write(text)
    return FileValidation.warnings(of: try r.load(), file: "e.yaml")
  }

  @Test func onlyAskingToRunOffPowerWarns() throws {
    var warned: [String] = []
    for (key, values) in Self.values {
      for value in values where try !warnings(key: key, value: value).isEmpty {
        warned.append("\(key): \(value)")
      }
    }
    #expect(warned == ["requires_external_power: false"])
    // Every key of a processing task is in the table (identifier and type make the task;
    // strategy is refused outside continued requests).
    let table = Set(Self.values.map(\.key))
    #expect(table == Set(TaskBehaviorSpec.keys).subtracting(["identifier", "type", "strategy"]))
  }
}
