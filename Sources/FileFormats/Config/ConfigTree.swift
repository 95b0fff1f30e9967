import Foundation
import Yams

/// A parsed YAML document that remembers, for every value, the file and line it came
/// from, so that any later problem can be reported at its place. Trees from several
/// files can be merged key by key (``applying(_:)``): each value keeps its own origin.
public struct ConfigTree: Sendable {
  public indirect enum Value: Sendable {
    case scalar(String)
    case mapping([Entry])
    case sequence([ConfigTree])
  }

  /// One key of a mapping with the line it is written on.
  public struct Entry: Sendable {
    public var key: String
    public var line: Int
    public var value: ConfigTree

    public init(key: String, line: Int, value: ConfigTree) {
      self.key = key
      self.line = line
      self.value = value
    }
  }

  public var value: Value
  public var file: String
  public var line: Int
  /// Dotted key path from the document root.
  public var path: String

  public init(value: Value, file: String, line: Int, path: String) {
    self.value = value
    self.file = file
    self.line = line
    self.path = path
  }

  /// Reads and parses a YAML file.
  public static func load(file: String) throws(ConfigError) -> ConfigTree {
    guard FileManager.default.fileExists(atPath: file) else {
      throw ConfigError(file: file, line: 0, key: "", message: "no such file")
    }
    guard let data = FileManager.default.contents(atPath: file),
      let text = String(data: data, encoding: .utf8)
    else {
      throw ConfigError(file: file, line: 0, key: "", message: "cannot be read as UTF-8 text")
    }
    return try parse(yaml: text, file: file)
  }

  /// Parses YAML text; `file` names it in errors.
  public static func parse(yaml text: String, file: String) throws(ConfigError) -> ConfigTree {
    // A byte-order mark first (some editors write one) is no part of the document; the
    // parser read it as text and failed on line 2 with "did not find expected <document start>".
    let yaml = text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
    let node: Node?
    do {
      node = try Yams.compose(yaml: yaml)
    } catch let error as YamlError {
      if case .duplicatedKeysInMapping(let keys, let context) = error, let key = keys.sorted().first {
        let (first, second) = Self.linesOfTwice(key, in: yaml, from: context.mark.line)
        throw ConfigError(
          file: file, line: second, key: key,
          message: "key is given twice" + (first.map { " (first on line \($0))" } ?? "") + "; keep one")
      }
      let line = Self.line(of: error)
      // YAML forbids tabs in indentation, and the parser's words for it never say "tab".
      let lines = yaml.split(separator: "\n", omittingEmptySubsequences: false)
      if line >= 1, line <= lines.count,
        lines[line - 1].prefix(while: { $0 == " " || $0 == "\t" }).contains("\t")
      {
        throw ConfigError(
          file: file, line: line, key: "",
          message:
            "malformed YAML: a tab indents this line; YAML indents with spaces only, so replace the tab")
      }
      throw ConfigError(
        file: file, line: line, key: "", message: "malformed YAML: \(Self.summary(of: error))")
    } catch {
      throw ConfigError(file: file, line: 0, key: "", message: "malformed YAML: \(error)")
    }
    guard let node else { return ConfigTree(value: .mapping([]), file: file, line: 1, path: "") }
    // Aliases are shared, not copied, until the tree is built: count before building,
    // and stop counting at the limit, so that a file of nested aliases (a "billion
    // laughs") is refused in microseconds rather than expanded.
    var budget = maximumValues
    guard fits(node, budget: &budget) else {
      throw ConfigError(
        file: file, line: 0, key: "",
        message:
          "expands to more than \(maximumValues) values (nested YAML aliases?); write the configuration out plainly"
      )
    }
    return try convert(node, file: file, path: "")
  }

  /// The lines (from 1) where `key` is given first and a second time at one indentation,
  /// from line `start` on (the mapping that holds it); `start` when it cannot be told.
  static func linesOfTwice(_ key: String, in yaml: String, from start: Int) -> (first: Int?, second: Int) {
    var indentation: Int?
    var firstLine: Int?
    for (i, line) in yaml.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
    where i + 1 >= start {
      let text = line.drop { $0 == " " }
      let bare = text.hasPrefix("- ") ? text.dropFirst(2).drop { $0 == " " } : text
      guard bare.hasPrefix(key), bare.dropFirst(key.count).drop(while: { $0 == " " }).hasPrefix(":") else {
        continue
      }
      let column = line.count - bare.count
      if let first = indentation {
        if column == first { return (firstLine, i + 1) }
      } else {
        (indentation, firstLine) = (column, i + 1)
      }
    }
    return (nil, start)
  }

  static func line(of error: YamlError) -> Int {
    switch error {
    case .scanner(_, _, let mark, _), .parser(_, _, let mark, _), .composer(_, _, let mark, _):
      return mark.line
    default:
      return 0
    }
  }

