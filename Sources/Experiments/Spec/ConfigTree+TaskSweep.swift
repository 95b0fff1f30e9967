import FileFormats
import Foundation
import IOSModel
import Randomness

extension ConfigTree {
  /// Whether a sweep key names a task key: `tasks.KEY` (every arm's tasks) or
  /// `arms.NAME.tasks.KEY` (arm NAME's).
  static func isTaskSweepKey(_ path: String) -> Bool {
    let parts = path.split(separator: ".")
    return (parts.count == 2 && parts[0] == "tasks")
      || (parts.count == 4 && parts[0] == "arms" && parts[2] == "tasks")
  }

  /// How to write a sweep key that reaches into a task list another way
  /// (`arms.A.tasks.0.work`): a sweep sets a task key in every task of an arm. nil for
  /// every other key.
  static func taskSweepHint(_ path: String) -> String? {
    let parts = path.split(separator: ".").map(String.init)
    guard !isTaskSweepKey(path), let t = parts.firstIndex(of: "tasks"), let key = parts.last, key != "tasks"
    else { return nil }
    let arm = t == 2 && parts[0] == "arms" ? "arms.\(parts[1])." : ""
    return
      "a sweep sets a task key in every task of an arm: write \(arm)tasks.\(key) (tasks.KEY sets every arm's tasks, arms.NAME.tasks.KEY one arm's)"
  }

  /// This experiment tree with a task key set in every task of every arm (`tasks.KEY`)
  /// or of one arm (`arms.NAME.tasks.KEY`). `submit` takes one policy, or several joined
  /// by `+` (`on_launch+on_completion`).
  func applyingTaskSweep(_ path: String, _ value: ConfigTree) throws(ConfigError) -> ConfigTree {
    let parts = path.split(separator: ".").map(String.init)
    let key = parts.last!
    guard TaskBehaviorSpec.keys.contains(key), key != "identifier" else {
      throw value.error(
        "'\(key)' is not a task key a sweep can set\(NearestName.hint(key, among: TaskBehaviorSpec.keys)); task keys: \(TaskBehaviorSpec.keys.filter { $0 != "identifier" }.joined(separator: ", "))"
      )
    }
    let arm: String? = parts.count == 4 ? parts[1] : nil
    guard case .mapping(var entries) = self.value, let a = entries.firstIndex(where: { $0.key == "arms" }),
      case .mapping(var arms) = entries[a].value.value
    else { return self }
    if let arm, !arms.contains(where: { $0.key == arm }) {
      throw value.error(
        "no arm '\(arm)'\(NearestName.hint(arm, among: arms.map(\.key))); the arms are \(arms.map(\.key).joined(separator: ", "))"
      )
    }
    var replacement = value
    if key == "submit", let text = value.scalar {
      replacement.value = .sequence(
        text.split(separator: "+").map {
          ConfigTree(
            value: .scalar($0.trimmingCharacters(in: .whitespaces)), file: value.file, line: value.line,
            path: value.path)
        })
    }
    var touched = 0
    for i in arms.indices where arm == nil || arms[i].key == arm {
      guard case .mapping(var fields) = arms[i].value.value,
        let t = fields.firstIndex(where: { $0.key == "tasks" }),
        case .sequence(var tasks) = fields[t].value.value
      else { continue }
      for j in tasks.indices {
        guard case .mapping(var taskFields) = tasks[j].value else { continue }
        taskFields.removeAll { $0.key == key }
        taskFields.append(Entry(key: key, line: value.line, value: replacement))
        tasks[j].value = .mapping(taskFields)
        touched += 1
      }
      fields[t].value.value = .sequence(tasks)
      arms[i].value.value = .mapping(fields)
    }
    guard touched > 0 else {
      throw value.error(
        "no task to set '\(key)' in: \(arm.map { "arm '\($0)' has" } ?? "the arms have") no tasks")
    }
    entries[a].value.value = .mapping(arms)
    var copy = self
    copy.value = .mapping(entries)
    return copy
  }
}
