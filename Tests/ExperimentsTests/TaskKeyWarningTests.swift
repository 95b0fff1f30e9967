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

  /// Two tasks of an arm with one identifier: the run does what the warning says. The
  /// second registration is rejected, and each kind's submit replaces the other's pending
  /// request, so both kinds complete fewer runs than with an identifier each (silent).
  @Test func twoTasksWithOneIdentifierWarnAsTheRunBehaves() throws {
    func experiment(_ second: String) -> String {
      """
      name: ids
      days: 3
      devices: 4
      app: {background_modes: [fetch, processing], permitted_identifiers: [a, b]}
      arms:
        one:
          tasks:
            - {identifier: a, type: refresh, earliest_begin: 15m}
            - {identifier: \(second), type: processing, earliest_begin: 1h}

      """
    }
    var r = RunRequest()
    r.file = write(experiment("a"))
    let warned = FileValidation.warnings(of: try r.load(), file: "e.yaml")
    #expect(warned.count == 1)
    #expect(
      warned.first?.hasPrefix("e.yaml:9: warning: arm one: task a [1] has the identifier of task [0]") == true
    )
    r.file = write(experiment("b"))
    #expect(FileValidation.warnings(of: try r.load(), file: "e.yaml").isEmpty)
    var completed: [String: [String: Int]] = [:]
    for second in ["a", "b"] {
      let rows = try csvRows(
        runExperiment(experiment(second), jobs: 1).appendingPathComponent("launches.csv").path)
      let kind = rows[0].firstIndex(of: "kind")!
      let outcome = rows[0].firstIndex(of: "outcome")!
      let body = rows.dropFirst()
      #expect(body.contains { $0[kind] == "register" && $0[outcome] == "rejected" } == (second == "a"))
      for row in body where row[outcome] == "completed" {
        completed[second, default: [:]][row[kind], default: 0] += 1
      }
    }
    for kind in ["refresh", "processing"] {
      #expect(completed["a"]?[kind] ?? 0 < completed["b"]?[kind] ?? 0, "\(kind): \(completed)")
    }
  }
}
