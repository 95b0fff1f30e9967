import FileFormats

extension PersonaCatalog {
  /// Where a persona named in an experiment (or a scenario) comes from: a `.yaml` path (relative to the
  /// experiment), or a name looked up in `experiments/personas/` and then built in.
  public static func source(_ text: String, resolve: (String) -> String) throws(UserError)
    -> Source
  {
    if text.hasSuffix(".yaml") || text.hasSuffix(".yml") { return .file(resolve(text)) }
    return try source(for: text)
  }

  /// A persona name or file, `{name, overrides}`, or `{mixture: {name: weight, …}, overrides}`.
  public static func mixture(_ tree: ConfigTree, resolve: (String) -> String) throws(ConfigError)
    -> [(persona: Persona, weight: Double)]
  {
    func file(_ text: String, _ at: ConfigTree) throws(ConfigError) -> Source {
      do { return try source(text, resolve: resolve) } catch { throw at.error(error.message) }
    }
    if let name = tree.scalar { return [(try load(try file(name, tree)), 1)] }
    let s = try ConfigSection(tree, keys: ["name", "mixture", "overrides"])
    var overrides: [(path: String, value: ConfigTree)] = []
    if let o = s.value("overrides") {
      guard case .mapping(let entries) = o.value else {
        throw o.error("overrides must be a mapping of key: value")
      }
      overrides = entries.map { ($0.key, $0.value) }
    }
    if let m = s.value("mixture") {
      guard case .mapping(let entries) = m.value, !entries.isEmpty else {
        throw m.error(
          "a mixture maps persona names to weights, e.g. {typical: 0.6, light-opportunistic: 0.4}")
      }
      var out: [(Persona, Double)] = []
      for e in entries {
        guard let w = e.value.scalar.flatMap(Double.init), w >= 0 else {
          throw e.value.error("a mixture weight must be a number ≥ 0")
        }
        out.append((try load(try file(e.key, e.value), overrides: overrides), w))
      }
      guard out.contains(where: { $0.1 > 0 }) else {
        throw m.error("at least one mixture weight must be > 0")
      }
      return out
    }
    let name = try s.text("name", default: "typical") ?? "typical"
    return [(try load(try file(name, tree), overrides: overrides), 1)]
  }
}
