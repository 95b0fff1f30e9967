/// The kinds of YAML file bgsim reads, each told by a top-level key, so that a file given
/// where another kind is read is named for what it is, with the command that reads it.
public enum ConfigFileKind: Sendable {
  case experiment, scenario, persona, app, fit

  /// The kind `tree`'s top-level keys tell, with the entry that tells it; nil when none
  /// does. An inline `app` section is an experiment's; an `app` naming a file is a
  /// scenario's.
  public static func of(_ tree: ConfigTree) -> (kind: ConfigFileKind, entry: ConfigTree.Entry)? {
    guard case .mapping(let entries) = tree.value else { return nil }
    if let e = entries.first(where: { $0.key == "arms" || $0.key == "sweep" }) { return (.experiment, e) }
    for e in entries {
      switch e.key {
      case "random_habits": return (.scenario, e)
      case "app" where e.value.scalar != nil: return (.scenario, e)
      case "usage", "battery", "charging": return (.persona, e)
      case "bundle", "background_modes": return (.app, e)
      case "parameters", "targets": return (.fit, e)
      default: continue
      }
    }
    return nil
  }

  /// The refusal of `tree`, read as a file of kind `expected`, when its keys tell another
  /// kind; nil otherwise.
  public static func misplaced(_ tree: ConfigTree, readAs expected: ConfigFileKind) -> ConfigError? {
    guard let (kind, e) = of(tree), kind != expected else { return nil }
    return ConfigError(
      file: tree.file, line: e.line, key: e.key,
      message: "this is \(kind.described), not \(expected.noun); \(kind.use(tree.file))")
  }

  var noun: String {
    switch self {
    case .experiment: "an experiment"
    case .scenario: "a scenario"
    case .persona: "a persona"
    case .app: "an app"
    case .fit: "a fit"
    }
  }

  var described: String { self == .scenario ? "a scenario file (one phone)" : "\(noun) file" }

  func use(_ file: String) -> String {
    switch self {
    case .experiment: "check it with 'bgsim validate \(file)' (an experiment takes no flag)"
    case .scenario:
      "explain it with 'bgsim explain \(file)', or see experiments/refresh-vs-processing.yaml for an experiment with arms"
    case .persona: "check it with 'bgsim validate --persona \(file)'"
    case .app: "check it with 'bgsim validate --app \(file)'"
    case .fit: "run it with 'bgsim fit \(file)', which checks it first"
    }
  }
}
