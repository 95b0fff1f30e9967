import FileFormats

/// A value given to a dotted key of a scenario or an experiment from elsewhere (a fit
/// file, a posterior sample): `scheduler.KEY` and `app.KEY` are set in those sections,
/// `persona.KEY` is added to the persona's overrides. `file` and `line` say where the
/// value was written.
public struct ParameterSetting: Sendable {
  public var key: String
  public var value: String
  public var file: String
  public var line: Int

  public init(key: String, value: String, file: String, line: Int) {
    (self.key, self.value, self.file, self.line) = (key, value, file, line)
  }

  /// The sections whose keys a setting may name.
  public static let sections = ["scheduler", "app", "persona"]
}

extension ConfigTree {
  /// This tree (a scenario or an experiment) with `settings` applied: `scheduler.KEY`
  /// and `app.KEY` set in those sections, `persona.KEY` added to the persona's
  /// overrides. The tree is not decoded here.
  package func applying(settings: [ParameterSetting]) throws(ConfigError) -> ConfigTree {
    var tree = self
    for s in settings {
      let scalar = ConfigTree(value: .scalar(s.value), file: s.file, line: s.line, path: s.key)
      let parts = s.key.split(separator: ".", maxSplits: 1).map(String.init)
      guard parts.count == 2, ParameterSetting.sections.contains(parts[0]) else {
        throw scalar.error(
          "a parameter is a key of \(ParameterSetting.sections.joined(separator: ", ")), e.g. scheduler.threshold"
        )
      }
      if parts[0] == "persona" {
        tree = tree.addingPersonaOverride(parts[1], scalar)
      } else {
        tree = try tree.applying([(s.key, scalar)])
      }
    }
    return tree
  }

  /// This tree with `key: value` in its persona's `overrides` (a persona given by name
  /// becomes `{name: NAME, overrides: {…}}`).
  func addingPersonaOverride(_ key: String, _ value: ConfigTree) -> ConfigTree {
    guard case .mapping(var entries) = self.value else { return self }
    let at = entries.firstIndex { $0.key == "persona" }
    var persona =
      at.map { entries[$0].value }
      ?? ConfigTree(value: .scalar("typical"), file: value.file, line: value.line, path: "persona")
    if let name = persona.scalar {
      persona.value = .mapping([
        ConfigTree.Entry(
          key: "name", line: persona.line,
          value: ConfigTree(
            value: .scalar(name), file: persona.file, line: persona.line, path: "persona.name"))
      ])
    }
    guard case .mapping(var fields) = persona.value else { return self }
    var overrides: [ConfigTree.Entry] = []
    let o = fields.firstIndex { $0.key == "overrides" }
    if let o, case .mapping(let existing) = fields[o].value.value { overrides = existing }
    overrides.removeAll { $0.key == key }
    overrides.append(ConfigTree.Entry(key: key, line: value.line, value: value))
    let mapping = ConfigTree(
      value: .mapping(overrides), file: value.file, line: value.line, path: "persona.overrides")
    if let o {
      fields[o].value = mapping
    } else {
      fields.append(ConfigTree.Entry(key: "overrides", line: value.line, value: mapping))
    }
    persona.value = .mapping(fields)
    if let at {
      entries[at].value = persona
    } else {
      entries.append(ConfigTree.Entry(key: "persona", line: value.line, value: persona))
    }
    var copy = self
    copy.value = .mapping(entries)
    return copy
  }
}
