import Experiments
import FileFormats

extension ValidationCase {
  /// This case with `settings` applied to its scenario. An unknown key or a value out of
  /// range is an error; with one setting, at that setting's own file and line.
  public func setting(_ settings: [ParameterSetting]) throws(ConfigError) -> ValidationCase {
    guard let scenarioTree, !settings.isEmpty else { return self }
    let tree = try scenarioTree.applying(settings: settings)
    var c = self
    do {
      c.scenario = try Scenario.parse(tree: tree, file: file)
    } catch {
      // One setting: the problem is its own, at its own place.
      if settings.count == 1, let s = settings.first {
        throw ConfigError(file: s.file, line: s.line, key: s.key, message: "\(error.message) (in case \(id))")
      }
      throw error
    }
    return c
  }
}
