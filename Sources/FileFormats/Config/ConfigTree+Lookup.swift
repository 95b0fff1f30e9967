extension ConfigTree {
  /// The line of the value at `keys` below this tree: a mapping's key by name, a
  /// sequence's item by its index written as a number; nil where the path leaves the
  /// tree. For a warning that names its place as errors do (`FILE:LINE:`).
  public func line(at keys: [String]) -> Int? {
    var tree = self
    var line = self.line
    for key in keys {
      switch tree.value {
      case .mapping(let entries):
        guard let entry = entries.last(where: { $0.key == key }) else { return nil }
        (tree, line) = (entry.value, entry.line)
      case .sequence(let items):
        guard let i = Int(key), items.indices.contains(i) else { return nil }
        (tree, line) = (items[i], items[i].line)
      case .scalar:
        return nil
      }
    }
    return line
  }

  /// This tree without the mapping entries named in `keys` (itself when it is not a
  /// mapping): a section whose extra keys one reader takes before handing the rest to
  /// another.
  public func removing(keys: [String]) -> ConfigTree {
    guard case .mapping(let entries) = value else { return self }
    var trimmed = self
    trimmed.value = .mapping(entries.filter { !keys.contains($0.key) })
    return trimmed
  }
}
