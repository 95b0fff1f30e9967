/// A configuration tree written back as YAML in a canonical form: for the manifest and
/// for the fingerprint that keeps `--resume` from mixing runs.
package enum ConfigDump {
  package static func yaml(_ tree: ConfigTree, indent: String = "") -> String {
    switch tree.value {
    case .scalar(let s): return quote(s)
    case .sequence(let items): return "[" + items.map { flow($0) }.joined(separator: ", ") + "]"
    case .mapping(let entries):
      if entries.isEmpty { return "{}" }
      return entries.map { e in
        switch e.value.value {
        case .mapping(let inner) where !inner.isEmpty:
          return "\(indent)\(e.key):\n" + yaml(e.value, indent: indent + "  ")
        default:
          return "\(indent)\(e.key): \(yaml(e.value, indent: indent + "  "))"
        }
      }.joined(separator: "\n")
    }
  }

  /// One-line YAML (flow style), for values inside lists.
  static func flow(_ tree: ConfigTree) -> String {
    switch tree.value {
    case .scalar(let s): return quote(s)
    case .sequence(let items): return "[" + items.map { flow($0) }.joined(separator: ", ") + "]"
    case .mapping(let entries):
      return "{" + entries.map { "\($0.key): \(flow($0.value))" }.joined(separator: ", ") + "}"
    }
  }

  static func quote(_ s: String) -> String {
    let plain = s.allSatisfy { $0.isLetter || $0.isNumber || "._-+/".contains($0) } && !s.isEmpty
    return plain
      ? s
      : "\"" + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        + "\""
  }
}
