/// The YAML files bgsim reads that are not experiments, each told by a top-level key,
/// so that one given where an experiment is read is named for what it is, with the
/// command that reads it.
public enum ConfigFileKind {
  /// What a file without `arms` is, told by its first such top-level key, and what to do
  /// with it; nil when no key tells (an experiment that forgot its arms). An inline `app`
  /// section is an experiment's; an `app` that names a file is a scenario's.
  public static func notAnExperiment(_ tree: ConfigTree) -> ConfigError? {
    guard case .mapping(let entries) = tree.value, !entries.contains(where: { $0.key == "arms" }) else {
      return nil
    }
    for e in entries where e.key != "app" || e.value.scalar != nil {
      guard let message = message(for: e.key, file: tree.file) else { continue }
      return ConfigError(file: tree.file, line: e.line, key: e.key, message: message)
    }
    return nil
  }

  static func message(for key: String, file: String) -> String? {
    switch key {
    case "random_habits", "app":
      "this is a scenario file (one phone), not an experiment; explain it with 'bgsim explain \(file)', "
        + "or see experiments/refresh-vs-processing.yaml for an experiment with arms"
    case "usage", "battery", "charging":
      "this is a persona file, not an experiment; check it with 'bgsim validate --persona \(file)'"
    case "bundle", "background_modes":
      "this is an app file, not an experiment; check it with 'bgsim validate --app \(file)'"
    default: nil
    }
  }
}