  static func summary(of error: YamlError) -> String {
    switch error {
    case .scanner(let context, let problem, _, _), .parser(let context, let problem, _, _),
      .composer(let context, let problem, _, _):
      return [context?.text, problem].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
    default:
      return "\(error)".split(separator: "\n").first.map(String.init) ?? "\(error)"
    }
  }

  /// The most keys and values a configuration file may hold, aliases expanded.
  public static let maximumValues = 100_000

  /// Whether `node` holds at most `budget` keys and values; counts them off `budget`.
  static func fits(_ node: Node, budget: inout Int) -> Bool {
    budget -= 1
    guard budget >= 0 else { return false }
    switch node {
    case .scalar, .alias: return true
    case .mapping(let mapping):
      for (k, v) in mapping where !fits(k, budget: &budget) || !fits(v, budget: &budget) { return false }
      return true
    case .sequence(let sequence):
      for item in sequence where !fits(item, budget: &budget) { return false }
      return true
    }
  }

  static func convert(_ node: Node, file: String, path: String) throws(ConfigError) -> ConfigTree {
    let line = node.mark?.line ?? 0
    switch node {
    case .scalar(let scalar):
      return ConfigTree(value: .scalar(scalar.string), file: file, line: line, path: path)
    case .mapping(let mapping):
      var entries: [Entry] = []
      for (k, v) in mapping {
        guard case .scalar(let key) = k else {
          throw ConfigError(
            file: file, line: k.mark?.line ?? line, key: path, message: "keys must be plain names")
        }
        if let first = entries.first(where: { $0.key == key.string }) {
          throw ConfigError(
            file: file, line: k.mark?.line ?? line, key: join(path, key.string),
            message: "key is given twice (first on line \(first.line)); keep one")
        }
        let child = try convert(v, file: file, path: join(path, key.string))
        entries.append(Entry(key: key.string, line: k.mark?.line ?? line, value: child))
      }
      return ConfigTree(value: .mapping(entries), file: file, line: line, path: path)
    case .sequence(let sequence):
      var items: [ConfigTree] = []
      for (i, item) in sequence.enumerated() {
        items.append(try convert(item, file: file, path: "\(path)[\(i)]"))
      }
      return ConfigTree(value: .sequence(items), file: file, line: line, path: path)
    case .alias:
      throw ConfigError(file: file, line: line, key: path, message: "YAML aliases are not supported")
    }
  }

  static func join(_ path: String, _ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

  /// An error at this value's place.
  public func error(_ message: String) -> ConfigError {
    ConfigError(file: file, line: line, key: path, message: message)
  }

  /// The scalar text, or nil for a mapping or sequence.
  public var scalar: String? {
    if case .scalar(let s) = value { return s }
    return nil
  }

  /// This tree with each override (a dotted key path and its value) set in it.
  /// Intermediate mappings are created as needed; a path through a scalar is an error.
  public func applying(_ overrides: [(path: String, value: ConfigTree)]) throws(ConfigError) -> ConfigTree {
    var tree = self
    for (dotted, replacement) in overrides {
      let keys = dotted.split(separator: ".").map(String.init)
      guard !keys.isEmpty else {
        throw replacement.error("an override needs a key path such as battery.capacity_wh")
      }
      try tree.set(keys[...], to: replacement, fullPath: dotted)
    }
    return tree
  }

  mutating func set(_ keys: ArraySlice<String>, to replacement: ConfigTree, fullPath: String)
    throws(ConfigError)
  {
    guard let first = keys.first else { return }
    guard case .mapping(var entries) = value else {
      throw replacement.error("cannot override '\(fullPath)': '\(path)' is not a section")
    }
    let childPath = Self.join(path, first)
    if let i = entries.firstIndex(where: { $0.key == first }) {
      if keys.count == 1 {
        entries[i].value = replacement.relocated(to: childPath)
        entries[i].line = replacement.line
      } else {
        try entries[i].value.set(keys.dropFirst(), to: replacement, fullPath: fullPath)
      }
    } else {
      var child =
        keys.count == 1
        ? replacement.relocated(to: childPath)
        : ConfigTree(value: .mapping([]), file: replacement.file, line: replacement.line, path: childPath)
      if keys.count > 1 { try child.set(keys.dropFirst(), to: replacement, fullPath: fullPath) }
      entries.append(Entry(key: first, line: replacement.line, value: child))
    }
    value = .mapping(entries)
  }

  /// The same value with key paths rewritten below `newPath`.
  func relocated(to newPath: String) -> ConfigTree {
    var copy = self
    copy.path = newPath
    switch value {
    case .scalar: break
    case .mapping(let entries):
      copy.value = .mapping(
        entries.map {
          Entry(key: $0.key, line: $0.line, value: $0.value.relocated(to: Self.join(newPath, $0.key)))
        })
    case .sequence(let items):
      copy.value = .sequence(items.enumerated().map { $0.element.relocated(to: "\(newPath)[\($0.offset)]") })
    }
    return copy
  }
}
