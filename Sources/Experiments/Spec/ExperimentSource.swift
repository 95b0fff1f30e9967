import FileFormats

/// The experiment's text and the command line's overrides, so that it can be rebuilt.
public struct ExperimentSource: Sendable {
  public var text: String
  public var label: String
  public var overrides: [(key: String, value: String)]

  public init(text: String, label: String, overrides: [(key: String, value: String)]) {
    self.text = text
    self.label = label
    self.overrides = overrides
  }

  /// The experiment it describes.
  public func spec() throws(UserError) -> ExperimentSpec {
    do {
      let base = try ConfigTree.parse(yaml: text, file: label)
      let trees = overrides.map {
        ($0.key, ConfigTree(value: .scalar($0.value), file: "command line", line: 0, path: $0.key))
      }
      return try ExperimentSpec(tree: try base.applying(trees), file: label)
    } catch { throw UserError(error.description) }
  }
}
